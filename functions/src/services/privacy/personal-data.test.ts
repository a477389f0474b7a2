/**
 * Personal data declared once (issue 44, decision 0069), held to what the table keeps: every declared personal
 * field of every kind of record is filled with a random marker, then an account is deleted, an athlete is
 * removed, or a season passes retention, and the whole table is read. A marker the declaration says goes is
 * nowhere; one that stays (another person's, or a record the deletion does not reach) is still there.
 */
import { PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PERSONAL_DATA, type RecordKind } from '@club/shared/personal-data';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { getUser } from '../../db/accounts/users';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { aHouseholdRegistration, anAthlete, ok, uniqueEmail } from '../../../test/builders';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { createPlayer, openSeason, tableText, type TestPlayer } from '../../../test/players';
import { eraseAccount } from './account-deletion';
import { runRetention } from './retention';

type Item = Record<string, unknown>;

/** How the test finds each kind's items in the table: a new kind declared must be taught here. */
const ITEMS_OF: Record<RecordKind, (item: Item, family: Family) => boolean> = {
  account: (item, f) => item.PK === `USER#${f.parent.id}` && item.SK === 'PROFILE',
  athlete: (item, f) => f.athleteIds.some((id) => item.SK === `ATHLETE#${id}`),
  registration: (item, f) =>
    String(item.SK).startsWith('TRYOUT#') && f.athleteIds.includes(String(item.player_id)),
  'waiting-registration': (item) => String(item.SK).startsWith('PENDING#'),
  'waitlist-entry': (item) => String(item.SK).startsWith('WAITLIST#'),
  household: (item, f) => item.type === 'household-invite' && item.invited_by === f.parent.id,
  helper: (item, f) =>
    (item.type === 'helper' || item.type === 'helper-grant') && item.user_id === f.parent.id,
  scores: (item, f) => String(item.PK).startsWith('SCORES#') && f.athleteIds.includes(String(item.player_id)),
  refund: (item, f) => f.athleteIds.some((id) => String(item.SK).startsWith(`REFUND#${id}#`)),
  offer: (item, f) => f.athleteIds.some((id) => item.SK === `OFFER#${id}`),
  instalment: (item, f) => f.athleteIds.some((id) => String(item.SK).startsWith(`INSTALMENT#${id}#`)),
  'etransfer-line': (item, f) =>
    item.SK === 'ETROW' && f.athleteIds.some((id) => String(item.tryout_id).endsWith(`.${id}`)),
};

interface Family {
  parent: TestPlayer;
  athleteIds: string[];
  seasonId: string;
}

async function scan(): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * A family as the site makes one: a parent (a player's account) with a child registered in cash, paid,
 * partly refunded and then withdrawn, a guardian invited, the parent an evaluator of the season, an evaluator's score with a note
 * about the child, and the child's registration waiting for its number (written as a request that died
 * before numbering leaves it).
 */
