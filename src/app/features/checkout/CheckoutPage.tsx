export function CheckoutPage() {
  return <h1>CheckoutPage</h1>;
}
