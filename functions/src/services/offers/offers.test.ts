/**
 * Offers with a deadline (issue 45 §3) through the API, the result-mail queue and its worker (as the local
 * stack runs it), the mail emulator, and the offer sweep with its clock injected. The races are real
 * concurrent requests against the local table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  offerId,
  teamId as teamIds,
  tryoutId,
  type MyTryout,
  type OfferAnswer,
  type Team,
} from '@club/shared';
import type { ResultMailPoller } from '../../../../scripts/src/local/result-mail-poller';
import { call } from '../../../test/api';
import { createAdmin, startWorker, waitFor } from '../../../test/admin';
import {
  addedAthlete,
  aHouseholdRegistration,
  aTryoutRegistration,
  ok,
  registered,
} from '../../../test/builders';
import { mailsTo, type ReceivedMail } from '../../../test/mailbox';
import { createPlayer, openSeason, type TestPlayer } from '../../../test/players';
import { createdTeam } from '../../../test/teams';
import { getOffer, offersOfSeason, putPlacementOffer } from '../../db/offers/offers';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { getSeason } from '../../db/seasons/seasons';
import { getTeam } from '../../db/teams/teams';
import { expireOffer, fillOpenPlaces } from './offers';
import { runPublishJob } from './offer-publish';
import { runOfferSweep } from './offer-sweep';

let worker: ResultMailPoller;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => worker?.stop());

/** The hour the tests' offers go out: Saturday, March 2, 2030, 9:00 a.m. in Edmonton (MST, UTC−7). */
const PUBLISH_AT = '2030-03-02T16:00:00.000Z';
/** Two days later (the season's 48 hours to respond). */
const RESPOND_BY = '2030-03-04T16:00:00.000Z';

/** An adult player (born 2007: 18U Boys of a 2025 season, 19 now) registered for cash. */
async function adultPlayer(first_name: string): Promise<TestPlayer> {
  const player = await createPlayer({ first_name, last_name: 'Okafor', date_of_birth: '2007-03-01' });
  const res = await registered(player.token, aTryoutRegistration({ age_group: '18U Boys' }));
  const tryout = res.body.tryout as unknown as MyTryout;
  expect(tryout.age_group).toBe('18U Boys');
  return player;
}

interface Scenario {
  admin: TestPlayer;
  seasonId: string;
  team: Team;
  placed: Array<TestPlayer & { tryoutId: string }>;
  alternates: Array<TestPlayer & { tryoutId: string }>;
  others: Array<TestPlayer & { tryoutId: string }>;
}

/**
 * A season with offers on (48 hours to respond), a team "Sabres 18U Black" of `capacity` with a $350.00 fee
 * and coach Jordan Coach, its placed players and alternates in order, and players on no team; every setup
 * call checked.
 */
async function scenario(counts: { capacity: number; placed: number; alternates: number; others: number }) {
  const admin = await createAdmin();
  const season = await openSeason({ name: 'Fall 2025 Tryouts' });
  await ok('updateSeason', {
    token: admin.token,
    params: { id: season.id },
    body: { offers: { enabled: true, respond_within_hours: 48 } },
  });
  const make = async (prefix: string, n: number) => {
    const out: Array<TestPlayer & { tryoutId: string }> = [];
    for (let i = 0; i < n; i++) {
      const p = await adultPlayer(`${prefix}${i + 1}`);
      out.push({ ...p, tryoutId: tryoutId.of(season.id, p.id) });
    }
    return out;
  };
  const placed = await make('Placed', counts.placed);
  const alternates = await make('Alt', counts.alternates);
  const others = await make('Other', counts.others);
  const team = await createdTeam(admin, season.id, {
    name: 'Sabres 18U Black',
    age_group: '18U Boys',
    capacity: counts.capacity,
    fee_cents: 35_000,
    coach_name: 'Jordan Coach',
  });
  if (placed.length) {
    await ok('setTeamPlacements', {
      token: admin.token,
      params: { teamId: team.id },
      body: { tryout_ids: placed.map((p) => p.tryoutId) },
    });
  }
  if (alternates.length) {
    await ok('setTeamAlternates', {
      token: admin.token,
      params: { teamId: team.id },
      body: { tryout_ids: alternates.map((p) => p.tryoutId) },
    });
  }
  return { admin, seasonId: season.id, team, placed, alternates, others } satisfies Scenario;
}

