/**
 * The access matrix: every route × every kind of caller → the expected status, with nothing written to the
 * table on a refusal. Each route's access level is written out below from spec §6, not read from the route
 * table it checks, so a row whose level drifts (an admin route downgraded to `user`) fails here; a route the
 * list does not name fails too, until its level is written out.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  routeList,
  teamId,
  todayInClubZone,
  tryoutId,
  type AgeGroup,
  type HelperRole,
  type RouteDefinition,
  type RouteName,
} from '@club/shared';
import { sampleRequest } from '@club/shared/route-samples';
import { toApiGatewayEvent } from '../src/dev/api-gateway-event';
import { db, tableName } from '../src/db/platform/client';
import { acceptHelperInvite, putHelperInvite } from '../src/db/tryout-night/volunteers';
import { getUserByEmail, setAdminFlag } from '../src/db/accounts/users';
import { signAccessToken, verifyAccessToken } from '../src/lib/access-token';
import { signCalendarKey } from '../src/lib/calendar-link';
import { checkinCodeOf } from '../src/lib/checkin-code';
import { ForbiddenError } from '../src/lib/errors';
import { checkAccess } from '../src/handlers/authorize';
import { ensureSeedAdmin } from '../src/services/accounts/accounts';
import { call } from './api';
import { PASSWORD, sameOrigin, signedInUser, uniqueEmail } from './accounts';
import { openSeason } from './players';
import { sessionOn } from './tryout-night';
import { ok } from './builders';
import { aTeam } from './teams';

type Caller =
  | 'anonymous'
  | 'player'
  | 'admin'
  | 'expired'
  | 'tampered signature'
  | 'alg none'
  | 'other key'
  | 'demoted admin'
  | 'signed out'
  | 'check-in helper'
  | 'evaluator'
  | 'helper of another season'
  | 'coach'
  | 'coach of another team';

const callers: Caller[] = [
  'anonymous',
  'player',
  'admin',
  'expired',
  'tampered signature',
  'alg none',
  'other key',
  'demoted admin',
  'signed out',
  'check-in helper',
  'evaluator',
  'helper of another season',
  'coach',
  'coach of another team',
];

const tokens = {} as Record<Caller, string | undefined>;

/** The season the tryout-night routes are called for: the helpers below hold its jobs (issue 37). */
let helperSeasonId = '';
/** The team the coach routes are called for (issue 45): 'coach' coaches it, the other coach another team. */
let coachTeamId = '';

