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
const Reports = lazy(() => import('./screens/Reports'));
const Feeds = lazy(() => import('./screens/Feeds'));
const CheckoutRecovery = lazy(() => import('./screens/marketing/CheckoutRecovery'));
const BackInStock = lazy(() => import('./screens/BackInStock'));
const Integrations = lazy(() => import('./screens/integrations/Integrations'));
const Account = lazy(() => import('./screens/Account'));
const NotFound = lazy(() => import('./screens/NotFound'));
// catalog
const Products = lazy(() => import('./screens/catalog/Products'));
const ProductEdit = lazy(() => import('./screens/catalog/ProductEdit'));
const ProductImport = lazy(() => import('./screens/catalog/ProductImport'));
const Catalogs = lazy(() => import('./screens/catalog/Catalogs'));
const CatalogEdit = lazy(() => import('./screens/catalog/CatalogEdit'));
const Media = lazy(() => import('./screens/media/Media'));
// selling
const Discounts = lazy(() => import('./screens/selling/Discounts'));
const DiscountEdit = lazy(() => import('./screens/selling/DiscountEdit'));
const Delivery = lazy(() => import('./screens/selling/Delivery'));
const PaymentMethods = lazy(() => import('./screens/selling/PaymentMethods'));
// content
const Articles = lazy(() => import('./screens/content/Articles'));
const ArticleEdit = lazy(() => import('./screens/content/ArticleEdit'));
const Menus = lazy(() => import('./screens/content/Menus'));
const Redirects = lazy(() => import('./screens/content/Redirects'));
// settings and staff
const Settings = lazy(() => import('./screens/settings/Settings'));
const Staff = lazy(() => import('./screens/settings/Staff'));
const MailTemplates = lazy(() => import('./screens/settings/MailTemplates'));
const LeadDetail = lazy(() => import('./screens/LeadDetail'));
// site builder
const BuilderHome = lazy(() => import('./screens/builder/BuilderHome'));
const Builder = lazy(() => import('./screens/builder/Builder'));

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
          { path: 'leads/:id', element: <LeadDetail /> },
          { path: 'customers', element: <Customers /> },
          { path: 'customers/:id', element: <CustomerDetail /> },
          { path: 'audit', element: <Audit /> },
          { path: 'reports', element: <Reports /> },
          { path: 'marketing/recovery', element: <CheckoutRecovery /> },
          { path: 'feeds', element: <Feeds /> },
          { path: 'marketing/back-in-stock', element: <BackInStock /> },
          { path: 'integrations', element: <Integrations /> },
          { path: 'account', element: <Account /> },
          { path: 'products', element: <Products /> },
          { path: 'products/import', element: <ProductImport /> },
          { path: 'products/:id', element: <ProductEdit /> },
          { path: 'catalogs', element: <Catalogs /> },
          { path: 'catalogs/:id', element: <CatalogEdit /> },
          { path: 'media', element: <Media /> },
          { path: 'discounts', element: <Discounts /> },
          { path: 'discounts/:id', element: <DiscountEdit /> },
          { path: 'delivery', element: <Delivery /> },
          { path: 'payments', element: <PaymentMethods /> },
          { path: 'articles', element: <Articles /> },
          { path: 'articles/:id', element: <ArticleEdit /> },
          { path: 'menus', element: <Menus /> },
          { path: 'menus/:name', element: <Menus /> },
          { path: 'redirects', element: <Redirects /> },
          { path: 'settings', element: <Settings /> },
          { path: 'settings/:group', element: <Settings /> },
          { path: 'staff', element: <Staff /> },
          { path: 'mail-templates', element: <MailTemplates /> },
          { path: 'mail-templates/:name/:lang', element: <MailTemplates /> },
          { path: 'builder', element: <BuilderHome /> },
          { path: 'builder/:target', element: <Builder /> },
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
