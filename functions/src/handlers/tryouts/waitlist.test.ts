/**
 * Issue 45 §1: capacity and a waitlist for tryouts. Past a group's capacity POST /tryouts/register answers
 * 201 waitlisted (no number, no money); a freed spot (a withdrawal, the capacity raised) is held for the first
 * family waiting, mailed once and shown on the dashboard; registering takes it; a lapsed hold passes on.
 */
import { describe, expect, it } from 'vitest';
import type { Athlete, HouseholdTryout, MyTryout, WaitlistAnswer } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { deliverQueuedFamilyMail } from '../../../test/family-mail';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, type TestPlayer } from '../../../test/players';
import { sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import {
  addedAthlete,
  aHouseholdRegistration,
  aTryoutRegistration,
  ok,
  registered,
} from '../../../test/builders';
import { getTryout } from '../../db/registration/registrations';
import { passLapsedSpots } from '../../services/registration/waitlist';

const register = (token: string, body: unknown = aTryoutRegistration({ age_group: '15U Boys' })) =>
  call('registerTryout', { token, body });
const tryoutOf = (res: { body: Record<string, unknown> }) => res.body.tryout as MyTryout;

/** The active season (2025, $45.00) with a capacity per group set by the admin; its id and the admin. */
async function seasonWithCapacity(capacities: Record<string, number>, more: Record<string, unknown> = {}) {
  const season = await openSeason();
  const admin = await createAdmin();
  await ok('updateSeason', { token: admin.token, params: { id: season.id }, body: { capacities, ...more } });
  return { seasonId: season.id, admin };
}

async function players(n: number): Promise<TestPlayer[]> {
  return Promise.all(Array.from({ length: n }, () => createPlayer()));
}

async function waitlistOf(admin: TestPlayer, seasonId: string): Promise<WaitlistAnswer> {
  return (await ok('getSeasonWaitlist', { token: admin.token, params: { id: seasonId } }))
    .body as unknown as WaitlistAnswer;
}

async function mine(player: TestPlayer): Promise<MyTryout> {
  return (await ok('getMyTryout', { token: player.token })).body as unknown as MyTryout;
}

const spotMails = async (player: TestPlayer) =>
  (await mailsTo(player.email)).filter(
    (m) => m.subject === 'A spot opened in 15U Boys for Fall 2025 Tryouts',
  );

describe('a group with a capacity', () => {
  it('numbers the 2nd registration of a capacity of 2 and waitlists the 3rd: 201, no number, nothing to pay', async () => {
    // Prepare
    const { seasonId, admin } = await seasonWithCapacity({ '15U Boys': 2 });
    const [first, second, third, fourth] = await players(4);

    // Act
    const answers = [];
    for (const p of [first!, second!]) answers.push(await register(p.token));
    const waitlisted = await register(
      third!.token,
      aTryoutRegistration({ age_group: '15U Boys', payment_method: 'stripe' }),
    );
    const behind = await register(fourth!.token);

    // Assess
    expect(answers.map((r) => [r.status, tryoutOf(r).tryout_number])).toEqual([
      [201, 1],
      [201, 2],
    ]);
    expect(waitlisted.status).toBe(201);
    expect(waitlisted.body.url).toBeUndefined();
    expect(tryoutOf(waitlisted)).toMatchObject({
      status: 'waitlisted',
      tryout_number: null,
      payment_status: null,
      waitlist_position: 1,
      waitlist_size: 1,
      age_group: '15U Boys',
    });
    expect(tryoutOf(waitlisted).amount_due_cents).toBeUndefined();
    expect(tryoutOf(behind)).toMatchObject({ status: 'waitlisted', waitlist_position: 2, waitlist_size: 2 });
    // Kept current: the first waitlisted now reads 1st of 2.
    expect(await mine(third!)).toMatchObject({ waitlist_position: 1, waitlist_size: 2 });
    expect(await getTryout(seasonId, third!.id)).toBeNull();
    const board = await waitlistOf(admin, seasonId);
    expect(board.groups).toEqual([
      {
        age_group: '15U Boys',
        capacity: 2,
        taken: 2,
        waitlist: [
          { position: 1, name: 'Avery Quinn', since: expect.any(String), spot_held_until: null },
          { position: 2, name: 'Avery Quinn', since: expect.any(String), spot_held_until: null },
        ],
      },
    ]);
    // Registering again while waiting for a spot is refused, clearly.
    const again = await register(third!.token);
    expect([again.status, again.body]).toEqual([
      409,
      { message: 'You are on the waitlist for this season. We will e-mail you when a spot opens.' },
    ]);
  });

  it('counts the registrations a season already has when a capacity is set', async () => {
    // Prepare: three registered before any capacity, one withdrawn
    const season = await openSeason();
    const admin = await createAdmin();
    const before = await players(3);
    for (const p of before) await registered(p.token, aTryoutRegistration());
    await ok('withdrawMyTryout', { token: before[0]!.token });
    const [next, last] = await players(2);

    // Act
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { capacities: { '15U Boys': 3 } },
    });
    const numbered = await register(next!.token);
    const waitlisted = await register(last!.token);

    // Assess
    expect(tryoutOf(numbered).tryout_number).toBe(4);
    expect(tryoutOf(waitlisted)).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect((await waitlistOf(admin, season.id)).groups[0]).toMatchObject({ capacity: 3, taken: 3 });
  });

  it('refuses a capacity that is not a whole number from 1 to 1000, naming the rule', async () => {
    const season = await openSeason();
    const admin = await createAdmin();
    for (const capacity of [0, 1001, 2.5]) {
      const res = await call('updateSeason', {
        token: admin.token,
        params: { id: season.id },
        body: { capacities: { '15U Boys': capacity } },
      });
      expect([res.status, res.body.message]).toEqual([
        400,
        'A capacity must be a whole number of players from 1 to 1000.',
      ]);
    }
    const hold = await call('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { spot_hold_hours: 169 },
    });
    expect([hold.status, hold.body.message]).toEqual([
      400,
      'The time a spot is held must be a whole number of hours from 1 to 168 (7 days).',
    ]);
    for (const [capacity, hours] of [
      [1, 1],
      [1000, 168],
    ]) {
      const res = await call('updateSeason', {
        token: admin.token,
        params: { id: season.id },
        body: { capacities: { '15U Boys': capacity }, spot_hold_hours: hours },
      });
      expect([res.status, res.body.capacities, res.body.spot_hold_hours]).toEqual([
        200,
        { '15U Boys': capacity },
        hours,
      ]);
    }
  });
});

