import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session-provider';
import { routeTree } from './router';

const router = createBrowserRouter(routeTree);

/** Sends a signed-out user (lost session, 30 idle minutes) to /login without a page load. */
const navigate = (to: string) => void router.navigate(to);

/**
 * The browser app. Providers that hold client state go around the router here: the accounts feature wraps
 * it in its session provider (`<SessionProvider>`), whose value the navigation reads through
 * lib/session-context.
 */
export function App() {
  return (
    <SessionProvider navigate={navigate}>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