async function aFamily(label: string): Promise<Family> {
  const admin = await createAdmin();
  const parent = await createPlayer({ first_name: 'Perpetua', email: uniqueEmail(label) });
  const season = await openSeason({ name: `Declared ${label}` });
  const child = (
    await ok(
      'addAthlete',
      { token: parent.token, body: anAthlete({ first_name: 'Octavia', last_name: 'Fee' }) },
      201,
    )
  ).body as { id: string };
  await ok('registerTryout', { token: parent.token, body: aHouseholdRegistration([child.id]) }, 201);
  const id = `${season.id}.${child.id}`;
  await ok('setCashCollected', { token: admin.token, params: { id }, body: { collected: true } });
  await ok('refundTryout', {
    token: admin.token,
    params: { id },
    body: { amount_cents: 1000, reason: 'Hurt a wrist', idempotency_key: `refund-${label}`.slice(0, 64) },
  });
  await ok('withdrawHouseholdTryout', { token: parent.token, params: { id: child.id } });
  const invited = await call('inviteGuardian', {
    token: parent.token,
    body: { email: uniqueEmail('invited') },
  });
  expect(invited.status, String(invited.body.message)).toBeLessThan(300);
  await ok(
    'inviteHelper',
    {
      token: admin.token,
      params: { id: season.id },
      body: { email: parent.email, role: 'evaluator', age_groups: ['15U Boys'] },
    },
    201,
  );
  const link = tokenFromLink(await linkFromLatestMail(parent.email, /\/helpers\/accept#/));
  await ok('acceptHelper', { token: parent.token, body: { token: link } });
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.scoresOfGroup(season.id, '15U Boys'),
        SK: `evaluator-other#${child.id}#shooting`,
        type: 'score',
        season_id: season.id,
        age_group: '15U Boys',
        evaluator_id: 'evaluator-other',
        player_id: child.id,
        value: 4,
      },
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.waitingTryout(season.id, child.id),
        type: 'tryout-waiting',
        tryout: { season_id: season.id, player_id: child.id },
        position: 0,
      },
    }),
  );
  // ... and on a full group's waitlist (issue 45), as a batch puts it there
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.waitlistEntry(season.id, child.id),
        type: 'tryout-waitlisted',
        season_id: season.id,
        player_id: child.id,
        user_id: parent.id,
        age_group: '15U Boys',
        tryout: { season_id: season.id, player_id: child.id },
        waitlist_seq: 1,
        waitlisted_at: new Date().toISOString(),
      },
    }),
  );
  // ... and offered a place on a team, whose fee a checkout was started for and then declined with a reason
  // (issue 45), as the offers and the team fee's checkout write it
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.offer(season.id, child.id),
        type: 'offer',
        id: `${season.id}.${child.id}`,
        season_id: season.id,
        player_id: child.id,
        team_id: `${season.id}.${season.id}`,
        state: 'declined',
        round: 1,
        from: 'placement',
        offered_at: new Date().toISOString(),
        respond_by: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        answered_at: new Date().toISOString(),
        decline_reason: 'Moving away',
        fee_cents: 35_000,
        fee_checkout_attempt: 1,
        fee_checkout_expires_at: 2_000_000_000,
        fee_checkout_session_id: 'cs_test_declared',
        fee_checkout_user_id: parent.id,
        fee_checkout_email: parent.email,
        fee_checkout_line: 'Octavia Fee · 15U Boys team',
      },
    }),
  );
  // ... and its fee's second instalment (issue 46), still to be charged to the card the family saved when a
  // declined one was paid from its link, as the first instalment's checkout and that link write it
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.instalment(season.id, child.id, 2),
        type: 'instalment',
        season_id: season.id,
        player_id: child.id,
        offer_id: `${season.id}.${child.id}`,
        n: 2,
        amount_cents: 17_500,
        due_date: '2026-10-01',
        state: 'scheduled',
        attempts: 1,
        customer_id: 'cus_declared',
        payment_method_id: 'pm_declared',
        checkout_attempt: 1,
        checkout_user_id: parent.id,
      },
    }),
  );
  // ... and a line of the bank's file that paid the registration by e-Transfer (issue 46), as an import
  // writes it: the line, and its id on the registration.
  const rowId = `declared-${label}`.replace(/[^A-Za-z0-9_-]/g, '');
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.etransferRow(rowId),
        type: 'etransfer-row',
        row_id: rowId,
        date: '2026-09-04',
        sender: 'FEE, PERPETUA',
        amount_cents: 4500,
        message: 'Octavia tryouts',
        state: 'applied',
        tryout_id: id,
        season_id: season.id,
      },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.tryout(season.id, child.id),
      UpdateExpression: 'SET etransfer_row_id = :row',
      ExpressionAttributeValues: { ':row': rowId },
    }),
  );
  return { parent, athleteIds: [child.id], seasonId: season.id };
}

/** The family's offer's checkout attempt, as the table holds it. */
async function checkoutOf(family: Family): Promise<Item> {
  const offer = (await scan()).find((item) => ITEMS_OF.offer(item, family));
  expect(offer).toBeDefined();
  return Object.fromEntries(Object.entries(offer!).filter(([field]) => field.startsWith('fee_checkout_')));
}

/** What an offer's checkout keeps once its person is gone: the attempt, not who paid, nor the name. */
const CHECKOUT_KEPT = {
  fee_checkout_attempt: 1,
  fee_checkout_expires_at: 2_000_000_000,
  fee_checkout_session_id: 'cs_test_declared',
};

/** The family's instalment as the table holds it: what is left of who paid it and how. */
async function instalmentOf(family: Family): Promise<Item> {
  const item = (await scan()).find((i) => ITEMS_OF.instalment(i, family));
  expect(item).toBeDefined();
  const { state, amount_cents, customer_id, payment_method_id, checkout_user_id } = item!;
  return { state, amount_cents, customer_id, payment_method_id, checkout_user_id };
}

