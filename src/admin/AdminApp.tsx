import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { onUnauthorized } from './api/client';
import { endSession, queryClient, useSession } from './api/session';
import { ErrorState, LoadingState } from './components/States';
import { ToastProvider } from './components/Toasts';
import { I18nProvider, storedLanguage, useI18n } from './i18n';
import { isLanguage } from '../lib/localize';
import './admin.css';

/**
 * The back office at /admin/: one client-only React application. The sign-in screen is all a visitor
 * without a session loads; each screen after it is its own chunk, loaded when first opened.
 */
const SignIn = lazy(() => import('./screens/SignIn'));
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

function Gate() {
  const session = useSession();
  const { setLang } = useI18n();
  const staffLang = session.data?.lang;
  useEffect(() => {
    // the staff member's own language, unless they picked one in this browser
    if (isLanguage(staffLang) && !storedLanguage()) setLang(staffLang, false);
  }, [staffLang, setLang]);
  if (session.isPending) return <LoadingState />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  return (
    <Suspense fallback={<LoadingState />}>{session.data ? <RouterProvider router={adminRouter()} /> : <SignIn />}</Suspense>
  );
}

export default function AdminApp() {
  useEffect(() => {
    onUnauthorized(() => endSession());
    return () => onUnauthorized(null);
  }, []);
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Gate />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