/** Publishes the scenario's offers for PUBLISH_AT, then runs the minute's sweep at that hour. */
async function published(s: Scenario) {
  const res = await ok('publishOffers', {
    token: s.admin.token,
    params: { id: s.seasonId },
    body: { at: PUBLISH_AT },
  });
  expect(res.body).toEqual({ publish_at: PUBLISH_AT });
  const swept = await runOfferSweep(new Date(PUBLISH_AT));
  expect(swept.published).toBe(true);
}

const myOffer = async (p: TestPlayer) =>
  ((await ok('getMyTryout', { token: p.token })).body as unknown as MyTryout).offer;

/** Waits until each address has `n` mails whose subject matches, then a moment more, and answers them. */
async function settledMail(address: string, subject: RegExp, n = 1): Promise<ReceivedMail[]> {
  await waitFor(
    () => mailsTo(address),
    (mails) => mails.filter((m) => subject.test(m.subject)).length >= n,
    60_000,
  );
  await new Promise((r) => setTimeout(r, 1500));
  return (await mailsTo(address)).filter((m) => subject.test(m.subject));
}

describe('publishing a season’s offers (issue 45 §3)', () => {
  it('sends each placed family its offer, each alternate its note and everyone else the spec’s Not Selected, once each', async () => {
    // Prepare
    const s = await scenario({ capacity: 2, placed: 2, alternates: 1, others: 1 });

    // Act: published, then the publish job run twice more at once (a duplicate publish).
    await published(s);
    const season = (await getSeason(s.seasonId))!;
    await Promise.all([
      runPublishJob(season, new Date(PUBLISH_AT)),
      runPublishJob(season, new Date(PUBLISH_AT)),
    ]);

    // Assess: the offer mail, once, with team, coach, fee and the deadline in Edmonton time.
    for (const p of s.placed) {
      const offers = await settledMail(p.email, /A place on Sabres 18U Black/);
      expect(offers).toHaveLength(1);
      const text = offers[0]!.body.text ?? '';
      expect(text).toContain('Team: Sabres 18U Black');
      expect(text).toContain('Coach: Jordan Coach');
      expect(text).toContain('Team fee: $350.00');
      expect(text).toContain('Answer by: Monday, March 4, 2030, 9:00 a.m. (Edmonton time)');
      expect(text).toContain('/dashboard');
      expect(await myOffer(p)).toEqual({
        id: offerId.of(s.seasonId, p.id),
        team: 'Sabres 18U Black',
        state: 'offered',
        respond_by: RESPOND_BY,
        fee_cents: 35_000,
        coach_name: 'Jordan Coach',
        team_link: null,
        waiver_text: '',
        waiver_version: 0,
        cash_accepted: true,
      });
    }
    const alternate = await settledMail(s.alternates[0]!.email, /alternate for Sabres 18U Black/);
    expect(alternate).toHaveLength(1);
    expect(await myOffer(s.alternates[0]!)).toBeUndefined();
    const notSelected = await settledMail(s.others[0]!.email, /tryout result/);
    expect(notSelected).toHaveLength(1);
    expect(notSelected[0]!.body.text).toContain(
      'We were not able to offer you a spot on a team this season.',
    );
    expect((await ok('getMyTryout', { token: s.others[0]!.token })).body.result).toBe('not_selected');
    // The placed were selected: their registration says so, and it is no longer withdrawn as a tryout's.
    for (const p of s.placed) {
      const mine = (await ok('getMyTryout', { token: p.token })).body;
      expect([mine.result, mine.withdrawal_open]).toEqual(['selected', false]);
    }
    expect((await ok('getMyTryout', { token: s.alternates[0]!.token })).body.result).toBe('');
    // Nobody placed heard the Not Selected; the team counts two offers out.
    for (const p of s.placed) expect(await mailsTo(p.email)).toHaveLength(2); // confirmation + offer
    expect((await getTeam(s.team.id))?.offered).toBe(2);
    expect((await getSeason(s.seasonId))?.offers_published_at).toBe(PUBLISH_AT);
  });

  it('is refused a second time, and while offers are off', async () => {
    // Prepare
    const s = await scenario({ capacity: 1, placed: 1, alternates: 0, others: 0 });
    await published(s);
    const off = await openSeason({ name: 'Spring 2026 Tryouts' });

    // Act
    const again = await call('publishOffers', { token: s.admin.token, params: { id: s.seasonId }, body: {} });
    const whileOff = await call('publishOffers', { token: s.admin.token, params: { id: off.id }, body: {} });

    // Assess
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This season’s offers are already out.');
    expect(whileOff.status).toBe(409);
    expect(whileOff.body.message).toBe(
      'Offers are off for this season: turn them on in the season’s settings first.',
    );
  });

  it('keeps offers on once a publish hour is set: turning them off is refused, the other settings still change', async () => {
    // Prepare: a season with offers on, turned off and on again before publishing.
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Fall 2025 Tryouts' });
    const turn = (offers: Record<string, unknown>) =>
      call('updateSeason', { token: admin.token, params: { id: season.id }, body: { offers } });
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { offers: { enabled: true } },
    });
    const offBefore = await turn({ enabled: false });
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { offers: { enabled: true } },
    });
    await ok('publishOffers', { token: admin.token, params: { id: season.id }, body: { at: PUBLISH_AT } });

    // Act
    const offAfter = await turn({ enabled: false });
    const longer = await turn({ enabled: true, respond_within_hours: 72 });

    // Assess
    expect(offBefore.status).toBe(200);
    expect(offAfter.status).toBe(409);
    expect(offAfter.body.message).toBe(
      'This season’s offers are published, so offers stay on: rescind an offer from the offers board instead.',
    );
    expect(longer.status).toBe(200);
    const stored = await getSeason(season.id);
    expect([stored?.offers_enabled, stored?.offers_publish_at, stored?.offers_respond_within_hours]).toEqual([
      true,
      PUBLISH_AT,
      72,
    ]);
  });

  it('the admin’s Send results mails no Selected player (their offer is their result), and still mails Not Selected', async () => {
    // Prepare: offers out; the placed player declines; the admin gives the alternate Not Selected by hand.
    const s = await scenario({ capacity: 1, placed: 1, alternates: 1, others: 0 });
    await published(s);
    const [placed, alternate] = [s.placed[0]!, s.alternates[0]!];
    await settledMail(placed.email, /A place on Sabres 18U Black/);
    await ok('declineOffer', {
      token: placed.token,
      params: { offerId: offerId.of(s.seasonId, placed.id) },
      body: {},
    });
    await ok('setSelection', {
      token: s.admin.token,
      params: { id: alternate.tryoutId },
      body: { result: 'not_selected' },
    });

    // Act
    const sent = await ok('sendResults', {
      token: s.admin.token,
      params: { seasonId: s.seasonId },
      query: { sessions_ahead: 'send' },
    });

    // Assess: one result mail asked for, the alternate's Not Selected; the placed player hears no result.
    expect(sent.body.details).toMatchObject({ total: 1 });
    const notSelected = await settledMail(alternate.email, /tryout result/);
    expect(notSelected).toHaveLength(1);
    expect(notSelected[0]!.body.text).toContain(
      'We were not able to offer you a spot on a team this season.',
    );
    expect((await ok('getMyTryout', { token: placed.token })).body.result).toBe('selected');
    expect((await mailsTo(placed.email)).filter((m) => /tryout result/.test(m.subject))).toEqual([]);
  });

  it('refuses a publish hour already past', async () => {
    const s = await scenario({ capacity: 1, placed: 0, alternates: 0, others: 0 });

    const res = await call('publishOffers', {
      token: s.admin.token,
      params: { id: s.seasonId },
      body: { at: new Date(Date.now() - 10 * 60_000).toISOString() },
    });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose a time from now on for the offers to go out.');
  });
});

