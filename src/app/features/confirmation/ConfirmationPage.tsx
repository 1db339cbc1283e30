export function ConfirmationPage() {
  return <h1>ConfirmationPage</h1>;
}
