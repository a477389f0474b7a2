/**
 * The API route table: one row per endpoint. CDK creates a Lambda and an API Gateway route from each row,
 * the local API server routes to the same handlers, the web client takes its paths from here, and the
 * security tests build their access matrix from it. Add a row only together with a working handler.
 *
 * `path` is relative to the site's `/api` prefix and uses API Gateway's `{param}` syntax.
 * `handler` names the file `functions/src/handlers/<handler>.ts`, which exports `handler`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in user, a signed-in player (an administrator is refused: the
 * tryout screens are the players', spec §2), an administrator (re-checked against the table), or Stripe
 * (signature checked on the raw body).
 */
export type Access = 'public' | 'user' | 'player' | 'admin' | 'stripe-signature';

/**
 * What a route does to the table: `read` (GetItem, Query, BatchGetItem) or `write` (reads plus Put, Update,
 * Delete and transactions). Each function's IAM role grants exactly this, so a read-only endpoint cannot
 * change or delete an item even if its code were subverted. A route that counts rate-limit attempts writes.
 */
export type TableAccess = 'read' | 'write';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly handler: string;
  readonly table: TableAccess;
  /** Sets or reads the refresh cookie: POST only, and refused from foreign origins. */
  readonly cookie?: boolean;
  /** Sends mail through SES: only these functions are granted ses:SendEmail. */
  readonly mail?: boolean;
  /** Talks to Stripe: only these functions may read the stage's Stripe secret. */
  readonly payments?: boolean;
  /** Puts result mails on the result-mail queue: only these functions may send to it. */
  readonly queue?: boolean;
}

export const routes = {
  getActiveSeason: {
    method: 'GET',
    path: '/seasons/active',
    access: 'public',
    handler: 'seasons/get-active',
    table: 'read',
  },
  register: {
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    handler: 'auth/register',
    table: 'write',
    mail: true,
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/verify-email',
    access: 'public',
    handler: 'auth/verify-email',
    table: 'write',
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    handler: 'auth/login',
    table: 'write',
    cookie: true,
  },
  refreshToken: {
    method: 'POST',
    path: '/auth/refresh-token',
    access: 'public',
    handler: 'auth/refresh-token',
    table: 'write',
    cookie: true,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    access: 'public',
    handler: 'auth/logout',
    table: 'write',
    cookie: true,
  },
  resendVerification: {
    method: 'POST',
    path: '/auth/resend-verification',
    access: 'public',
    handler: 'auth/resend-verification',
    table: 'write',
    mail: true,
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    handler: 'auth/forgot-password',
    table: 'write',
    mail: true,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    handler: 'auth/reset-password',
    table: 'write',
    mail: true,
  },
  getMyTryout: {
    method: 'GET',
    path: '/tryouts/my',
    access: 'player',
    handler: 'tryouts/get-my',
    table: 'read',
  },
  /** A family switches its unpaid card registration to cash (an abandoned checkout). */
  updateMyTryout: {
    method: 'PATCH',
    path: '/tryouts/my',
    access: 'player',
    handler: 'tryouts/update-my',
    table: 'write',
    payments: true,
  },
  registerTryout: {
    method: 'POST',
    path: '/tryouts/register',
    access: 'player',
    handler: 'tryouts/register',
    table: 'write',
    payments: true,
  },
  startCheckout: {
    method: 'POST',
    path: '/payments/checkout',
    access: 'player',
    handler: 'payments/checkout',
    table: 'write',
    payments: true,
  },
  confirmPayment: {
    method: 'GET',
    path: '/payments/confirm',
    access: 'player',
    handler: 'payments/confirm',
    table: 'write',
    payments: true,
  },
  stripeWebhook: {
    method: 'POST',
    path: '/payments/webhook',
    access: 'stripe-signature',
    handler: 'payments/webhook',
    table: 'write',
    payments: true,
  },
  // Administrator area (spec §2 "Admin dashboard", §7 admin calls). The tryout id of a path is the
  // registration's public id, `<seasonId>.<playerId>` (ids.ts).
  listSeasons: {
    method: 'GET',
    path: '/seasons/all',
    access: 'admin',
    handler: 'admin/list-seasons',
    table: 'read',
  },
  createSeason: {
    method: 'POST',
    path: '/admin/seasons',
    access: 'admin',
    handler: 'admin/create-season',
    table: 'write',
  },
  getRegistrationStatus: {
    method: 'GET',
    path: '/admin/seasons/{id}/registration',
    access: 'admin',
    handler: 'admin/get-registration-status',
    table: 'read',
  },
  setRegistrationStatus: {
    method: 'PATCH',
    path: '/admin/seasons/{id}/registration',
    access: 'admin',
    handler: 'admin/set-registration-status',
    table: 'write',
  },
  setTeamLink: {
    method: 'PUT',
    path: '/admin/seasons/{id}/team-links',
    access: 'admin',
    handler: 'admin/set-team-link',
    table: 'write',
  },
  listTryouts: {
    method: 'GET',
    path: '/admin/tryouts',
    access: 'admin',
    handler: 'admin/list-tryouts',
    table: 'read',
  },
  exportTryouts: {
    method: 'GET',
    path: '/admin/tryouts/export',
    access: 'admin',
    handler: 'admin/export-tryouts',
    table: 'read',
  },
  setAttended: {
    method: 'PATCH',
    path: '/admin/tryouts/{id}/attended',
    access: 'admin',
    handler: 'admin/set-attended',
    table: 'write',
  },
  setSelection: {
    method: 'PATCH',
    path: '/admin/tryouts/{id}/selection',
    access: 'admin',
    handler: 'admin/set-selection',
    table: 'write',
  },
  setCashCollected: {
    method: 'PATCH',
    path: '/admin/tryouts/{id}/cash',
    access: 'admin',
    handler: 'admin/set-cash-collected',
    table: 'write',
  },
  sendResults: {
    method: 'POST',
    path: '/admin/tryouts/{seasonId}/send-results',
    access: 'admin',
    handler: 'admin/send-results',
    table: 'write',
    queue: true,
  },
  getSendProgress: {
    method: 'GET',
    path: '/admin/tryouts/{seasonId}/send-results',
    access: 'admin',
    handler: 'admin/get-send-progress',
    // A GET that writes: the progress read also puts rows whose queue message was lost back on the queue,
    // renewing the round's requeue time with a conditional write first (services/result-mail.ts).
    table: 'write',
    queue: true,
  },
  resendResult: {
    method: 'POST',
    path: '/admin/tryouts/{id}/resend-result',
    access: 'admin',
    handler: 'admin/resend-result',
    table: 'write',
    mail: true,
  },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;

/** The prefix under which CloudFront, the local server and Vite route requests to the API. */
export const API_PREFIX = '/api';

/** Fills `{param}` placeholders: apiPath('getActiveSeason') → '/api/seasons/active'. */
export function apiPath(name: RouteName, params: Record<string, string> = {}): string {
  const route: RouteDefinition = routes[name];
  return (
    API_PREFIX +
    route.path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
      return encodeURIComponent(value);
    })
  );
}

/** Every route as a list, with its name, for generators (CDK, local server, access matrix). */
export function routeList(): Array<RouteDefinition & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ name, ...routes[name] }));
}