describe('the season’s time to respond (issue 45 §3)', () => {
  it.each([
    [23, 400],
    [24, 200],
    [168, 200],
    [169, 400],
    [48.5, 400],
  ])('%s hours answers %s', async (hours, status) => {
    const admin = await createAdmin();
    const season = await openSeason();

    const res = await call('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { offers: { enabled: true, respond_within_hours: hours } },
    });

    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body.message).toBe(
        'The time to respond must be a whole number of hours from 24 (1 day) to 168 (7 days).',
      );
    } else {
      expect(res.body.offers).toEqual({
        enabled: true,
        respond_within_hours: hours,
        publish_at: null,
        auto_offer_alternates: true,
      });
    }
  });
});

describe('answering an offer (issue 45 §3, §4)', () => {
  it('accepting stores the typed waiver name, who and when, and shows the team link only then', async () => {
    // Prepare
    const s = await scenario({ capacity: 2, placed: 2, alternates: 0, others: 0 });
    await ok('updateTeam', {
      token: s.admin.token,
      params: { teamId: s.team.id },
      body: { team_link: 'https://go.teamsnap.com/sabres-18u-black' },
    });
    await published(s);
    const [family] = s.placed;
    expect((await myOffer(family!))?.team_link).toBeNull();

    // Act
    const answeredFrom = Date.now();
    const res = await ok('acceptOffer', {
      token: family!.token,
      params: { offerId: offerId.of(s.seasonId, family!.id) },
      body: { waiver_name: '  Placed1 Okafor ' },
    });

    // Assess
    expect(res.body).toMatchObject({
      state: 'accepted',
      team_link: 'https://go.teamsnap.com/sabres-18u-black',
      fee_state: 'to_pay',
    });
    expect((await myOffer(family!))?.team_link).toBe('https://go.teamsnap.com/sabres-18u-black');
    const stored = await getOffer(s.seasonId, family!.id);
    expect(stored?.waiver).toMatchObject({ name: 'Placed1 Okafor', version: 0, by_account: family!.id });
    // When it was accepted: the instant of this request, not a placeholder.
    const acceptedAt = Date.parse(stored?.waiver?.at ?? '');
    expect(acceptedAt).toBeGreaterThanOrEqual(answeredFrom);
    expect(acceptedAt).toBeLessThanOrEqual(Date.now());
    expect(await getTeam(s.team.id)).toMatchObject({ accepted: 1, offered: 1 });
    // The other family's link is still hidden.
    expect((await myOffer(s.placed[1]!))?.team_link).toBeNull();
  });

  it('refuses an empty waiver name with a clear message and changes nothing', async () => {
    const s = await scenario({ capacity: 1, placed: 1, alternates: 0, others: 0 });
    await published(s);

    const res = await call('acceptOffer', {
      token: s.placed[0]!.token,
      params: { offerId: offerId.of(s.seasonId, s.placed[0]!.id) },
      body: { waiver_name: '   ' },
    });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Type your full name to accept the waiver.');
    expect((await getOffer(s.seasonId, s.placed[0]!.id))?.state).toBe('offered');
  });

  it('lets a guardian of the household answer for an athlete, and nobody else', async () => {
    // Prepare: a guardian's athlete placed; another family; the athlete's offer out.
    const admin = await createAdmin();
    const season = await openSeason();
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { offers: { enabled: true, respond_within_hours: 48 } },
    });
    const guardian = await createPlayer({ first_name: 'Dana', account_type: 'guardian' });
    const athlete = await addedAthlete(guardian.token, { first_name: 'Mina', date_of_birth: '2010-05-20' });
    await registered(
      guardian.token,
      aHouseholdRegistration([{ athlete_id: athlete.id, age_group: '15U Boys' }]),
    );
    const stranger = await createPlayer({ first_name: 'Sam', date_of_birth: '2005-01-01' });
    const team = await createdTeam(admin, season.id, { age_group: '15U Boys', capacity: 1 });
    await ok('setTeamPlacements', {
      token: admin.token,
      params: { teamId: team.id },
      body: { tryout_ids: [tryoutId.of(season.id, athlete.id)] },
    });
    await ok('publishOffers', { token: admin.token, params: { id: season.id }, body: {} });
    const id = offerId.of(season.id, athlete.id);

    // Act
    const byStranger = await call('declineOffer', {
      token: stranger.token,
      params: { offerId: id },
      body: {},
    });
    const household = (await ok('getHouseholdTryouts', { token: guardian.token })).body as unknown as Array<{
      athlete_id: string;
      offer?: OfferAnswer;
    }>;
    const byGuardian = await call('acceptOffer', {
      token: guardian.token,
      params: { offerId: id },
      body: { waiver_name: 'Dana Okafor' },
    });

    // Assess
    expect(byStranger.status).toBe(404);
    expect(household.find((h) => h.athlete_id === athlete.id)?.offer?.state).toBe('offered');
    expect(byGuardian.status).toBe(200);
    expect(byGuardian.body.state).toBe('accepted');
  });

  it('refuses a player under 18 answering their own offer: their guardian answers', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { offers: { enabled: true } },
    });
    const minor = await createPlayer({ date_of_birth: '2010-06-15' });
    await registered(minor.token, aTryoutRegistration());
    const team = await createdTeam(admin, season.id, { capacity: 1 });
    await ok('setTeamPlacements', {
      token: admin.token,
      params: { teamId: team.id },
      body: { tryout_ids: [tryoutId.of(season.id, minor.id)] },
    });
    await ok('publishOffers', { token: admin.token, params: { id: season.id }, body: {} });

    const res = await call('acceptOffer', {
      token: minor.token,
      params: { offerId: offerId.of(season.id, minor.id) },
      body: { waiver_name: 'Avery Quinn' },
    });

    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Only a guardian of this player (or the player, when an adult) can answer this offer.',
    );
  });

  it('refuses an answer after the deadline, before any sweep has expired the offer', async () => {
    // Prepare: an offer whose deadline passed a minute ago.
    const s = await scenario({ capacity: 1, placed: 1, alternates: 0, others: 0 });
    const team = (await getTeam(s.team.id))!;
    const family = s.placed[0]!;
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(
      await putPlacementOffer(team, {
        id: offerId.of(s.seasonId, family.id),
        season_id: s.seasonId,
        player_id: family.id,
        team_id: s.team.id,
        state: 'offered',
        round: 1,
        from: 'placement',
        offered_at: new Date(Date.now() - 49 * 3_600_000).toISOString(),
        respond_by: past,
        fee_cents: 35_000,
      }),
    ).toBe('offered');

    // Act
    const accept = await call('acceptOffer', {
      token: family.token,
      params: { offerId: offerId.of(s.seasonId, family.id) },
      body: { waiver_name: 'Placed1 Okafor' },
    });
    const decline = await call('declineOffer', {
      token: family.token,
      params: { offerId: offerId.of(s.seasonId, family.id) },
      body: {},
    });

    // Assess
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe('The time to answer this offer has passed.');
    expect(decline.status).toBe(409);
    expect(decline.body.message).toBe('The time to answer this offer has passed.');
    expect((await getOffer(s.seasonId, family.id))?.state).toBe('offered');
  });
});

