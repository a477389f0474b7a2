import { tryoutId } from '@club/shared';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/src/local/ports';
import { db, tableName } from '../../db/client';
import { countDynamoCommands } from '../../dev/count-commands';
import { keys } from '../../db/keys';
import { getTryout } from '../../db/tryouts';
import { resetConfigForTests } from '../../lib/config';
import { resetStripeClientForTests } from '../../payments/stripe-client';
import { ensureSeedAdmin } from '../../services/accounts';
import { call } from '../../../test/api';
import { PASSWORD, sameOrigin, uniqueEmail } from '../../../test/accounts';
import { createPlayer, openSeason, tableSnapshot, type TestPlayer } from '../../../test/players';
import { sessionIdOf, sessionOnStandIn } from '../../../test/stripe';

const register = (token: string, body: unknown) => call('registerTryout', { token, body });

/** Registers, trying again while the answer is "very busy" (503), as that message asks a family to. */
async function registerUntilNotBusy(token: string, body: unknown) {
  for (;;) {
    const res = await register(token, body);
    if (res.status !== 503) return res;
    expect(res.body).toEqual({
      message: 'Registration is very busy right now. Please try again in a moment.',
    });
  }
}

// First in the file: the table has no season until a test creates one.
describe('POST /tryouts/register before any season exists', () => {
  it('refuses with 404 and writes nothing', async () => {
    const player = await createPlayer();
    const before = await tableSnapshot();

    const res = await register(player.token, { payment_method: 'cash', age_group: '15U Boys' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No active season.' });
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('POST /tryouts/register, cash', () => {
  it('registers a player with tryout number 1, a snapshot of their details, and cash to pay on the day', async () => {
    // Prepare
    const season = await openSeason();
    const player = await createPlayer({
      first_name: 'Maya',
      last_name: 'Okafor',
      date_of_birth: '2010-03-02',
      parent_consent: true,
      phone_number: '7805550111',
      emergency_contact_name: 'Ada Okafor',
      emergency_contact_phone: '7805550112',
      emergency_contact_email: 'ada.okafor@example.test',
      emergency_contact_relationship: 'guardian',
    });

    // Act
    const res = await register(player.token, { payment_method: 'cash', age_group: '15U Girls' });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      tryout: {
        hasRegistered: true,
        season: 'Fall 2025 Tryouts',
        tryout_number: 1,
        result: '',
        payment_method: 'cash',
        payment_status: 'cash',
        teamsnap_link: null,
        age_group: '15U Girls',
        amount_paid_cents: 0,
        amount_refunded_cents: 0,
        amount_due_cents: 4500,
        sessions: [],
        withdrawn: false,
        withdrawal_open: true,
        refund_policy: '',
      },
    });
    const item = await getTryout(season.id, player.id);
    expect(item).toMatchObject({
      id: `${season.id}.${player.id}`,
      season_id: season.id,
      user_id: player.id,
      tryout_number: 1,
      age_group: '15U Girls',
      payment_method: 'cash',
      payment_status: 'cash',
      amount_cents: 4500,
      attended: false,
      result: '',
      email_sent: false,
      first_name: 'Maya',
      last_name: 'Okafor',
      email: player.email,
      date_of_birth: '2010-03-02',
      is_under_18: true,
      parent_consent: true,
      phone_number: '7805550111',
      emergency_contact_name: 'Ada Okafor',
      emergency_contact_phone: '7805550112',
      emergency_contact_email: 'ada.okafor@example.test',
      emergency_contact_relationship: 'guardian',
    });
    expect(item?.checkout_session_id).toBeUndefined();
    expect(item?.checkout_attempt).toBeUndefined();
  });

  it('lets 50 concurrent registrations of one player make exactly one, and uses no number for the others', async () => {
    // Prepare
    await openSeason();
    const player = await createPlayer();
    const next = await createPlayer();

    // Act
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        register(player.token, { payment_method: 'cash', age_group: '15U Boys' }),
      ),
    );
    const after = await register(next.token, { payment_method: 'cash', age_group: '15U Boys' });

    // Assess
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(49);
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'You are already registered for this season.' });
    }
    expect(
      (answers.find((r) => r.status === 201)?.body.tryout as { tryout_number: number }).tryout_number,
    ).toBe(1);
    expect((after.body.tryout as { tryout_number: number }).tryout_number).toBe(2);
  }, 60_000);

  it('gives 200 players registering at once the tryout numbers 1 to 200, each exactly once', async () => {
    // Prepare
    const season = await openSeason();
    const players = await Promise.all(Array.from({ length: 200 }, () => createPlayer()));

    // Act: on a machine busy enough for a registration to give up, its family tries again, as told to
    const answers = await Promise.all(
      players.map((p) => registerUntilNotBusy(p.token, { payment_method: 'cash', age_group: '15U Boys' })),
    );

    // Assess
    expect(answers.map((r) => r.status)).toEqual(Array(200).fill(201));
    const numbers = answers.map((r) => (r.body.tryout as { tryout_number: number }).tryout_number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // The table agrees with the answers: each player holds the number they were told.
    const stored = await Promise.all(players.map((p) => getTryout(season.id, p.id)));
    expect(stored.map((t) => t?.tryout_number)).toEqual(numbers);
  }, 120_000);

  it('keeps numbers unique and gap-free when every registration tries at once (the turn hint defeated)', async () => {
    // Prepare: the queue says every ticket is served, so nobody waits and all 20 race for each number
    const season = await openSeason();
    const players = await Promise.all(Array.from({ length: 20 }, () => createPlayer()));
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryoutQueue(season.id),
        UpdateExpression: 'SET served = :many',
        ExpressionAttributeValues: { ':many': 1_000_000 },
      }),
    );

    // Act
    const answers = await Promise.all(
      players.map((p) => register(p.token, { payment_method: 'cash', age_group: '15U Boys' })),
    );

    // Assess
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = answers.map((r) => (r.body.tryout as { tryout_number: number }).tryout_number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  }, 60_000);
});

