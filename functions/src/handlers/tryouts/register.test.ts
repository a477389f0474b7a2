import { tryoutId } from '@club/shared';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/src/local/ports';
import { db, tableName } from '../../db/platform/client';
import { countDynamoCommands } from '../../dev/count-commands';
import { insertRegistrations, numberBatch } from '../../db/registration/tryout-numbers';
import { endTurn, renewTurn, takeTurn } from '../../db/registration/numbering-turn';
import { numberWaitingRegistrations } from '../../services/registration/numbering-sweep';
import { deliverQueuedFamilyMail } from '../../../test/family-mail';
import { mailsTo } from '../../../test/mailbox';
import { getTryout } from '../../db/registration/registrations';
import { resetConfigForTests } from '../../lib/config';
import { resetStripeClientForTests } from '../../payments/stripe-client';
import { ensureSeedAdmin } from '../../services/accounts/accounts';
import { call } from '../../../test/api';
import { PASSWORD, sameOrigin, uniqueEmail } from '../../../test/accounts';
import { createPlayer, newTryout, openSeason, tableSnapshot, type TestPlayer } from '../../../test/players';
import { sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import { aHouseholdRegistration, anAthlete, aTryoutRegistration, ok } from '../../../test/builders';

const register = (token: string, body: unknown) => call('registerTryout', { token, body });

// First in the file: the table has no season until a test creates one.
describe('POST /tryouts/register before any season exists', () => {
  it('refuses with 404 and writes nothing', async () => {
    const player = await createPlayer();
    const before = await tableSnapshot();

    const res = await register(player.token, aTryoutRegistration({ age_group: '15U Boys' }));

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
    const res = await register(player.token, aTryoutRegistration({ age_group: '15U Girls' }));

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
        register(player.token, aTryoutRegistration({ age_group: '15U Boys' })),
      ),
    );
    const after = await register(next.token, aTryoutRegistration({ age_group: '15U Boys' }));

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

  it('registers 200 players arriving at once, refusing none: numbers 1 to 200, each exactly once', async () => {
    // Prepare
    const season = await openSeason();
    const players = await Promise.all(Array.from({ length: 200 }, () => createPlayer()));

    // Act
    const answers = await Promise.all(
      players.map((p) => register(p.token, aTryoutRegistration({ age_group: '15U Boys' }))),
    );

    // Assess: each is told its number, or (on a machine too busy to number it within the request's time)
    // that it is registered and the number follows; never refused
    const numberFollows = {
      number_follows: true,
      message: 'We have your registration. Its tryout number will be on your dashboard within a minute.',
    };
    for (const res of answers) {
      if (res.status !== 201) expect([res.status, res.body]).toEqual([202, numberFollows]);
    }
    // The numbers that followed come from the minute's sweep, as in AWS (it numbers nothing twice).
    const followed = answers.filter((res) => res.status === 202).length;
    for (let tries = 0; followed > 0 && (await waitingCount(season.id)) > 0 && tries < 60; tries += 1) {
      await numberWaitingRegistrations(new Date());
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const stored = await Promise.all(players.map((p) => getTryout(season.id, p.id)));
    expect(stored.map((t) => t?.tryout_number).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    // The table agrees with the answers: each player told a number holds it.
    answers.forEach((res, i) => {
      if (res.status === 201) {
        expect((res.body.tryout as { tryout_number: number }).tryout_number).toBe(stored[i]!.tryout_number);
      }
    });
    expect(await waitingCount(season.id)).toBe(0);
  }, 180_000);

  it('numbers 200 registrations written at once 1 to 200, each exactly once, with one batch per turn', async () => {
    // Prepare
    const season = await openSeason();
    const players = await Promise.all(Array.from({ length: 200 }, () => createPlayer()));

    // Act
    const outcomes = await Promise.all(
      players.map((p) =>
        insertRegistrations([newTryout(season.id, p)], { reference_year: 2025 }, Date.now() + 170_000),
      ),
    );

    // Assess
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(200).fill('created'));
    const numbers = outcomes.map((o) => (o.outcome === 'created' ? o.tryouts[0]!.tryout_number : 0));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const stored = await Promise.all(players.map((p) => getTryout(season.id, p.id)));
    expect(stored.map((t) => t?.tryout_number)).toEqual(numbers);
  }, 180_000);

  it('keeps numbers unique and gap-free when 10 batches race for the same waiting registrations', async () => {
    // Prepare: 40 registrations written and left waiting (each gave up at once)
    const season = await openSeason();
    const players = await Promise.all(Array.from({ length: 40 }, () => createPlayer()));
    for (const p of players.slice(0, 40)) {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { PK: `SEASON#${season.id}`, SK: `PENDING#${p.id}`, tryout: newTryout(season.id, p) },
        }),
      );
    }

    // Act: ten numberers at once, with no turn to keep them apart, each until nothing waits
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (;;) {
          const batch = await numberBatch(season.id);
          if (batch?.length === 0) return;
        }
      }),
    );

    // Assess
    const stored = await Promise.all(players.map((p) => getTryout(season.id, p.id)));
    expect(stored.map((t) => t?.tryout_number).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(await waitingCount(season.id)).toBe(0);
  }, 60_000);
});

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** How many registrations of a season are written and still waiting for their number. */
async function waitingCount(seasonId: string): Promise<number> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :waiting)',
      ExpressionAttributeValues: { ':pk': `SEASON#${seasonId}`, ':waiting': 'PENDING#' },
      ConsistentRead: true,
    }),
  );
  return out.Items?.length ?? 0;
}