/** A player account holding `role` in a season, written as an accepted invitation writes it. */
async function helperToken(
  seasonId: string,
  role: HelperRole,
  ageGroups: AgeGroup[],
  teamUuid?: string,
): Promise<string> {
  const helper = await signedInUser();
  const { sub } = await verifyAccessToken(helper.token);
  const invite = {
    helper_id: randomUUID(),
    season_id: seasonId,
    email: helper.email,
    role,
    age_groups: ageGroups,
    ...(teamUuid ? { team_uuid: teamUuid } : {}),
    invited_at: new Date().toISOString(),
    invited_by: sub,
    token_hash: randomUUID(),
    link_expires_at: Math.floor(Date.now() / 1000) + 3600,
  };
  await putHelperInvite(invite, undefined);
  await acceptHelperInvite({
    helper: invite,
    tokenHash: invite.token_hash,
    userId: sub,
    name: 'Sam Helper',
    now: new Date(),
  });
  return helper.token;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function adminToken(): Promise<{ token: string; userId: string }> {
  const email = uniqueEmail('admin');
  await ensureSeedAdmin({ email, password: PASSWORD });
  const res = await call('login', { body: { email, password: PASSWORD }, headers: sameOrigin });
  return { token: res.body.token as string, userId: (await getUserByEmail(email))!.id };
}

beforeAll(async () => {
  const player = await signedInUser();
  const claims = await verifyAccessToken(player.token);
  const [header, payload, signature] = player.token.split('.') as [string, string, string];
  const admin = await adminToken();
  const demoted = await adminToken();
  await setAdminFlag(demoted.userId, false);

  tokens.anonymous = undefined;
  tokens.player = player.token;
  tokens.admin = admin.token;
  tokens.expired = await signAccessToken(claims, Date.now() - 60 * 60 * 1000);
  tokens['tampered signature'] = [
    header,
    b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), is_admin: true }),
    signature,
  ].join('.');
  tokens['alg none'] = [b64({ alg: 'none', typ: 'JWT' }), payload, ''].join('.');
  tokens['other key'] = await new SignJWT({ ...claims, is_admin: true })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('club-website')
    .setAudience('club-website/api')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough-123'));
  tokens['demoted admin'] = demoted.token;
  // A valid signature and claims, but its sign-in ended (issue 34): signed out on that device.
  const left = await signedInUser();
  await ok('logout', { cookies: [left.refreshCookie], headers: sameOrigin }, 204);
  tokens['signed out'] = left.token;
  // Helpers work seasons with sessions (a season with none has nothing to help with): one next month.
  const sessions = [sessionOn(todayInClubZone(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)))];
  const [season, other] = [
    await openSeason({ sessions }),
    await openSeason({ name: 'Winter 2026 Tryouts', sessions }),
  ];
  helperSeasonId = season.id;
  tokens['check-in helper'] = await helperToken(season.id, 'check-in', []);
  tokens.evaluator = await helperToken(season.id, 'evaluator', ['15U Boys']);
  tokens['helper of another season'] = await helperToken(other.id, 'check-in', []);
  // Coaches (issue 45): each holds one team of the season.
  const [team, otherTeam] = [await aTeam(season.id), await aTeam(season.id)];
  coachTeamId = teamId.of(season.id, team.team_uuid);
  tokens.coach = await helperToken(season.id, 'coach', [], team.team_uuid);
  tokens['coach of another team'] = await helperToken(season.id, 'coach', [], otherTeam.team_uuid);
}, 60_000);