describe('a household registering several children past a capacity', () => {
  it('decides each child on its own, and its family checkout covers only the numbered', async () => {
    // Prepare: one spot left in 15U Boys
    const { seasonId } = await seasonWithCapacity({ '15U Boys': 2 });
    await registered((await createPlayer()).token, aTryoutRegistration());
    const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
    const kids: Athlete[] = [];
    for (const first_name of ['Mina', 'Leo']) {
      kids.push(await addedAthlete(parent.token, { first_name, date_of_birth: '2011-03-09' }));
    }

    // Act
    const res = await register(
      parent.token,
      aHouseholdRegistration(
        kids.map((k) => k.id),
        { payment_method: 'stripe' },
      ),
    );

    // Assess
    expect(res.status).toBe(201);
    const [mina, leo] = res.body.tryouts as HouseholdTryout[];
    expect(mina).toMatchObject({ athlete_id: kids[0]!.id, tryout_number: 2, payment_status: 'pending' });
    expect(leo).toMatchObject({ athlete_id: kids[1]!.id, status: 'waitlisted', tryout_number: null });
    const session = await sessionOnStandIn(sessionIdOf(res.body.url as string));
    expect(session.amount_total).toBe(4500);
    expect(await getTryout(seasonId, kids[1]!.id)).toBeNull();
    const list = (await ok('getHouseholdTryouts', { token: parent.token }))
      .body as unknown as HouseholdTryout[];
    expect(list.find((t) => t.athlete_id === kids[1]!.id)).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
      waitlist_size: 1,
    });
  });
});

