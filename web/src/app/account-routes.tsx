/**
 * Account, dashboard and admin screens (spec §2 account and protected routes). Every screen and guard loads
 * lazily, so none of this code reaches the public pages' first JavaScript.
 */
import type { RouteObject } from 'react-router-dom';
import { MAIL_LINK_PAGES } from '@club/shared/site-paths';

export const accountRoutes: RouteObject[] = [
  { path: 'login', lazy: () => import('../routes/login').then((m) => ({ Component: m.LoginPage })) },
  { path: 'register', lazy: () => import('../routes/register').then((m) => ({ Component: m.RegisterPage })) },
  {
    path: 'check-email',
    lazy: () => import('../routes/check-email').then((m) => ({ Component: m.CheckEmailPage })),
  },
  {
    path: 'verify-notice',
    lazy: () => import('../routes/verify-notice').then((m) => ({ Component: m.VerifyNoticePage })),
  },
  {
    path: 'email-confirmed',
    lazy: () => import('../routes/email-confirmed').then((m) => ({ Component: m.EmailConfirmedPage })),
  },
  {
    path: 'forgot-password',
    lazy: () => import('../routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  // The mails' links carry their token in the fragment (MAIL_LINK_PAGES); /reset-password/{token} is spec §2's.
  {
    path: MAIL_LINK_PAGES.verifyEmail.slice(1),
    lazy: () => import('../routes/verify-email').then((m) => ({ Component: m.VerifyEmailPage })),
  },
  {
    path: MAIL_LINK_PAGES.resetPassword.slice(1),
    lazy: () => import('../routes/reset-password').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: MAIL_LINK_PAGES.joinHousehold.slice(1),
    lazy: () => import('../routes/household-join').then((m) => ({ Component: m.HouseholdJoinPage })),
  },
  {
    path: MAIL_LINK_PAGES.confirmEmailChange.slice(1),
    lazy: () =>
      import('../routes/confirm-email-change').then((m) => ({ Component: m.ConfirmEmailChangePage })),
  },
  {
    path: 'account-deleted',
    lazy: () => import('../routes/account-deleted').then((m) => ({ Component: m.AccountDeletedPage })),
  },
  {
    path: 'reset-password/:token',
    lazy: () => import('../routes/reset-password').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  // Ordinary protected routes: a signed-in player.
  {
    lazy: () => import('../features/auth/require-session').then((m) => ({ Component: m.RequirePlayer })),
    children: [
      {
        path: 'dashboard',
        lazy: () => import('../routes/dashboard').then((m) => ({ Component: m.DashboardPage })),
      },
      { path: 'tryout', lazy: () => import('../routes/tryout').then((m) => ({ Component: m.TryoutPage })) },
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