describe('the races (issue 45: done when)', () => {
  it('two families accepting the last place at once: one gets it', async () => {
    // Prepare: two offers out, and the team has one place left (its capacity set to 1 in the table: the
    // place count is the accept's own condition, whatever the offers' bookkeeping says).
    const s = await scenario({ capacity: 2, placed: 2, alternates: 0, others: 0 });
    await published(s);
    const { seasonId, teamUuid } = teamIds.parse(s.team.id)!;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.team(seasonId, teamUuid),
        UpdateExpression: 'SET #capacity = :one',
        ExpressionAttributeNames: { '#capacity': 'capacity' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );

    // Act: both families accept at the same moment.
    const answers = await Promise.all(
      s.placed.map((p) =>
        call('acceptOffer', {
          token: p.token,
          params: { offerId: offerId.of(s.seasonId, p.id) },
          body: { waiver_name: `${p.user.first_name} Okafor` },
        }),
      ),
    );

    // Assess
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(
      'The team is full: every place has been accepted.',
    );
    const states = await Promise.all(s.placed.map(async (p) => (await getOffer(s.seasonId, p.id))?.state));
    expect(states.sort()).toEqual(['accepted', 'offered']);
    expect((await getTeam(s.team.id))?.accepted).toBe(1);
  });

  it('an expiry racing an accept: one outcome, every time', async () => {
    // Prepare: five families, each an offer whose deadline is the instant the expiry runs at, and a sixth
    // family's offer out beside them (the team's count of offers out never reaches 0 here).
    const s = await scenario({ capacity: 6, placed: 6, alternates: 0, others: 0 });
    const team = (await getTeam(s.team.id))!;
    const deadline = new Date(Date.now() + 60 * 60_000);
    const season = (await getSeason(s.seasonId))!;
    for (const p of s.placed) {
      expect(
        await putPlacementOffer(team, {
          id: offerId.of(s.seasonId, p.id),
          season_id: s.seasonId,
          player_id: p.id,
          team_id: s.team.id,
          state: 'offered',
          round: 1,
          from: 'placement',
          offered_at: new Date().toISOString(),
          respond_by: deadline.toISOString(),
          fee_cents: 35_000,
        }),
      ).toBe('offered');
    }

    // Act: each family accepts (its clock before the deadline) while the sweep expires it (its clock at it).
    // Each pair at once, the expiry starting a little later for some; and one pair each way round in turn
    // (the accept just before the expiry, the expiry just before the accept), so either may land first.
    const lag = [0, 100, 700];
    const accept = (p: TestPlayer) =>
      call('acceptOffer', {
        token: p.token,
        params: { offerId: offerId.of(s.seasonId, p.id) },
        body: { waiver_name: 'A Family' },
      });
    const outcomes = await Promise.all(
      s.placed.slice(0, 5).map(async (p, i) => {
        const offer = (await getOffer(s.seasonId, p.id))!;
        const expire = () => expireOffer(season, offer, deadline);
        const [answer, expired] =
          i === 3
            ? [await accept(p), await expire()]
            : i === 4
              ? await expire().then(async (e) => [await accept(p), e] as const)
              : await Promise.all([accept(p), new Promise((r) => setTimeout(r, lag[i])).then(expire)]);
        const accepted = answer.status === 200;
        return { accepted, expired, state: (await getOffer(s.seasonId, p.id))?.state };
      }),
    );

    // Assess: for each family exactly one happened, and the offer says which.
    for (const o of outcomes) {
      expect(Number(o.accepted) + Number(o.expired)).toBe(1);
      expect(o.state).toBe(o.accepted ? 'accepted' : 'expired');
    }
    const accepted = outcomes.filter((o) => o.accepted).length;
    expect(await getTeam(s.team.id)).toMatchObject({ accepted, offered: 1, open_places: 5 - accepted });
  });
});

