// The storefront: start-up gate, then the routes (ordering.md and account-and-session.md section 2). Every unknown
// path redirects to /; each navigation scrolls to the top.
import { Navigate, Outlet, createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AnnouncerProvider } from './components/Announcer';
import { AboutPage } from './features/about/AboutPage';
import { BagPage } from './features/bag/BagPage';
import { CategoryPage } from './features/catalog/CategoryPage';
import { CheckoutPage } from './features/checkout/CheckoutPage';
import { ConfirmationPage } from './features/confirmation/ConfirmationPage';
import { HomePage } from './features/home/HomePage';
import { ItemPanelProvider } from './features/item/ItemPanelContext';
import { LocationChooserProvider } from './features/location/LocationChooserContext';
import { Layout } from './layout/Layout';
import { BagWarnings } from './shell/BagWarnings';
import { ScrollToTop } from './shell/ScrollToTop';
import { StartupGate } from './shell/StartupGate';
import { ThemeFromCatalog } from './shell/ThemeFromCatalog';
import { ToastLayer } from './shell/ToastLayer';

function Root() {
  return (
    <LocationChooserProvider>
      <ItemPanelProvider>
        <ThemeFromCatalog />
        <ScrollToTop />
        <BagWarnings />
        <ToastLayer />
        <Outlet />
      </ItemPanelProvider>
    </LocationChooserProvider>
  );
}

const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/categories/:categoryId', element: <CategoryPage /> },
          { path: '/cart', element: <BagPage /> },
          { path: '/checkout', element: <CheckoutPage /> },
          { path: '/order-confirmation/:orderId', element: <ConfirmationPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);

export function App() {
  return (
    <StartupGate>
      <AnnouncerProvider>
        <RouterProvider router={router} />
      </AnnouncerProvider>
    </StartupGate>
  );
}