/**
 * Starts a registration that dies at one step, as a function cut off by its timeout, a crash or running out
 * of memory would: the nth table call of that kind is never sent ('before') or its answer never comes back
 * ('after'), and nothing after it runs. Resolves once it has died; the request itself never answers.
 */
async function registerAndDie(
  token: string,
  body: unknown,
  dieAt: { when: 'before' | 'after'; command: 'TransactWriteItemsCommand'; nth: 1 | 2 },
): Promise<void> {
  const name = `die-${Math.random()}`;
  let died!: () => void;
  let seen = 0;
  const dead = new Promise<void>((resolve) => (died = resolve));
  const never = new Promise<never>(() => undefined);
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== dieAt.command || ++seen < dieAt.nth) return next(args);
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
  const cash = aTryoutRegistration({ age_group: '15U Boys' });
  const card = aTryoutRegistration({ payment_method: 'stripe', age_group: '15U Boys' });
  const tx = 'TransactWriteItemsCommand' as const;
  const deaths = [
    { body: cash, dieAt: { when: 'before', command: tx, nth: 1 } }, // nothing written
    { body: cash, dieAt: { when: 'after', command: tx, nth: 1 } }, // written, waiting for its number
    { body: cash, dieAt: { when: 'after', command: tx, nth: 2 } }, // numbered, before its mail
    { body: card, dieAt: { when: 'after', command: tx, nth: 2 } }, // numbered, before Stripe
  ] as const;

  it("numbers what the dead wrote, and costs the registration after them no more than a season's first", async () => {
    // Prepare: what a season's first registration costs the table, with nobody else around (the mail of the
    // tests before, which waited for numbers, delivered first: NUMBER_WAIT_S is 5)
    await new Promise((r) => setTimeout(r, 5_500));
    await deliverQueuedFamilyMail();
    await openSeason();
    const first = await createPlayer();
    const firstCalls = await countDynamoCommands(() => register(first.token, cash));
    // ... then a new season in which 16 registrations die, four at each step of the way
    const season = await openSeason({ name: 'Spring 2026 Tryouts' });
    const dead: TestPlayer[] = [];
    for (let round = 0; round < 4; round++) {
      for (const { body, dieAt } of deaths) {
        const player = await createPlayer();
        await registerAndDie(player.token, body, dieAt);
        dead.push(player);
      }
    }
    const next = await createPlayer();
    const later = await createPlayer();

    // Act
    let nextAnswer!: Awaited<ReturnType<typeof register>>;
    const nextCalls = await countDynamoCommands(async () => (nextAnswer = await register(next.token, cash)));
    let laterAnswer!: Awaited<ReturnType<typeof register>>;
    const laterCalls = await countDynamoCommands(
      async () => (laterAnswer = await register(later.token, cash)),
    );

    // Assess: 12 of the dead wrote their registration (the 4 that died before writing did not), and each
    // holds one of 1 to 12, numbered by the batches after it; the next are 13 and 14. The last to die held the
    // numbering turn, so the next waited it out; the one after costs what a season's first did.
    expect(nextAnswer.status).toBe(201);
    expect((nextAnswer.body.tryout as { tryout_number: number }).tryout_number).toBe(13);
    expect((laterAnswer.body.tryout as { tryout_number: number }).tryout_number).toBe(14);
    expect(total(nextCalls)).toBeGreaterThan(total(firstCalls));
    expect(laterCalls).toEqual(firstCalls);
    const stored = await Promise.all(dead.map((p) => getTryout(season.id, p.id)));
    expect(stored.map((t) => t !== null)).toEqual(Array.from({ length: 16 }, (_, i) => i % 4 !== 0));
    expect(
      stored
        .filter(Boolean)
        .map((t) => t!.tryout_number)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await waitingCount(season.id)).toBe(0);
  }, 60_000);

  it('leaves each registration whole: the dead card one is payable, the waiting one is numbered when its family tries again', async () => {
    // Prepare
    const season = await openSeason();
    const cardPlayer = await createPlayer();
    const waitingPlayer = await createPlayer();
    await registerAndDie(cardPlayer.token, card, deaths[3].dieAt);
    await registerAndDie(waitingPlayer.token, cash, deaths[1].dieAt);

    // Act
    const payAgain = await call('startCheckout', { token: cardPlayer.token });
    const again = await register(waitingPlayer.token, cash);

    // Assess: the retry is told it is registered, and its registration is there, numbered
    expect(payAgain.status).toBe(200);
    const item = await getTryout(season.id, cardPlayer.id);
    expect(item).toMatchObject({ tryout_number: 1, payment_status: 'pending' });
    expect(item?.checkout_session_id).toBe(sessionIdOf(payAgain.body.url as string));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You are already registered for this season.' });
    expect(await getTryout(season.id, waitingPlayer.id)).toMatchObject({ tryout_number: 2 });
    const mine = await call('getMyTryout', { token: waitingPlayer.token });
    expect(mine.body).toMatchObject({ tryout_number: 2 });
  });

  it("leaves a registration whose request died after writing it to the minute's sweep: numbered and confirmed once", async () => {
    // Prepare: the season's only registration dies written and waiting, with nobody after it
    const season = await openSeason();
    const player = await createPlayer();
    await registerAndDie(player.token, cash, deaths[1].dieAt);
    expect(await waitingCount(season.id)).toBe(1);
    expect(await getTryout(season.id, player.id)).toBeNull();

    // Act: the sweep, twice (an overlapping run numbers and mails nothing twice)
    await Promise.all([numberWaitingRegistrations(new Date()), numberWaitingRegistrations(new Date())]);
    await deliverQueuedFamilyMail();

    // Assess
    expect(await getTryout(season.id, player.id)).toMatchObject({ tryout_number: 1, payment_status: 'cash' });
    expect(await waitingCount(season.id)).toBe(0);
    const confirmations = (await mailsTo(player.email)).filter((m) =>
      m.subject.startsWith("You're registered: Fall 2025 Tryouts"),
    );
    expect(confirmations).toHaveLength(1);
  });

  it('tells a household whose numbers are held up that they follow (202), and mails it once, whole, when numbered', async () => {
    // Prepare: a batch stuck holding the season's numbering turn, renewed past the request's 15 seconds
    const season = await openSeason();
    const parent = await createPlayer({ first_name: 'Morgan' });
    const children: string[] = [];
    for (const first_name of ['Freya', 'Leo']) {
      const added = await call('addAthlete', {
        token: parent.token,
        body: anAthlete({
          first_name,
          last_name: 'Quinn',
          date_of_birth: '2010-06-15',
          emergency_contact_phone: '780-555-0134',
        }),
      });
      expect(added.status, String(added.body.message)).toBe(201);
      children.push((added.body as { id: string }).id);
    }
    const stuck = await takeTurn(season.id);
    expect(stuck).not.toBeNull();
    let holding = true;
    const held = (async () => {
      while (holding) {
        await renewTurn(season.id, stuck!);
        await new Promise((r) => setTimeout(r, 300));
      }
    })();
    const confirmations = async () =>
      (await mailsTo(parent.email)).filter((m) => m.subject.includes('Fall 2025 Tryouts'));

    // Act
    const res = await register(
      parent.token,
      aHouseholdRegistration(children.map((athlete_id) => ({ athlete_id, age_group: '15U Boys' }))),
    );

    // Assess: registered, not refused, and told the numbers follow; nothing mailed without them
    expect([res.status, res.body]).toEqual([
      202,
      {
        number_follows: true,
        message: 'We have your registration. Its tryout number will be on your dashboard within a minute.',
      },
    ]);
    expect(await waitingCount(season.id)).toBe(2);
    expect(await confirmations()).toHaveLength(0);
    // The stuck batch's turn ends; the next family's batch numbers both before its own, and the mail that
    // waited goes, once.
    holding = false;
    await held;
    await endTurn(season.id, stuck!);
    const next = await createPlayer();
    const after = await register(next.token, aTryoutRegistration({ age_group: '15U Boys' }));
    expect((after.body.tryout as { tryout_number: number }).tryout_number).toBe(3);
    await new Promise((r) => setTimeout(r, 5_500));
    await deliverQueuedFamilyMail();
    await deliverQueuedFamilyMail();
    const stored = await Promise.all(children.map((id) => getTryout(season.id, id)));
    expect(stored.map((t) => t?.tryout_number)).toEqual([1, 2]);
    const mailed = await confirmations();
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.body.text).toMatch(/Freya: tryout number 1[\s\S]*Leo: tryout number 2/);
  }, 60_000);

  it('gives a crowd arriving right after the deaths the next numbers, each exactly once', async () => {
    // Prepare: two rounds of deaths leave 6 registrations (numbered 1 to 6 by the batches after them)
    const season = await openSeason();
    for (const { body, dieAt } of [...deaths, ...deaths]) {
      await registerAndDie((await createPlayer()).token, body, dieAt);
    }
    const crowd = await Promise.all(Array.from({ length: 20 }, () => createPlayer()));

    // Act
    const answers = await Promise.all(crowd.map((p) => register(p.token, cash)));

    // Assess
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = answers.map((r) => (r.body.tryout as { tryout_number: number }).tryout_number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 7));
    const stored = await Promise.all(crowd.map((p) => getTryout(season.id, p.id)));
    expect(stored.map((t) => t?.tryout_number)).toEqual(numbers);
  }, 60_000);
});