/** Spec §6, route by route: who may call it. */
const SPEC_ACCESS: Record<string, RouteDefinition['access']> = {
  // Anonymous: public pages (the active season), sign-in, sign-up, password reset, the e-mail pages
  'GET /seasons/active': 'public',
  'POST /auth/register': 'public',
  'POST /auth/verify-email': 'public',
  'POST /auth/login': 'public',
  'POST /auth/refresh-token': 'public',
  'POST /auth/logout': 'public',
  'POST /auth/resend-verification': 'public',
  'POST /auth/forgot-password': 'public',
  'POST /auth/reset-password': 'public',
  'POST /auth/confirm-email-change': 'public',
  'POST /auth/change-password': 'user',
  'GET /account': 'user',
  'GET /account/export': 'user',
  'PATCH /account': 'user',
  'DELETE /account': 'user',
  'POST /account/email': 'user',
  // Signed-in player (administrators are sent away from player pages): /dashboard and /tryout
  'GET /tryouts/my': 'player',
  'GET /tryouts/opening-notice': 'player',
  'POST /tryouts/opening-notice': 'player',
  'DELETE /tryouts/opening-notice': 'player',
  'GET /tryouts/my/calendar.ics': 'player',
  'GET /tryouts/calendar.ics': 'public',
  'GET /tryouts/my/receipt': 'player',
  'GET /household': 'player',
  'GET /household/tryouts': 'player',
  'POST /household/tryouts/{id}/checkout': 'player',
  'POST /household/checkout': 'player',
  'GET /household/calendar-link': 'player',
  'POST /household/calendar-link/reset': 'player',
  'GET /admin/tryouts/{seasonId}/result-mail-preview': 'admin',
  'PATCH /household/tryouts/{id}': 'player',
  'POST /household/tryouts/{id}/withdraw': 'player',
  'GET /household/tryouts/{id}/receipt': 'player',
  'POST /household/guardians': 'player',
  'POST /household/guardians/accept': 'player',
  'GET /household/invitations': 'player',
  'DELETE /household/invitations/{id}': 'player',
  // The invitation's page, before its reader signs in: the token is the capability (issue 36).
  'POST /household/guardians/preview': 'public',
  'DELETE /household/guardians/me': 'player',
  'POST /household/athletes': 'player',
  'PATCH /household/athletes/{id}': 'player',
  'DELETE /household/athletes/{id}': 'player',
  'PATCH /tryouts/my': 'player',
  'POST /tryouts/my/withdraw': 'player',
  'POST /tryouts/register': 'player',
  'POST /payments/checkout': 'player',
  'GET /payments/confirm': 'player',
  // The payment provider, by its signature
  'POST /payments/webhook': 'stripe-signature',
  // Administrator: seasons, registration, attendance, results, result mail, player details
  'GET /seasons/all': 'admin',
  'POST /admin/seasons': 'admin',
  'PATCH /admin/seasons/{id}': 'admin',
  'GET /admin/seasons/{id}/waitlist': 'admin',
  'GET /admin/seasons/{id}/registration': 'admin',
  'PATCH /admin/seasons/{id}/registration': 'admin',
  'PUT /admin/seasons/{id}/team-links': 'admin',
  'GET /admin/tryouts': 'admin',
  'GET /admin/tryouts/page': 'admin',
  'GET /admin/tryouts/export': 'admin',
  'GET /admin/audit': 'admin',
  'PATCH /admin/tryouts/{id}/attended': 'admin',
  'PATCH /admin/tryouts/{id}/selection': 'admin',
  'PATCH /admin/tryouts/{id}/cash': 'admin',
  'PATCH /admin/tryouts/{id}/fee': 'admin',
  'POST /admin/tryouts/{seasonId}/send-results': 'admin',
  'GET /admin/tryouts/{seasonId}/send-results': 'admin',
  'POST /admin/tryouts/{id}/resend-result': 'admin',
  'POST /admin/tryouts/{id}/reinstate': 'admin',
  'POST /admin/tryouts/{id}/refund': 'admin',
  // Interac e-Transfer (issue 46 §2): marking one received, the bank file's import and applying a line.
  'POST /admin/tryouts/{tryoutId}/etransfer-received': 'admin',
  'POST /admin/payments/etransfer-import': 'admin',
  'POST /admin/payments/etransfer-rows/{rowId}/apply': 'admin',
  // Tryout night (issue 37): the admin's helpers, criteria and rankings; the door; the evaluators' phones
  'GET /admin/seasons/{id}/helpers': 'admin',
  'POST /admin/seasons/{id}/helpers': 'admin',
  'DELETE /admin/seasons/{id}/helpers/{helperId}': 'admin',
  'GET /admin/seasons/{id}/criteria': 'admin',
  'PUT /admin/seasons/{id}/criteria': 'admin',
  'GET /admin/seasons/{id}/rankings': 'admin',
  // A helper accepts with whatever account has the invited address (checked by the service).
  'POST /helpers/accept': 'user',
  'GET /helpers/me': 'user',
  // The QR image of a check-in code, for mail clients: the signed code is the capability (issue 37).
  'GET /checkin-codes/{code}': 'public',
  'GET /checkin/{seasonId}/tonight': 'check-in',
  'POST /checkin/{seasonId}/tryouts/{id}': 'check-in',
  'POST /checkin/{seasonId}/scan': 'check-in',
  'POST /checkin/{seasonId}/walk-ups': 'check-in',
  // The team fee (issue 45 §4): any signed-in account, checked in the service (a guardian of the player, or
  // the adult player: anyone else gets a 404); cash, refunds and the offers board are the admin's.
  'POST /offers/{offerId}/checkout': 'user',
  // One instalment of a team fee paid by its link (issue 46): as the fee's checkout, checked in the service.
  'POST /offers/{offerId}/instalments/{n}/checkout': 'user',
  'GET /offers/{offerId}/receipt': 'user',
  'POST /offers/{offerId}/withdraw': 'user',
  'PATCH /admin/offers/{offerId}/cash': 'admin',
  'POST /admin/offers/{offerId}/refund': 'admin',
  'GET /admin/seasons/{id}/offers-board': 'admin',
  // Offers with a deadline (issue 45 §3): a family answers its offer (any signed-in account, checked in the
  // service: a guardian of the player or the adult player; anyone else gets a 404); publishing and
  // rescinding are the admin's.
  'POST /admin/seasons/{id}/offers/publish': 'admin',
  'POST /offers/{offerId}/accept': 'user',
  'POST /offers/{offerId}/decline': 'user',
  'POST /admin/offers/{offerId}/rescind': 'admin',
  'GET /evaluate/{seasonId}/roster': 'evaluator',
  'PUT /evaluate/{seasonId}/scores': 'evaluator',
  // Teams (issue 45 §2, §5): the admin's teams, placements, alternates and rosters; a coach's one team.
  'GET /admin/seasons/{id}/teams': 'admin',
  'POST /admin/seasons/{id}/teams': 'admin',
  'PATCH /admin/teams/{teamId}': 'admin',
  'DELETE /admin/teams/{teamId}': 'admin',
  'PUT /admin/teams/{teamId}/placements': 'admin',
  'PUT /admin/teams/{teamId}/alternates': 'admin',
  'GET /admin/teams/{teamId}/roster': 'admin',
  'GET /admin/teams/{teamId}/roster.csv': 'admin',
  'GET /coach/teams/{teamId}/roster': 'coach',
  // The treasurer's view of a season's money and its CSV are the admin's; a household's statement is any
  // signed-in account's own (its household's children only: another family's money never reaches it).
  'GET /admin/seasons/{id}/money': 'admin',
  'GET /admin/seasons/{id}/money.csv': 'admin',
  'GET /households/mine/statement': 'user',
};

