import { Link, Outlet } from 'react-router-dom';

/** Header, the page, footer. */
export function Layout() {
  return (
    <>
      <header>
        <Link to="/">Home</Link> <Link to="/cart">Bag</Link>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