describe('POST /tryouts/register refusals, which write nothing', () => {
  it('refuses while the season is closed', async () => {
    await openSeason({ name: 'Spring 2026 Tryouts', is_registration_open: false });
    const player = await createPlayer();
    const before = await tableSnapshot();

    const res = await register(player.token, aTryoutRegistration({ age_group: '15U Boys' }));

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Registration for Spring 2026 Tryouts is currently closed.' });
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses an age group the season does not offer', async () => {
    await openSeason({ age_groups: ['15U Girls', '17U Girls'] });
    const player = await createPlayer({ date_of_birth: '2012-05-01' });
    const before = await tableSnapshot();

    const res = await register(player.token, aTryoutRegistration({ age_group: '13U Boys' }));

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

    const res = await register(player.token, aTryoutRegistration({ age_group: group }));

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

    const res = await register(player.token, aTryoutRegistration({ age_group: group }));

    expect(res.status).toBe(201);
  });

  it('refuses an administrator', async () => {
    await openSeason();
    const email = uniqueEmail('admin');
    await ensureSeedAdmin({ email, password: PASSWORD });
    const login = await ok('login', { body: { email, password: PASSWORD }, headers: sameOrigin });
    const before = await tableSnapshot();

    const res = await register(login.body.token as string, aTryoutRegistration({ age_group: '15U Boys' }));

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

    const res = await register(
      player.token,
      aTryoutRegistration({ payment_method: 'stripe', age_group: '15U Boys', amount: 1 }),
    );

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unexpected field: amount.');
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses a second registration for the same season after the first', async () => {
    const season = await openSeason();
    const player = await createPlayer();
    await register(player.token, aTryoutRegistration({ age_group: '15U Boys' }));
    const before = await tableSnapshot();

    const res = await register(
      player.token,
      aTryoutRegistration({ payment_method: 'stripe', age_group: '16U Boys' }),
    );

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
    const res = await register(
      player.token,
      aTryoutRegistration({ payment_method: 'stripe', age_group: '15U Boys' }),
    );

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
      res = await register(
        player.token,
        aTryoutRegistration({ payment_method: 'stripe', age_group: '15U Boys' }),
      );
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