const routeKey = (route: RouteDefinition) => `${route.method} ${route.path}`;

/** What a caller may do on a route of a given access level: 'allowed', or the refusal status. */
function expected(access: RouteDefinition['access'], caller: Caller): 'allowed' | 401 | 403 {
  const helpers: Caller[] = [
    'check-in helper',
    'evaluator',
    'helper of another season',
    'coach',
    'coach of another team',
  ];
  // A helper's account is a player's: it may do what players do, and its job's routes in its season only.
  const valid = ['player', 'admin', 'demoted admin', ...helpers].includes(caller);
  const player = caller === 'player' || helpers.includes(caller);
  switch (access) {
    case 'public':
    case 'stripe-signature':
      return 'allowed';
    case 'user':
      return valid ? 'allowed' : 401;
    case 'player':
      // A demoted admin's token still says admin until it is renewed: refused like an admin's.
      if (!valid) return 401;
      return player ? 'allowed' : 403;
    case 'admin':
      if (!valid) return 401;
      return caller === 'admin' ? 'allowed' : 403;
    // The path's season: an administrator may work the door; a helper only in the job and season granted.
    case 'check-in':
      if (!valid) return 401;
      return caller === 'check-in helper' || caller === 'admin' ? 'allowed' : 403;
    case 'evaluator':
      if (!valid) return 401;
      return caller === 'evaluator' ? 'allowed' : 403;
    // The path's team: its coach only; an administrator reads it on the admin's roster route.
    case 'coach':
      if (!valid) return 401;
      return caller === 'coach' ? 'allowed' : 403;
  }
}

async function tableSnapshot(): Promise<string> {
  const out = await db().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true }));
  return JSON.stringify((out.Items ?? []).map((i) => `${i.PK}|${i.SK}|${JSON.stringify(i)}`).sort());
}

async function request(route: RouteDefinition & { name: RouteName }, caller: Caller) {
  const seasonId = helperSeasonId;
  const id = tryoutId.of(seasonId, randomUUID());
  return call(route.name, {
    ...sampleRequest(route.name, {
      seasonId,
      tryoutId: id,
      checkoutSessionId: 'cs_test_a1b2c3d4e5f6',
      calendarKey: await signCalendarKey(id),
      checkinCode: await checkinCodeOf(id),
      athleteId: randomUUID(),
      teamId: coachTeamId,
    }),
    body: route.method === 'GET' ? undefined : {},
    token: tokens[caller],
    headers: { ...sameOrigin, 'stripe-signature': 't=1,v1=00' },
    sourceIp: '192.0.2.250',
  });
}

