/**
 * The whole route tree: the layout (navigation, footer) around the public pages and the account,
 * dashboard and admin screens. Public pages are eager (and prerendered); the rest load lazily.
 * The browser router is made in app.tsx; the prerender step renders this same tree on the server.
 */
import type { RouteObject } from 'react-router-dom';
import { RouteErrorPage } from '../components/route-error-page';
import { accountRoutes } from './account-routes';
import { Layout } from './layout';
import { publicRoutes } from './public-routes';

export const LAYOUT_ROUTE_ID = 'layout';

export const routeTree: RouteObject[] = [
  {
    id: LAYOUT_ROUTE_ID,
    element: <Layout />,
    // A crash inside a page is caught by the layout's own boundary, which keeps the navigation;
    // this one catches what escapes it (the chrome itself, or a route loader's error).
    errorElement: <RouteErrorPage />,
    children: [...publicRoutes, ...accountRoutes],
  },
];
