import './spinner.css';

/** The centred spinner shown until start-up finishes (account-and-session.md section 2). */
export function Spinner({ label = 'Loading' }: { readonly label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
