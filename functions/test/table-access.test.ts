/**
 * The route table's `table` field decides each function's IAM role (infra: a `read` row gets GetItem,
 * BatchGetItem and Query only). A read-only row's handler must then never write, or it would fail in AWS with
 * AccessDenied while passing everywhere else. This drives every read-only row through its real handler, as the
 * caller its access level expects, with a table holding data for it (an open season, a registered player),
 * and records each DynamoDB operation it sends. A new read-only row is covered automatically.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList, teamId, todayInClubZone, tryoutId, type RouteDefinition } from '@club/shared';
import { sampleRequest, type SampleIds } from '@club/shared/route-samples';
import { db } from '../src/db/platform/client';
import { signCalendarKey } from '../src/lib/calendar-link';
import { checkinCodeOf } from '../src/lib/checkin-code';
import { ensureSeedAdmin } from '../src/services/accounts/accounts';
import { call } from './api';
import { PASSWORD, sameOrigin, uniqueEmail } from './accounts';
import { linkFromLatestMail, tokenFromLink } from './mailbox';
import { openSeason, registeredPlayer } from './players';
import { sessionOn } from './tryout-night';
import { ok } from './builders';
import { aTeam } from './teams';
import { acceptedOn } from './team-fees';

/** The DynamoDB operations a read-only role allows (IAM actions dynamodb:GetItem, …), written out. */
const READ_OPERATIONS = ['GetItem', 'BatchGetItem', 'Query'];

const sent: string[] = [];
const RECORDER = 'recordTableOperations';

const readRows = routeList().filter((row) => row.table === 'read');
const tokens: Partial<Record<RouteDefinition['access'], string>> = {};
/** The open season and its registration: every parameter a read row takes names them (route-samples.ts). */
let ids: SampleIds;
/** A live invitation's token: the one read row that takes a body (its page, issue 36) reads it. */
let inviteToken: string;

beforeAll(async () => {
  // Every command the handlers send goes through this one client (db/platform/client.ts).
  db().middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: RECORDER },
  );
  // A session tonight: a helper's access lasts until a day after the season's last one.
  const seasonId = (await openSeason({ sessions: [sessionOn(todayInClubZone())] })).id;
  const player = await registeredPlayer('cash');
  const id = tryoutId.of(seasonId, player.id);
  // A team of the season (issue 45), coached by the player.
  const team = await aTeam(seasonId);
  ids = {
    seasonId,
    tryoutId: id,
    checkoutSessionId: 'cs_test_a1b2c3d4e5f6',
    calendarKey: await signCalendarKey(id),
    checkinCode: await checkinCodeOf(id),
    athleteId: player.id,
    teamId: teamId.of(seasonId, team.team_uuid),
  };
  const adminEmail = uniqueEmail('admin');
  await ensureSeedAdmin({ email: adminEmail, password: PASSWORD });
  const admin = await ok('login', { body: { email: adminEmail, password: PASSWORD }, headers: sameOrigin });
  tokens.user = player.token;
  tokens.player = player.token;
  tokens.admin = admin.body.token as string;
  // The cash is collected, so the registration has a receipt to read.
  const collected = await call('setCashCollected', {
    params: { id },
    body: { collected: true },
    token: tokens.admin,
    headers: sameOrigin,
  });
  expect(collected.status).toBe(200);
  const invited = uniqueEmail('invited');
  await ok('inviteGuardian', { body: { email: invited }, token: player.token, headers: sameOrigin });
  inviteToken = tokenFromLink(await linkFromLatestMail(invited, /\/household\/join#/));
  // Tryout night (issue 37): an administrator works the door; the player scores 15U Boys.
  tokens['check-in'] = tokens.admin;
  await ok(
    'inviteHelper',
    {
      params: { id: seasonId },
      body: { email: player.email, role: 'evaluator', age_groups: ['15U Boys'] },
      token: tokens.admin,
      headers: sameOrigin,
    },
    201,
  );
  const helperToken = tokenFromLink(await linkFromLatestMail(player.email, /\/helpers\/accept#/));
  await ok('acceptHelper', { body: { token: helperToken }, token: player.token, headers: sameOrigin });
  tokens.evaluator = player.token;
  await ok(
    'inviteHelper',
    {
      params: { id: seasonId },
      body: { email: player.email, role: 'coach', team_id: ids.teamId },
      token: tokens.admin,
      headers: sameOrigin,
    },
    201,
  );
  const coachToken = tokenFromLink(await linkFromLatestMail(player.email, /\/helpers\/accept#/));
  await ok('acceptHelper', { body: { token: coachToken }, token: player.token, headers: sameOrigin });
  tokens.coach = player.token;
  // The player's offer on that team (issue 45), accepted, its fee paid in cash: a receipt to read.
  await acceptedOn(team, player.id);
  await ok('setOfferCash', {
    params: { offerId: id },
    body: { collected: true },
    token: tokens.admin,
    headers: sameOrigin,
  });
}, 60_000);

afterAll(() => {
  db().middlewareStack.remove(RECORDER);
});

describe('read-only routes', () => {
  it('include the public season and the player’s own tryout', () => {
    expect(readRows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['getActiveSeason', 'getMyTryout']),
    );
  });

  it.each(readRows.map((row) => [row.name, row] as const))(
    '%s sends only GetItem, BatchGetItem and Query',
    async (_name, row) => {
      sent.length = 0;
      const res = await call(row.name, {
        ...sampleRequest(row.name, ids),
        ...(row.body === 'AcceptInviteSchema' ? { body: { token: inviteToken } } : {}),
        token: tokens[row.access],
        headers: sameOrigin,
      });

      // Answered as it would be for real (the season and its registration exist), not refused as bad input.
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.filter((operation) => !READ_OPERATIONS.includes(operation))).toEqual([]);
    },
  );

  it('records writes too, so a write in a read-only handler would be seen', async () => {
    sent.length = 0;

    await ok('forgotPassword', { body: { email: uniqueEmail('probe') }, headers: sameOrigin });

    expect(sent.filter((operation) => !READ_OPERATIONS.includes(operation)).length).toBeGreaterThan(0);
  });
});
