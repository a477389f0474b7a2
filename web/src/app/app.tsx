import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session-provider';
import { router } from './router';

export function App() {
  return (
    <SessionProvider navigate={(to) => void router.navigate(to)}>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