/**
 * Starts a registration that dies at one step, as a function cut off by its timeout, a crash or running out
 * of memory would: the table call named is never sent ('before') or its answer never comes back ('after'),
 * and nothing after it runs. Resolves once it has died; the request itself never answers.
 */
async function registerAndDie(
  token: string,
  body: unknown,
  dieAt: { when: 'before' | 'after'; command: 'BatchGetItemCommand' | 'TransactWriteItemsCommand' },
): Promise<void> {
  const name = `die-${Math.random()}`;
  let died!: () => void;
  const dead = new Promise<void>((resolve) => (died = resolve));
  const never = new Promise<never>(() => undefined);
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== dieAt.command) return next(args);
      db().middlewareStack.remove(name);
      if (dieAt.when === 'after') await next(args);
      died();
      return never;
    },
    { step: 'initialize', name },
  );
  void register(token, body);
  await dead;
}

describe('POST /tryouts/register after registrations died midway', () => {
  const cash = { payment_method: 'cash', age_group: '15U Boys' };
  const card = { payment_method: 'stripe', age_group: '15U Boys' };
  const deaths = [
    { body: cash, dieAt: { when: 'before', command: 'BatchGetItemCommand' } }, // turn taken, before the number
    { body: cash, dieAt: { when: 'before', command: 'TransactWriteItemsCommand' } }, // about to take the number
    { body: cash, dieAt: { when: 'after', command: 'TransactWriteItemsCommand' } }, // numbered, turn not given back
    { body: card, dieAt: { when: 'after', command: 'TransactWriteItemsCommand' } }, // numbered, before Stripe
  ] as const;

  it("numbers the next registrations as fast as a season's first, however many died before them", async () => {
    // Prepare: what a season's first registration costs the table, with nobody else around
    await openSeason();
    const first = await createPlayer();
    const firstCalls = await countDynamoCommands(() => register(first.token, cash));
    // ... then a new season in which 16 registrations die, four at each step of the way
    const season = await openSeason({ name: 'Spring 2026 Tryouts' });
    const dead: { player: TestPlayer; numbered: boolean; card: boolean }[] = [];
    for (let round = 0; round < 4; round++) {
      for (const { body, dieAt } of deaths) {
        const player = await createPlayer();
        await registerAndDie(player.token, body, dieAt);
        dead.push({ player, numbered: dieAt.when === 'after', card: body === card });
      }
    }
    const next = await createPlayer();
    const later = await createPlayer();

    // Act: the next family a second later, and the one after
    await new Promise((r) => setTimeout(r, 1_000));
    let nextAnswer!: Awaited<ReturnType<typeof register>>;
    const nextCalls = await countDynamoCommands(async () => (nextAnswer = await register(next.token, cash)));
    let laterAnswer!: Awaited<ReturnType<typeof register>>;
    const laterCalls = await countDynamoCommands(
      async () => (laterAnswer = await register(later.token, cash)),
    );

    // Assess: 8 died holding numbers 1 to 8, so the next are 9 and 10, with no waiting on the dead: the
    // first after them makes one call more (it marks the dead turns served), the one after exactly a first's
    expect(nextAnswer.status).toBe(201);
    expect((nextAnswer.body.tryout as { tryout_number: number }).tryout_number).toBe(9);
    expect((laterAnswer.body.tryout as { tryout_number: number }).tryout_number).toBe(10);
    expect(total(nextCalls)).toBe(total(firstCalls) + 1);
    expect(laterCalls).toEqual(firstCalls);
    const stored = await Promise.all(dead.map((d) => getTryout(season.id, d.player.id)));
    expect(
      stored
        .filter(Boolean)
        .map((t) => t!.tryout_number)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 8 }, (_, i) => i + 1));
    dead.forEach((d, i) => expect(stored[i] !== null).toBe(d.numbered));
  }, 60_000);

  it('leaves each registration whole or absent: the dead card one is payable, the unnumbered ones register again', async () => {
    // Prepare
    const season = await openSeason();
    const cardPlayer = await createPlayer();
    const unnumbered = await createPlayer();
    await registerAndDie(cardPlayer.token, card, deaths[3].dieAt);
    await registerAndDie(unnumbered.token, cash, deaths[1].dieAt);

    // Act: right away, with no quiet spell
    const payAgain = await call('startCheckout', { token: cardPlayer.token });
    const again = await register(unnumbered.token, cash);

    // Assess
    expect(payAgain.status).toBe(200);
    const item = await getTryout(season.id, cardPlayer.id);
    expect(item).toMatchObject({ tryout_number: 1, payment_status: 'pending' });
    expect(item?.checkout_session_id).toBe(sessionIdOf(payAgain.body.url as string));
    expect(again.status).toBe(201);
    expect((again.body.tryout as { tryout_number: number }).tryout_number).toBe(2);
  });

  it('gives a crowd arriving right after the deaths the next numbers, each exactly once', async () => {
    // Prepare
    const season = await openSeason();
    for (const { body, dieAt } of [...deaths, ...deaths]) {
      await registerAndDie((await createPlayer()).token, body, dieAt);
    }
    const crowd = await Promise.all(Array.from({ length: 20 }, () => createPlayer()));

    // Act
    const answers = await Promise.all(crowd.map((p) => registerUntilNotBusy(p.token, cash)));

    // Assess: 4 died numbered (1 to 4); the crowd holds 5 to 24
    const numbers = answers.map((r) => (r.body.tryout as { tryout_number: number }).tryout_number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
    const stored = await Promise.all(crowd.map((p) => getTryout(season.id, p.id)));
    expect(stored.map((t) => t?.tryout_number)).toEqual(numbers);
  }, 60_000);
});

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('POST /tryouts/register refusals, which write nothing', () => {
  it('refuses while the season is closed', async () => {
    await openSeason({ name: 'Spring 2026 Tryouts', is_registration_open: false });
    const player = await createPlayer();
    const before = await tableSnapshot();

    const res = await register(player.token, { payment_method: 'cash', age_group: '15U Boys' });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Registration for Spring 2026 Tryouts is currently closed.' });
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses an age group the season does not offer', async () => {
    await openSeason({ age_groups: ['15U Girls', '17U Girls'] });
    const player = await createPlayer({ date_of_birth: '2012-05-01' });
    const before = await tableSnapshot();

    const res = await register(player.token, { payment_method: 'cash', age_group: '13U Boys' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'That age group is not offered this season. Please choose another.',
    });
    expect(await tableSnapshot()).toBe(before);
  });

  it.each([
    [
      '15U Boys',
      '2009-12-31',
      'Players in 15U Boys must be born in 2010 or later. Please choose an older age group.',
    ],
    [
      '13U Boys',
      '2011-12-31',
      'Players in 13U Boys must be born in 2012 or later. Please choose an older age group.',
    ],
  ])('refuses %s for a player born %s (2025 season)', async (group, born, message) => {
    await openSeason();
    const player = await createPlayer({ date_of_birth: born });
    const before = await tableSnapshot();

    const res = await register(player.token, { payment_method: 'cash', age_group: group });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await tableSnapshot()).toBe(before);
  });

  it.each([
    ['15U Boys', '2010-12-31'],
    ['13U Boys', '2012-01-01'],
  ])('accepts %s for a player born %s (2025 season)', async (group, born) => {
    await openSeason();
    const player = await createPlayer({ date_of_birth: born });

    const res = await register(player.token, { payment_method: 'cash', age_group: group });

    expect(res.status).toBe(201);
  });

  it('refuses an administrator', async () => {
    await openSeason();
    const email = uniqueEmail('admin');
    await ensureSeedAdmin({ email, password: PASSWORD });
    const login = await call('login', { body: { email, password: PASSWORD }, headers: sameOrigin });
    const before = await tableSnapshot();

    const res = await register(login.body.token as string, { payment_method: 'cash', age_group: '15U Boys' });

    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message:
        'Tryout registration is for player accounts. Administrators manage tryouts from the admin area.',
    });
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses a body that names an amount, whatever it is', async () => {
    await openSeason();
    const player = await createPlayer();
    const before = await tableSnapshot();

    const res = await register(player.token, { payment_method: 'stripe', age_group: '15U Boys', amount: 1 });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unexpected field: amount.');
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses a second registration for the same season after the first', async () => {
    const season = await openSeason();
    const player = await createPlayer();
    await register(player.token, { payment_method: 'cash', age_group: '15U Boys' });
    const before = await tableSnapshot();

    const res = await register(player.token, { payment_method: 'stripe', age_group: '16U Boys' });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'You are already registered for this season.' });
    expect(await tableSnapshot()).toBe(before);
    expect((await getTryout(season.id, player.id))?.id).toBe(tryoutId.of(season.id, player.id));
  });
});