describe('the access matrix', () => {
  it('names every route of the table, each at the level spec §6 gives it', () => {
    const table = Object.fromEntries(routeList().map((route) => [routeKey(route), route.access]));
    expect(table).toEqual(SPEC_ACCESS);
  });

  const rows = routeList().flatMap((route) => callers.map((caller) => ({ route, caller })));

  it.each(rows.map((r) => [routeKey(r.route), r.caller, r] as const))(
    '%s as %s',
    async (path, caller, { route }) => {
      const level = SPEC_ACCESS[path];
      expect(level, `write out spec §6's access level of ${path} in SPEC_ACCESS`).toBeDefined();
      const want = expected(level!, caller);
      const before = await tableSnapshot();

      const res = await request(route, caller);

      if (want === 'allowed' && level === 'public') {
        // A public route answers every caller as it answers an anonymous one: a bearer token changes nothing
        // (e.g. a refresh without its cookie is a 401 for everyone).
        const anonymous = await request(route, 'anonymous');
        expect({ status: res.status, body: res.body }).toEqual({
          status: anonymous.status,
          body: anonymous.body,
        });
      } else if (want === 'allowed') {
        expect([401, 403]).not.toContain(res.status);
      } else {
        expect(res.status).toBe(want);
        expect(await tableSnapshot()).toBe(before);
      }
    },
  );
});

describe('cookie routes from a foreign origin', () => {
  const cookieRoutes = routeList().filter((r) => r.cookie);

  it.each(cookieRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s is refused with 403 and changes nothing',
    async (_path, route) => {
      const family = await signedInUser();
      const before = await tableSnapshot();

      const answers = await Promise.all(
        ([{ origin: 'https://evil.example' }, { origin: 'null' }, {}] as Array<Record<string, string>>).map(
          (headers) =>
            call(route.name, {
              body: { email: family.email, password: family.password },
              cookies: [family.refreshCookie],
              headers,
            }),
        ),
      );

      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(res.cookies).toEqual([]);
      }
      expect(await tableSnapshot()).toBe(before);
    },
  );
});

describe('the signed-in check', () => {
  const userRoute: RouteDefinition = {
    method: 'GET',
    path: '/probe',
    access: 'user',
    handler: 'probe/probe',
    table: 'read',
    answer: {},
  };

  it.each(['anonymous', 'expired', 'tampered signature', 'alg none', 'other key'] as const)(
    'refuses %s with 401 on a user route',
    async (caller) => {
      const token = tokens[caller];
      const event = toApiGatewayEvent(
        { method: 'GET', path: '/api/probe', headers: token ? { authorization: `Bearer ${token}` } : {} },
        userRoute,
        {},
      );

      await expect(checkAccess(userRoute, event)).rejects.toMatchObject({ status: 401 });
    },
  );

  it.each(['player', 'admin', 'demoted admin'] as const)('lets %s in on a user route', async (caller) => {
    const event = toApiGatewayEvent(
      { method: 'GET', path: '/api/probe', headers: { authorization: `Bearer ${tokens[caller]}` } },
      userRoute,
      {},
    );

    const claims = await checkAccess(userRoute, event);

    // The signed-in user is the token's subject, exactly as signed.
    expect(claims?.sub).toBe((await verifyAccessToken(tokens[caller]!)).sub);
    expect(claims?.sub).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the admin check', () => {
  const adminRoute: RouteDefinition = {
    method: 'GET',
    path: '/admin/probe',
    access: 'admin',
    handler: 'admin/probe',
    table: 'read',
    answer: {},
  };
  const event = (token: string) =>
    toApiGatewayEvent(
      { method: 'GET', path: '/api/admin/probe', headers: { authorization: `Bearer ${token}` } },
      adminRoute,
      {},
    );

  it('lets an admin in, and refuses the same token once the admin is demoted after it was issued', async () => {
    // Prepare
    const admin = await adminToken();
    expect((await checkAccess(adminRoute, event(admin.token)))?.is_admin).toBe(true);

    // Act
    await setAdminFlag(admin.userId, false);

    // Assess
    await expect(checkAccess(adminRoute, event(admin.token))).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('refuses a player even if the table later says admin, until a new token says so too', async () => {
    const player = await signedInUser();
    const claims = await verifyAccessToken(player.token);
    await setAdminFlag(claims.sub, true);

    await expect(checkAccess(adminRoute, event(player.token))).rejects.toBeInstanceOf(ForbiddenError);
    const fresh = await signAccessToken({ ...claims, is_admin: true });
    expect((await checkAccess(adminRoute, event(fresh)))?.sub).toBe(claims.sub);
  });
});
