export function CategoryPage() {
  return <h1>CategoryPage</h1>;
}