describe('POST /tryouts/register, card', () => {
  it('answers a checkout URL for a session of the season fee in CAD, and keeps the registration pending on it', async () => {
    // Prepare
    const season = await openSeason();
    const player = await createPlayer();

    // Act
    const res = await register(player.token, { payment_method: 'stripe', age_group: '15U Boys' });

    // Assess
    expect(res.status).toBe(201);
    const url = res.body.url as string;
    expect(url).toMatch(new RegExp(`^${process.env.STRIPE_API_BASE}/checkout/cs_test_\\w+$`));
    expect(res.body.tryout).toMatchObject({
      tryout_number: 1,
      payment_method: 'stripe',
      payment_status: 'pending',
    });
    const sessionId = sessionIdOf(url);
    const session = await sessionOnStandIn(sessionId);
    expect(session).toMatchObject({
      status: 'open',
      mode: 'payment',
      amount_total: 4500,
      currency: 'cad',
      client_reference_id: `${season.id}.${player.id}`,
      customer_email: player.email,
      metadata: { tryout_id: `${season.id}.${player.id}`, season_id: season.id, user_id: player.id },
      success_url: 'http://localhost:5173/dashboard?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/payment/cancelled',
    });
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(Math.abs(session.expires_at - inAnHour)).toBeLessThan(60);
    expect(await getTryout(season.id, player.id)).toMatchObject({
      payment_method: 'stripe',
      payment_status: 'pending',
      amount_cents: 4500,
      checkout_attempt: 1,
      checkout_session_id: sessionId,
    });
  });

  it('keeps the registration, pending and payable, when Stripe cannot be reached, and says so with a 503', async () => {
    // Prepare: Stripe is down (nothing listens on the port)
    const season = await openSeason();
    const player = await createPlayer();
    const standIn = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${await freePort()}`;
    resetConfigForTests();
    resetStripeClientForTests();

    // Act
    let res;
    try {
      res = await register(player.token, { payment_method: 'stripe', age_group: '15U Boys' });
    } finally {
      process.env.STRIPE_API_BASE = standIn;
      resetConfigForTests();
      resetStripeClientForTests();
    }
    const payAgain = await call('startCheckout', { token: player.token });

    // Assess
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message:
        'Your registration is saved, but the card payment could not start. Please try again from your dashboard.',
    });
    expect(payAgain.status).toBe(200);
    const item = await getTryout(season.id, player.id);
    expect(item).toMatchObject({ tryout_number: 1, payment_status: 'pending' });
    expect(item?.checkout_session_id).toBe(sessionIdOf(payAgain.body.url as string));
    expect((await sessionOnStandIn(item!.checkout_session_id!)).status).toBe('open');
  }, 30_000);
});