describe('a freed place goes to the next alternate (issue 45 §3)', () => {
  it('two declines landing together offer two different alternates, never one twice', async () => {
    // Prepare
    const s = await scenario({ capacity: 2, placed: 2, alternates: 3, others: 0 });
    await published(s);

    // Act
    const answers = await Promise.all(
      s.placed.map((p) =>
        call('declineOffer', {
          token: p.token,
          params: { offerId: offerId.of(s.seasonId, p.id) },
          body: { reason: 'Moving to Calgary' },
        }),
      ),
    );

    // Assess
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.state).toBe('declined');
    const offers = await offersOfSeason(s.seasonId);
    const alternateOffers = offers.filter((o) => o.from === 'alternate');
    expect(alternateOffers.map((o) => o.player_id).sort()).toEqual(
      [s.alternates[0]!.id, s.alternates[1]!.id].sort(),
    );
    expect(await getTeam(s.team.id)).toMatchObject({ next_alternate: 2, offered: 2, open_places: 0 });
    expect((await getOffer(s.seasonId, s.placed[0]!.id))?.decline_reason).toBe('Moving to Calgary');
    // Each offered alternate hears it once, with a deadline of its own; the third waits.
    for (const alt of s.alternates.slice(0, 2)) {
      expect(await settledMail(alt.email, /A place on Sabres 18U Black/)).toHaveLength(1);
      const offer = await myOffer(alt);
      expect(offer?.state).toBe('offered');
      expect(Date.parse(offer!.respond_by) - Date.now()).toBeGreaterThan(47 * 3_600_000);
    }
    expect(await myOffer(s.alternates[2]!)).toBeUndefined();
  });

  it('two open places filled by four sweeps at once go to two alternates, in order, once each', async () => {
    // Prepare: both placed families decline while alternates are not offered by themselves: two open places.
    const s = await scenario({ capacity: 2, placed: 2, alternates: 4, others: 0 });
    const settings = (auto: boolean) =>
      ok('updateSeason', {
        token: s.admin.token,
        params: { id: s.seasonId },
        body: { offers: { auto_offer_alternates: auto } },
      });
    await settings(false);
    await published(s);
    for (const p of s.placed) {
      await ok('declineOffer', {
        token: p.token,
        params: { offerId: offerId.of(s.seasonId, p.id) },
        body: {},
      });
    }
    expect(await getTeam(s.team.id)).toMatchObject({ open_places: 2, next_alternate: 0 });
    await settings(true);
    const season = (await getSeason(s.seasonId))!;

    // Act
    const filled = await Promise.all([1, 2, 3, 4].map(() => fillOpenPlaces(season, s.team.id, new Date())));

    // Assess
    expect(filled.reduce((a, b) => a + b, 0)).toBe(2);
    const offers = (await offersOfSeason(s.seasonId)).filter((o) => o.from === 'alternate');
    expect(offers.map((o) => o.player_id).sort()).toEqual([s.alternates[0]!.id, s.alternates[1]!.id].sort());
    expect(await getTeam(s.team.id)).toMatchObject({ open_places: 0, next_alternate: 2, offered: 2 });
  });

  it('the admin rescinds an offer (audited) and the place goes to the next alternate', async () => {
    // Prepare
    const s = await scenario({ capacity: 1, placed: 1, alternates: 1, others: 0 });
    await published(s);
    const id = offerId.of(s.seasonId, s.placed[0]!.id);

    // Act
    const res = await ok('rescindOffer', {
      token: s.admin.token,
      params: { offerId: id },
      body: { reason: 'Registered with another club' },
    });
    const again = await call('rescindOffer', { token: s.admin.token, params: { offerId: id }, body: {} });
    const audit = await ok('listAudit', { token: s.admin.token, query: { season_id: s.seasonId } });

    // Assess
    expect(res.body.state).toBe('rescinded');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This offer is not waiting for an answer.');
    expect((await myOffer(s.alternates[0]!))?.state).toBe('offered');
    const entries = audit.body as unknown as Array<{ action: string; before: unknown; after: unknown }>;
    expect(entries.find((e) => e.action === 'offer_ended')).toMatchObject({
      before: { offer_state: 'offered' },
      after: { offer_state: 'rescinded', team_id: s.team.id, reason: 'Registered with another club' },
    });
  });
});

