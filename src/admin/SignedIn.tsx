import { lazy } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';

/** The signed-in back office: its screens and their addresses under /admin/, each screen a chunk of its own. */
const Layout = lazy(() => import('./components/Layout'));
const Dashboard = lazy(() => import('./screens/Dashboard'));
const Orders = lazy(() => import('./screens/Orders'));
const OrderDetail = lazy(() => import('./screens/OrderDetail'));
const Moderation = lazy(() => import('./screens/Moderation'));
const Leads = lazy(() => import('./screens/Leads'));
const Customers = lazy(() => import('./screens/Customers'));
const CustomerDetail = lazy(() => import('./screens/CustomerDetail'));
const Audit = lazy(() => import('./screens/Audit'));
const Account = lazy(() => import('./screens/Account'));
const NotFound = lazy(() => import('./screens/NotFound'));

let router: ReturnType<typeof createBrowserRouter> | null = null;
function adminRouter() {
  router ??= createBrowserRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: <Dashboard /> },
          { path: 'orders', element: <Orders /> },
          { path: 'orders/:id', element: <OrderDetail /> },
          { path: 'moderation', element: <Navigate to="/moderation/reviews" replace /> },
          { path: 'moderation/:kind', element: <Moderation /> },
          { path: 'leads', element: <Leads /> },
          { path: 'customers', element: <Customers /> },
          { path: 'customers/:id', element: <CustomerDetail /> },
          { path: 'audit', element: <Audit /> },
          { path: 'account', element: <Account /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
    { basename: '/admin' },
  );
  return router;
}

export default function SignedIn() {
  return <RouterProvider router={adminRouter()} />;
}
