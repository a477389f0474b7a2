import { Outlet } from 'react-router-dom';

/** The shared chrome around every route. */
export function Layout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