describe('the offer sweep’s clock (issue 45 §3)', () => {
  it('expires an unanswered offer at respond_by, not a minute before, and offers the next alternate', async () => {
    // Prepare
    const s = await scenario({ capacity: 1, placed: 1, alternates: 1, others: 0 });
    await published(s);
    const family = s.placed[0]!;

    // Act: the sweep a minute before the deadline, then at it.
    const before = await runOfferSweep(new Date(Date.parse(RESPOND_BY) - 60_000));
    const stateBefore = (await getOffer(s.seasonId, family.id))?.state;
    const at = await runOfferSweep(new Date(RESPOND_BY));

    // Assess
    expect(before.expired).toBe(0);
    expect(stateBefore).toBe('offered');
    expect(at).toMatchObject({ expired: 1 });
    expect((await myOffer(family))?.state).toBe('expired');
    const next = await myOffer(s.alternates[0]!);
    expect(next).toMatchObject({ state: 'offered', respond_by: '2030-03-06T16:00:00.000Z' });
    const answer = await call('acceptOffer', {
      token: family.token,
      params: { offerId: offerId.of(s.seasonId, family.id) },
      body: { waiver_name: 'Placed1 Okafor' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('This offer has already been answered.');
  });

  it('still expires offers and offers the place to the next alternate once a newer season is active', async () => {
    // Prepare: offers out in Fall 2025, then the admin creates the next season (Fall 2025 is no longer active).
    const s = await scenario({ capacity: 1, placed: 1, alternates: 1, others: 0 });
    await published(s);
    const next = await openSeason({ name: 'Spring 2026 Tryouts' });
    expect(next.id).not.toBe(s.seasonId);
    const [family, alternate] = [s.placed[0]!, s.alternates[0]!];

    // Act: the sweep a minute before the deadline, then at it.
    await runOfferSweep(new Date(Date.parse(RESPOND_BY) - 60_000));
    const stateBefore = (await getOffer(s.seasonId, family.id))?.state;
    const at = await runOfferSweep(new Date(RESPOND_BY));

    // Assess
    expect(stateBefore).toBe('offered');
    expect(at.earlier.expired).toBeGreaterThanOrEqual(1);
    expect((await getOffer(s.seasonId, family.id))?.state).toBe('expired');
    expect(await getOffer(s.seasonId, alternate.id)).toMatchObject({
      state: 'offered',
      respond_by: '2030-03-06T16:00:00.000Z',
    });
  });

  it('mails the administrators one summary a day of what changed, from 8 a.m. Edmonton', async () => {
    // Prepare: offers out at 9:00 a.m. on Saturday, March 2, 2030 (that sweep sends the day's summary);
    // one family declines at 1:00 p.m.
    const s = await scenario({ capacity: 2, placed: 2, alternates: 0, others: 0 });
    await published(s);
    await ok('declineOffer', {
      token: s.placed[0]!.token,
      params: { offerId: offerId.of(s.seasonId, s.placed[0]!.id) },
      body: {},
    });
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(s.seasonId, s.placed[0]!.id),
        UpdateExpression: 'SET answered_at = :at',
        ExpressionAttributeValues: { ':at': '2030-03-02T20:00:00.000Z' },
      }),
    );
    const summaries = async () =>
      (await mailsTo(s.admin.email)).filter((m) => /^Offers for /.test(m.subject));

    // Act: the sweep at 7:59 a.m. and twice at once at 8:00 a.m. the next morning (Edmonton, MST), then later.
    const early = await runOfferSweep(new Date('2030-03-03T14:59:00.000Z'));
    const sentEarly = (await summaries()).length;
    const [first, second] = await Promise.all([
      runOfferSweep(new Date('2030-03-03T15:00:00.000Z')),
      runOfferSweep(new Date('2030-03-03T15:00:00.000Z')),
    ]);
    await runOfferSweep(new Date('2030-03-03T20:00:00.000Z'));

    // Assess: one summary on March 2 (at publishing), one on March 3, none before 8 a.m.
    expect(early.summary).toBe(false);
    expect(sentEarly).toBe(1);
    expect(first.summary || second.summary).toBe(true);
    const mails = await summaries();
    expect(mails.map((m) => m.subject)).toEqual([
      'Offers for Fall 2025 Tryouts: 2 changes in the last day',
      'Offers for Fall 2025 Tryouts: 2 changes in the last day',
    ]);
    expect(mails[0]!.body.text).toContain('(summary of 2030-03-02, Edmonton time): offered: 2.');
    expect(mails[1]!.body.text).toContain('(summary of 2030-03-03, Edmonton time): declined: 1, offered: 1.');
  });
});

