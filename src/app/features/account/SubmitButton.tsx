// The form's button: a spinner beside its label while the request is pending (account-and-session.md section 2).
import type { ReactNode } from 'react';

export function SubmitButton({
  pending,
  children,
  className = 'btn btn-primary',
}: {
  readonly pending: boolean;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending ? <span className="spinner-inline" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
