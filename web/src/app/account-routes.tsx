/**
 * Account, dashboard and admin screens (spec §2 account and protected routes). Every screen and guard loads
 * lazily, so none of this code reaches the public pages' first JavaScript. The pages a mail or a link opens
 * (ACCOUNT_PAGE_PATHS) are prerendered page routes, as the public pages are.
 */
import type { RouteObject } from 'react-router-dom';
import { MAIL_LINK_PAGES } from '@club/shared/mail-links';
import { page } from './public-routes';

export const accountRoutes: RouteObject[] = [
  // Prerendered (issue 20): a mail's or a link's page paints before any script runs, then hydrates.
  page('login', 'login', () => import('../routes/login')),
  page('register', 'register', () => import('../routes/register')),
  page('check-email', 'check-email', () => import('../routes/check-email')),
  page('verify-notice', 'verify-notice', () => import('../routes/verify-notice')),
  page('email-confirmed', 'email-confirmed', () => import('../routes/email-confirmed')),
  page('forgot-password', 'forgot-password', () => import('../routes/forgot-password')),
  page('account-deleted', 'account-deleted', () => import('../routes/account-deleted')),
  // The mails' links carry their token in the fragment (MAIL_LINK_PAGES); /reset-password/{token} is spec §2's.
  page(MAIL_LINK_PAGES.verifyEmail.slice(1), 'verify-email', () => import('../routes/verify-email')),
  page(MAIL_LINK_PAGES.resetPassword.slice(1), 'reset-password', () => import('../routes/reset-password')),
  page(MAIL_LINK_PAGES.joinHousehold.slice(1), 'household-join', () => import('../routes/household-join')),
  page(
    MAIL_LINK_PAGES.confirmEmailChange.slice(1),
    'confirm-email-change',
    () => import('../routes/confirm-email-change'),
  ),
  {
    path: 'reset-password/:token',
    lazy: () => import('../routes/reset-password').then((m) => ({ Component: m.default })),
  },
  // Prerendered as their frame (issue 20): each screen guards itself, and shows its frame until the session
  // is known.
  page('dashboard', 'dashboard', () => import('../routes/dashboard')),
  page('tryout', 'tryout', () => import('../routes/tryout')),
  // Ordinary protected routes: a signed-in player.
  {
    lazy: () => import('../features/auth/require-session').then((m) => ({ Component: m.RequirePlayer })),
    children: [
      {
        path: 'account',
        lazy: () => import('../routes/account').then((m) => ({ Component: m.AccountPage })),
      },
      {
        // The household's payments and refunds of a year, to print (issue 46).
        path: 'dashboard/statement',
        lazy: () => import('../routes/statement').then((m) => ({ Component: m.StatementPage })),
      },
    ],
  },
  // Tryout night (issue 37): helpers' screens, each its own guard (they keep working offline, signed out).
  { path: 'checkin', lazy: () => import('../routes/checkin').then((m) => ({ Component: m.CheckinPage })) },
  { path: 'evaluate', lazy: () => import('../routes/evaluate').then((m) => ({ Component: m.EvaluatePage })) },
  // A coach's team roster on the phone (issue 45).
  {
    path: 'coach/:teamId/roster',
    lazy: () => import('../routes/coach').then((m) => ({ Component: m.CoachPage })),
  },
  {
    path: MAIL_LINK_PAGES.acceptHelper.slice(1),
    lazy: () => import('../routes/helpers-accept').then((m) => ({ Component: m.HelpersAcceptPage })),
  },
  {
    // A walk-up family's link sets the account's first password (issue 37).
    path: MAIL_LINK_PAGES.claimAccount.slice(1),
    lazy: () => import('../routes/claim-account').then((m) => ({ Component: m.ClaimAccountPage })),
  },
  // Administrator routes.
  {
    lazy: () => import('../features/auth/require-session').then((m) => ({ Component: m.RequireAdmin })),
    children: [
      { path: 'admin', lazy: () => import('../routes/admin').then((m) => ({ Component: m.AdminPage })) },
      {
        // A team's roster to print (issue 45).
        path: 'admin/teams/:teamId/roster',
        lazy: () => import('../routes/team-roster-print').then((m) => ({ Component: m.TeamRosterPrintPage })),
      },
    ],
  },
];