describe('a freed spot', () => {
  it('is held for the first family waiting, mailed once, shown on the dashboard, and taken by registering: number 3, no gap', async () => {
    // Prepare
    const { seasonId, admin } = await seasonWithCapacity({ '15U Boys': 2 }, { spot_hold_hours: 24 });
    const [a, b, c, d] = await players(4);
    for (const p of [a!, b!]) await registered(p.token, aTryoutRegistration());
    for (const p of [c!, d!]) await registered(p.token, aTryoutRegistration());

    // Act
    const before = Date.now();
    await ok('withdrawMyTryout', { token: a!.token });
    await deliverQueuedFamilyMail();
    await passLapsedSpots(new Date()); // the sweep meanwhile re-queues nothing already mailed
    await deliverQueuedFamilyMail();

    // Assess: held for c, for 24 hours, mailed once; d still waits, now 2nd of 2 behind c's spot
    const held = await mine(c!);
    expect(held.status).toBe('waitlisted');
    const until = Date.parse(held.spot_held_until!);
    expect(until - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(await spotMails(c!)).toHaveLength(1);
    expect((await spotMails(c!))[0]!.body.text).toContain('held for you until');
    expect(await spotMails(d!)).toHaveLength(0);
    expect((await mine(d!)).spot_held_until).toBeUndefined();
    expect((await waitlistOf(admin, seasonId)).groups[0]).toMatchObject({ capacity: 2, taken: 2 });

    // Act: c takes it, in cash, as any registration
    const taken = await register(c!.token);

    // Assess
    expect(taken.status).toBe(201);
    expect(tryoutOf(taken)).toMatchObject({
      tryout_number: 3,
      payment_status: 'cash',
      amount_due_cents: 4500,
    });
    expect(tryoutOf(taken).status).toBeUndefined();
    expect(await mine(d!)).toMatchObject({ waitlist_position: 1, waitlist_size: 1 });
    const numbers = await Promise.all([a!, b!, c!].map((p) => getTryout(seasonId, p.id)));
    expect(numbers.map((t) => t?.tryout_number)).toEqual([1, 2, 3]);
    expect((await waitlistOf(admin, seasonId)).groups[0]).toMatchObject({ capacity: 2, taken: 2 });
  });

  it('goes, two at once, to two different families, never one twice', async () => {
    // Prepare: capacity 2, both numbered withdraw at the same moment, three families wait
    const { seasonId, admin } = await seasonWithCapacity({ '15U Boys': 2 });
    const [a, b, ...waiting] = await players(5);
    for (const p of [a!, b!, ...waiting]) await registered(p.token, aTryoutRegistration());

    // Act
    const withdrawals = await Promise.all([a!, b!].map((p) => call('withdrawMyTryout', { token: p.token })));
    await deliverQueuedFamilyMail();

    // Assess
    expect(withdrawals.map((r) => r.status)).toEqual([200, 200]);
    const board = (await waitlistOf(admin, seasonId)).groups[0]!;
    expect(board.taken).toBe(2);
    expect(board.waitlist.map((e) => e.spot_held_until !== null)).toEqual([true, true, false]);
    const views = await Promise.all(waiting.map(mine));
    expect(views.map((v) => v.spot_held_until !== undefined)).toEqual([true, true, false]);
    expect(await Promise.all(waiting.map(async (p) => (await spotMails(p)).length))).toEqual([1, 1, 0]);
  });

  it('is held when the admin raises the capacity', async () => {
    const { seasonId, admin } = await seasonWithCapacity({ '15U Boys': 1 });
    const [a, b, c] = await players(3);
    for (const p of [a!, b!, c!]) await registered(p.token, aTryoutRegistration());

    await ok('updateSeason', {
      token: admin.token,
      params: { id: seasonId },
      body: { capacities: { '15U Boys': 2 } },
    });
    await deliverQueuedFamilyMail();

    expect((await mine(b!)).spot_held_until).toEqual(expect.any(String));
    expect((await mine(c!)).spot_held_until).toBeUndefined();
    expect(await spotMails(b!)).toHaveLength(1);
  });

  it('lets a family leave the waitlist by the withdraw route, passing a spot held for it to the next', async () => {
    const { seasonId } = await seasonWithCapacity({ '15U Boys': 1 });
    const [a, b, c] = await players(3);
    for (const p of [a!, b!, c!]) await registered(p.token, aTryoutRegistration());
    await ok('withdrawMyTryout', { token: a!.token });

    const left = await ok('withdrawMyTryout', { token: b!.token });

    expect(left.body).toMatchObject({ status: 'waitlisted', withdrawn: true });
    expect((await call('getMyTryout', { token: b!.token })).status).toBe(404);
    expect((await mine(c!)).spot_held_until).toEqual(expect.any(String));
    expect(await getTryout(seasonId, b!.id)).toBeNull();
  });
});

describe('a lapsed hold', () => {
  it('passes to the next family at the hold’s end, by the job’s clock, and the lapsed family is told', async () => {
    // Prepare
    const { seasonId, admin } = await seasonWithCapacity({ '15U Boys': 1 }, { spot_hold_hours: 2 });
    const [a, b, c] = await players(3);
    for (const p of [a!, b!, c!]) await registered(p.token, aTryoutRegistration());
    await ok('withdrawMyTryout', { token: a!.token });
    const until = new Date((await mine(b!)).spot_held_until!);

    // Act: a minute before the end, then at it
    const early = await passLapsedSpots(new Date(until.getTime() - 60_000));
    const onTime = await passLapsedSpots(until);
    await deliverQueuedFamilyMail();

    // Assess
    expect([early, onTime]).toEqual([0, 1]);
    expect((await call('getMyTryout', { token: b!.token })).status).toBe(404);
    const next = await mine(c!);
    expect(next.waitlist_position).toBe(1);
    expect(Date.parse(next.spot_held_until!) - until.getTime()).toBe(2 * 3_600_000);
    expect(
      (await mailsTo(b!.email)).filter((m) => m.subject.startsWith('The spot held in 15U Boys')),
    ).toHaveLength(1);
    expect((await waitlistOf(admin, seasonId)).groups[0]).toMatchObject({ taken: 1 });
  });

  it('has one outcome when the lapse races a registration taking the spot', async () => {
    for (let round = 0; round < 3; round++) {
      // Prepare
      const { seasonId, admin } = await seasonWithCapacity({ '15U Boys': 1 }, { spot_hold_hours: 1 });
      const [a, b, c] = await players(3);
      for (const p of [a!, b!, c!]) await registered(p.token, aTryoutRegistration());
      await ok('withdrawMyTryout', { token: a!.token });
      const until = new Date((await mine(b!)).spot_held_until!);

      // Act: the sweep (its clock past the hold) and b registering, at once
      const [lapsed, taking] = await Promise.all([passLapsedSpots(until), register(b!.token)]);

      // Assess: b took the spot and nothing lapsed; or b's hold lapsed first, c holds the spot, and b was
      // refused, or (its request read the waitlist after the lapse) joined the waitlist again, behind c
      const board = (await waitlistOf(admin, seasonId)).groups[0]!;
      expect(board.taken).toBe(1);
      if (taking.status === 201 && tryoutOf(taking).status === undefined) {
        expect(lapsed).toBe(0);
        expect((await getTryout(seasonId, b!.id))?.tryout_number).toBe(2);
        expect(board.waitlist.map((e) => e.spot_held_until)).toEqual([null]);
        continue;
      }
      expect(lapsed).toBe(1);
      expect(await getTryout(seasonId, b!.id)).toBeNull();
      expect((await mine(c!)).spot_held_until).toEqual(expect.any(String));
      if (taking.status === 201) {
        expect(tryoutOf(taking)).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
        expect(board.waitlist.map((e) => e.spot_held_until === null)).toEqual([false, true]);
      } else {
        expect([taking.status, taking.body.message]).toEqual([
          409,
          'The spot held for you has ended and passed to the next family on the waitlist.',
        ]);
        expect(board.waitlist).toHaveLength(1);
      }
    }
  }, 60_000);
});

describe('a season with no capacity', () => {
  it('numbers everyone as before, with no waitlist', async () => {
    const season = await openSeason();
    const admin = await createAdmin();
    const all = await players(5);

    const answers = await Promise.all(all.map((p) => register(p.token)));

    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(answers.map((r) => tryoutOf(r).tryout_number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(answers.every((r) => tryoutOf(r).status === undefined)).toBe(true);
    expect((await waitlistOf(admin, season.id)).groups).toEqual([]);
  });
});
