export function BagPage() {
  return <h1>BagPage</h1>;
}
