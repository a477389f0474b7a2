/**
 * Account, dashboard and admin screens (spec §2 account and protected routes). Every screen and guard loads
 * lazily, so none of this code reaches the public pages' first JavaScript. The pages a mail or a link opens
 * (ACCOUNT_PAGE_PATHS) are prerendered page routes, as the public pages are.
 */
import type { RouteObject } from 'react-router-dom';
import { MAIL_LINK_PAGES } from '@club/shared/site-paths';
import { page } from './public-routes';

export const accountRoutes: RouteObject[] = [
  // Prerendered (issue 20): a mail's or a link's page paints before any script runs, then hydrates.
  page('login', 'login', () =>
    import('../routes/login').then((m) => ({ element: <m.LoginPage />, meta: m.meta })),
  ),
  page('register', 'register', () =>
    import('../routes/register').then((m) => ({ element: <m.RegisterPage />, meta: m.meta })),
  ),
  page('check-email', 'check-email', () =>
    import('../routes/check-email').then((m) => ({ element: <m.CheckEmailPage />, meta: m.meta })),
  ),
  page('verify-notice', 'verify-notice', () =>
    import('../routes/verify-notice').then((m) => ({ element: <m.VerifyNoticePage />, meta: m.meta })),
  ),
  page('email-confirmed', 'email-confirmed', () =>
    import('../routes/email-confirmed').then((m) => ({ element: <m.EmailConfirmedPage />, meta: m.meta })),
  ),
  page('forgot-password', 'forgot-password', () =>
    import('../routes/forgot-password').then((m) => ({ element: <m.ForgotPasswordPage />, meta: m.meta })),
  ),
  page('account-deleted', 'account-deleted', () =>
    import('../routes/account-deleted').then((m) => ({ element: <m.AccountDeletedPage />, meta: m.meta })),
  ),
  // The mails' links carry their token in the fragment (MAIL_LINK_PAGES); /reset-password/{token} is spec §2's.
  page(MAIL_LINK_PAGES.verifyEmail.slice(1), 'verify-email', () =>
    import('../routes/verify-email').then((m) => ({ element: <m.VerifyEmailPage />, meta: m.meta })),
  ),
  page(MAIL_LINK_PAGES.resetPassword.slice(1), 'reset-password', () =>
    import('../routes/reset-password').then((m) => ({ element: <m.ResetPasswordPage />, meta: m.meta })),
  ),
  page(MAIL_LINK_PAGES.joinHousehold.slice(1), 'household-join', () =>
    import('../routes/household-join').then((m) => ({ element: <m.HouseholdJoinPage />, meta: m.meta })),
  ),
  page(MAIL_LINK_PAGES.confirmEmailChange.slice(1), 'confirm-email-change', () =>
    import('../routes/confirm-email-change').then((m) => ({
      element: <m.ConfirmEmailChangePage />,
      meta: m.meta,
    })),
  ),
  {
    path: 'reset-password/:token',
    lazy: () => import('../routes/reset-password').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  // Prerendered as their frame (issue 20): each screen guards itself, and shows its frame until the session
  // is known.
  page('dashboard', 'dashboard', () =>
    import('../routes/dashboard').then((m) => ({ element: <m.DashboardPage />, meta: m.meta })),
  ),
  page('tryout', 'tryout', () =>
    import('../routes/tryout').then((m) => ({ element: <m.TryoutPage />, meta: m.meta })),
  ),
  // Ordinary protected routes: a signed-in player.
  {
    lazy: () => import('../features/auth/require-session').then((m) => ({ Component: m.RequirePlayer })),
    children: [
      {
        path: 'account',
        lazy: () => import('../routes/account').then((m) => ({ Component: m.AccountPage })),
      },
    ],
  },
  // Administrator routes.
  {
    lazy: () => import('../features/auth/require-session').then((m) => ({ Component: m.RequireAdmin })),
    children: [
      { path: 'admin', lazy: () => import('../routes/admin').then((m) => ({ Component: m.AdminPage })) },
    ],
  },
];
