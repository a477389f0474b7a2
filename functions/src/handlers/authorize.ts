/**
 * Who may call a route, checked first thing by the handler wrapper (http.ts) at the route's level: the
 * origin (CloudFront's secret header), the token and its live sign-in, the admin flag re-read from the table,
 * and (issue 37) a tryout-night helper's grant for the path's season. Also the caller's address for rate
 * limits, believed from CloudFront only when the request is proven to come through it.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as v from 'valibot';
import { serverMessages, teamId, type AccessTokenClaims, type RouteDefinition } from '@club/shared';
import * as schemas from '@club/shared/all-schemas';
import { verifyAccessToken } from '../lib/access-token';
import { getConfig, getSecrets, ORIGIN_VERIFY_HEADER } from '../lib/config';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../lib/errors';
import { isOriginSecret, VIEWER_ADDRESS_HEADER, viewerIp } from '../lib/origin';
import {
  coachGrantNow,
  helperGrantNow,
  isAdminNow,
  isSessionLive,
  type HelperAccess,
} from '../services/platform/access';

/**
 * The access check every handler runs first, at the route's level: the signed-in user's claims on `user`
 * and `admin` routes, null on the others. Exported so the security tests can probe it with any route row.
 */
export async function checkAccess(
  route: RouteDefinition,
  event: APIGatewayProxyEventV2,
): Promise<AccessTokenClaims | null> {
  const { user, sessionCheck } = await authorize(route, event);
  await sessionCheck;
  return user;
}

const settled: Promise<void> = Promise.resolve();

/**
 * The access check, less the one part a reading route may run beside: the token and the route's level, and
 * (admin) the flag re-read from the table, decided now; `sessionCheck` settles once the token's sign-in is
 * known to be live (issue 34: a token outlives its sign-out by no request), rejecting with 401 otherwise.
 */
export async function authorize(
  route: RouteDefinition,
  event: APIGatewayProxyEventV2,
): Promise<{ user: AccessTokenClaims | null; helper?: HelperAccess; sessionCheck: Promise<void> }> {
  if (route.cookie) {
    // Cookie-bearing endpoints are same-origin only: a foreign page cannot ride the refresh cookie.
    const origin = header(event, 'origin');
    if (origin !== new URL(getConfig().SITE_URL).origin) throw new ForbiddenError('Request not allowed.');
  }
  switch (route.access) {
    case 'public':
      return { user: null, sessionCheck: settled };
    case 'stripe-signature':
      // The signature itself is checked on the raw body by the payment service.
      if (!header(event, 'stripe-signature')) throw new BadRequestError('Missing signature.');
      return { user: null, sessionCheck: settled };
    case 'user':
    case 'player':
    case 'admin':
    case 'check-in':
    case 'evaluator':
    case 'coach': {
      const authorization = header(event, 'authorization') ?? '';
      const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(authorization);
      if (!match?.[1]) throw new UnauthorizedError('Not signed in.');
      const claims = await verifyAccessToken(match[1]);
      const sessionCheck = isSessionLive(claims.sub, claims.sid).then((live) => {
        if (!live) throw new UnauthorizedError('Not signed in.');
      });
      // Until it is awaited, a refusal is not an unhandled rejection.
      sessionCheck.catch(() => undefined);
      // The token may predate a demotion: the admin flag is re-read from the table (beside the session).
      if (route.access === 'admin' && !(claims.is_admin && (await isAdminNow(claims.sub)))) {
        await sessionCheck;
        throw new ForbiddenError('Administrator access required.');
      }
      // Player screens refuse an administrator's token (spec §2 sends administrators to /admin).
      if (route.access === 'player' && claims.is_admin) {
        await sessionCheck;
        throw new ForbiddenError(serverMessages.playersOnly);
      }
      const { sid: _sid, ...user } = claims;
      if (route.access === 'check-in' || route.access === 'evaluator' || route.access === 'coach') {
        const helper =
          route.access === 'coach'
            ? await coachOf(claims, event)
            : await helperOf(route.access, claims, event);
        if (!helper) {
          await sessionCheck;
          throw new ForbiddenError(serverMessages.helperAccessNeeded);
        }
        return { user, helper, sessionCheck };
      }
      return { user, sessionCheck };
    }
  }
}

/**
 * The grant a tryout-night route needs for its path's season, now (issue 37); an administrator may work the
 * door without one. Undefined when the caller holds none (or the path names no season).
 */
async function helperOf(
  role: 'check-in' | 'evaluator',
  claims: AccessTokenClaims,
  event: APIGatewayProxyEventV2,
): Promise<HelperAccess | undefined> {
  const seasonId = event.pathParameters?.seasonId;
  if (!seasonId || !v.is(schemas.SeasonIdSchema, seasonId)) return undefined;
  const grant = await helperGrantNow(claims.sub, seasonId, role);
  if (grant) return { userId: claims.sub, name: grant.name, age_groups: grant.age_groups, admin: false };
  if (role === 'check-in' && claims.is_admin && (await isAdminNow(claims.sub))) {
    return {
      userId: claims.sub,
      name: `${claims.first_name} ${claims.last_name}`,
      age_groups: [],
      admin: true,
    };
  }
  return undefined;
}

/**
 * A coach's grant of the team the path's `{teamId}` names (issue 45): that team's and no other's, so a coach
 * of one team is refused every other team's roster. Undefined when the caller holds none.
 */
async function coachOf(
  claims: AccessTokenClaims,
  event: APIGatewayProxyEventV2,
): Promise<HelperAccess | undefined> {
  const ids = teamId.parse(event.pathParameters?.teamId ?? '');
  if (!ids) return undefined;
  const grant = await coachGrantNow(claims.sub, ids.seasonId, ids.teamUuid);
  if (!grant) return undefined;
  return { userId: claims.sub, name: grant.name, age_groups: [], team_uuid: ids.teamUuid, admin: false };
}

/**
 * The API's execute-api endpoint is reachable directly, bypassing CloudFront and letting a caller forge
 * CloudFront's headers. When the stage has an origin secret, only requests carrying it (which CloudFront
 * adds, overwriting any a viewer sends) get in: true. Without one (local stack, tests) there is no
 * CloudFront to prove: false. A wrong or missing header is refused before anything else runs. In AWS the
 * API's origin authorizer has already refused such requests before any handler ran; this is the second
 * lock, and the one that decides whether CloudFront's viewer address may be believed.
 */
export async function verifyOrigin(event: APIGatewayProxyEventV2): Promise<boolean> {
  const { originVerify } = await getSecrets();
  if (!originVerify) return false;
  if (!isOriginSecret(header(event, ORIGIN_VERIFY_HEADER), originVerify)) {
    throw new ForbiddenError('Request not allowed.');
  }
  return true;
}

/**
 * The visitor's address. Behind CloudFront, API Gateway's sourceIp is a CloudFront edge shared by every
 * family in the region, so per-address limits would throttle them together; CloudFront's own
 * CloudFront-Viewer-Address header ("ip:port", set by CloudFront, which overwrites any sent by a browser)
 * names the visitor. That header is believed only when the request is proven to come through CloudFront
 * (`originVerified`, from verifyOrigin): otherwise anyone could forge it to dodge the limits or get a
 * family throttled, so sourceIp is the visitor (local stack, tests).
 */
export function clientAddress(event: APIGatewayProxyEventV2, originVerified: boolean): string {
  const viewer = originVerified ? viewerIp(header(event, VIEWER_ADDRESS_HEADER)) : undefined;
  return viewer ?? event.requestContext?.http?.sourceIp ?? 'unknown';
}

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}