/** What an instalment keeps once its person is gone: its amount, stopped, no account nor saved card. */
const INSTALMENT_KEPT = {
  state: 'stopped',
  amount_cents: 17_500,
  customer_id: undefined,
  payment_method_id: undefined,
  checkout_user_id: undefined,
};

/** A record's field, as the survivors are named below. */
type Place = `${RecordKind}.${string}`;

/**
 * Writes a marker into every declared personal field of every item of every kind the family has; answers
 * each marker's place. Every kind must have at least one item, so none goes untested.
 */
async function fillWithMarkers(family: Family, seed: string): Promise<Map<string, Place>> {
  const items = await scan();
  const markers = new Map<string, Place>();
  for (const record of PERSONAL_DATA) {
    const own = items.filter((item) => ITEMS_OF[record.kind](item, family));
    expect({ kind: record.kind, items: own.length > 0 }).toEqual({ kind: record.kind, items: true });
    const fields = record.fields.filter((f) => f.personal);
    for (const [n, item] of own.entries()) {
      const names: Record<string, string> = {};
      const values: Record<string, string> = {};
      const sets = fields.map((f, i) => {
        const marker = `mk${seed}x${record.kind}x${f.field}x${n}`.toLowerCase();
        markers.set(marker, `${record.kind}.${f.field}`);
        names[`#f${i}`] = f.field;
        values[`:m${i}`] = marker;
        return `#f${i} = :m${i}`;
      });
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: `SET ${sets.join(', ')}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    }
  }
  return markers;
}

/** The places whose marker is still somewhere in the table. */
async function surviving(markers: Map<string, Place>): Promise<Place[]> {
  const text = await tableText();
  return [
    ...new Set([...markers].filter(([marker]) => text.includes(marker)).map(([, place]) => place)),
  ].sort();
}

const seeds = fc.stringMatching(/^[a-z0-9]{10}$/);
const RUNS = { numRuns: 2 };

describe('every declared personal field is reached by each deletion (issue 44)', () => {
  it('an account’s deletion leaves no marker of its family but another evaluator’s name', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        // Prepare
        const family = await aFamily(`account-${seed}`);
        const markers = await fillWithMarkers(family, seed);
        const before = (await scan()).find((item) => ITEMS_OF.registration(item, family))!;

        // Act
        await eraseAccount((await getUser(family.parent.id))!, new Date(), 'member');

        // Assess: only the score's evaluator (someone else) keeps their name
        expect(await surviving(markers)).toEqual(['scores.evaluator_name']);
        expect(await checkoutOf(family)).toEqual(CHECKOUT_KEPT);
        expect(await instalmentOf(family)).toEqual(INSTALMENT_KEPT);
        const after = (await scan()).find((item) => ITEMS_OF.registration(item, family))!;
        expect(after).toMatchObject({
          first_name: 'Deleted',
          last_name: 'member',
          tryout_number: before.tryout_number,
          age_group: '15U Boys',
          payment_method: 'cash',
          withdrawn: true,
        });
      }),
      RUNS,
    );
  }, 180_000);

  it('an athlete’s removal leaves no marker of the athlete; the family’s own data stays', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        // Prepare
        const family = await aFamily(`athlete-${seed}`);
        const markers = await fillWithMarkers(family, seed);

        // Act
        const removed = await call('deleteAthlete', {
          token: family.parent.token,
          params: { id: family.athleteIds[0]! },
        });

        // Assess
        expect(removed.status, String(removed.body.message)).toBe(200);
        expect(await surviving(markers)).toEqual([
          'account.email',
          'account.first_name',
          'account.last_name',
          'account.passwordHash',
          'account.pendingEmail',
          'account.phone_number',
          'helper.email',
          'helper.name',
          'household.email',
          'scores.evaluator_name',
        ]);
        expect(await checkoutOf(family)).toEqual(CHECKOUT_KEPT);
        expect(await instalmentOf(family)).toEqual(INSTALMENT_KEPT);
      }),
      RUNS,
    );
  }, 180_000);

  it('a season past retention leaves no marker of its registrations, scores or helpers', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        // Prepare: the family's season, then a newer one active
        const family = await aFamily(`retention-${seed}`);
        const markers = await fillWithMarkers(family, seed);
        await openSeason({ name: `Declared after ${seed}` });

        // Act: long after the family's season
        const report = await runRetention(new Date('2040-01-01T00:00:00.000Z'), 24);

        // Assess: the accounts and households are the idle-account rule's, not the season's
        expect(report.seasonsCleared).toBeGreaterThanOrEqual(1);
        expect(await surviving(markers)).toEqual([
          'account.email',
          'account.first_name',
          'account.last_name',
          'account.passwordHash',
          'account.pendingEmail',
          'account.phone_number',
          'athlete.date_of_birth',
          'athlete.division',
          'athlete.emergency_contact_email',
          'athlete.emergency_contact_name',
          'athlete.emergency_contact_phone',
          'athlete.emergency_contact_relationship',
          'athlete.first_name',
          'athlete.last_name',
          'athlete.medical_notes',
          'athlete.parent_consent',
          'household.email',
        ]);
        expect(await checkoutOf(family)).toEqual(CHECKOUT_KEPT);
        expect(await instalmentOf(family)).toEqual(INSTALMENT_KEPT);
      }),
      RUNS,
    );
  }, 180_000);
});

describe('every declared personal field the export hands out is in it (issue 44)', () => {
  it('the JSON copy and the readable page hold the family’s markers, never a secret', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        // Prepare
        const family = await aFamily(`export-${seed}`);
        const markers = await fillWithMarkers(family, seed);
        const places = (text: string) =>
          [...new Set([...markers].filter(([m]) => text.toLowerCase().includes(m)).map(([, p]) => p))].sort();

        // Act
        const json = await call('exportAccount', { token: family.parent.token });
        const page = await call('exportAccount', { token: family.parent.token, query: { format: 'html' } });

        // Assess: the JSON copy holds every exported field as stored; the password's hash never
        expect(json.status).toBe(200);
        expect(places(json.text)).toEqual([
          'account.email',
          'account.first_name',
          'account.last_name',
          'account.pendingEmail',
          'account.phone_number',
          'athlete.date_of_birth',
          'athlete.division',
          'athlete.emergency_contact_email',
          'athlete.emergency_contact_name',
          'athlete.emergency_contact_phone',
          'athlete.emergency_contact_relationship',
          'athlete.first_name',
          'athlete.last_name',
          'athlete.medical_notes',
          'athlete.parent_consent',
          'helper.name',
          'instalment.customer_id',
          'instalment.payment_method_id',
          'offer.decline_reason',
          'offer.fee_checkout_email',
          'offer.fee_checkout_line',
          'offer.rescind_reason',
          'offer.waiver',
          'refund.reason',
          'registration.date_of_birth',
          'registration.email',
          'registration.emergency_contact_email',
          'registration.emergency_contact_name',
          'registration.emergency_contact_phone',
          'registration.emergency_contact_relationship',
          'registration.first_name',
          'registration.guardians',
          'registration.last_name',
          'registration.medical_notes',
          'registration.phone_number',
          'registration.waiver',
          'registration.withdrawn_by',
          'waiting-registration.tryout',
          'waitlist-entry.tryout',
        ]);
        // The readable page says it in words: names, contacts and notes, not the stored shapes
        expect(page.status).toBe(200);
        expect(places(page.text)).toEqual(
          expect.arrayContaining([
            'account.email',
            'account.first_name',
            'athlete.first_name',
            'athlete.emergency_contact_name',
            'registration.medical_notes',
            'registration.emergency_contact_phone',
          ]),
        );
        expect(places(page.text)).not.toContain('account.passwordHash');
      }),
      RUNS,
    );
  }, 180_000);
});

describe('a registration waiting for its number is the family’s to see (issue 44)', () => {
  it('is in the JSON copy with its season, and the readable page says its number is being given', async () => {
    // Prepare: a family whose child's registration waits for its number
    const family = await aFamily('waiting-export');

    // Act
    const json = await call('exportAccount', { token: family.parent.token });
    const page = await call('exportAccount', { token: family.parent.token, query: { format: 'html' } });

    // Assess
    expect(json.status).toBe(200);
    expect(json.body.waiting_registrations).toEqual([
      expect.objectContaining({
        season_name: 'Declared waiting-export',
        tryout: { season_id: family.seasonId, player_id: family.athleteIds[0] },
      }),
    ]);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Registrations waiting for their tryout number');
    expect(page.text).toContain('being given: it shows on your dashboard within moments');
  }, 60_000);
});