describe('a season with offers off (issue 45 §6)', () => {
  it('keeps the spec’s Selected result and team link, and carries no offer', async () => {
    // Prepare
    const admin = await createAdmin();
    const season = await openSeason();
    await ok('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '18U Boys', url: 'https://go.teamsnap.com/18u-boys' },
    });
    const player = await adultPlayer('Spec');
    await ok('setSelection', {
      token: admin.token,
      params: { id: tryoutId.of(season.id, player.id) },
      body: { result: 'selected' },
    });

    // Act
    const mine = (await ok('getMyTryout', { token: player.token })).body;

    // Assess
    expect(mine.result).toBe('selected');
    expect(mine.teamsnap_link).toBe('https://go.teamsnap.com/18u-boys');
    expect('offer' in mine).toBe(false);
  });

  it('with offers on, a Selected result alone shows no team link: the accepted offer does', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    await ok('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '18U Boys', url: 'https://go.teamsnap.com/18u-boys' },
    });
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { offers: { enabled: true } },
    });
    const player = await adultPlayer('Offers');
    await ok('setSelection', {
      token: admin.token,
      params: { id: tryoutId.of(season.id, player.id) },
      body: { result: 'selected' },
    });

    const mine = (await ok('getMyTryout', { token: player.token })).body;

    expect(mine.teamsnap_link).toBeNull();
  });
});
