/**
 * Issue 46 §2: a season that takes Interac e-Transfer (the admin's setting, with the club's address), a
 * family registering to pay by it (awaiting e-Transfer, numbered at once like cash), the unique reference
 * code, what the dashboard and the confirmation mail tell the family to send; and a season without it,
 * which refuses the method.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AdminSeason, HouseholdTryout, MyTryout, Season } from '@club/shared';
import { db, tableName } from '../../db/platform/client';
import { claimReferenceFor } from '../../services/money/etransfer';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, tableSnapshot, type TestPlayer } from '../../../test/players';
import { aHouseholdRegistration, anAthlete, aTryoutRegistration, ok } from '../../../test/builders';

const CODE = /^[2-9A-HJ-NP-Z]{8}$/;
const ADDRESS = 'treasurer@summit.test';

/** The active season ($45.00, sibling fee $30.00) taking e-Transfer at ADDRESS. */
async function etransferSeason(): Promise<{ seasonId: string; admin: TestPlayer }> {
  const seasonId = (await openSeason()).id;
  const admin = await createAdmin();
  await ok('updateSeason', {
    token: admin.token,
    params: { id: seasonId },
    body: { sibling_fee_cents: 3000, etransfer: { enabled: true, address: ADDRESS } },
  });
  return { seasonId, admin };
}

async function referenceItem(code: string) {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: { PK: `ETREF#${code}`, SK: 'ETREF' } }),
  );
  return out.Item;
}

describe('the season’s e-Transfer setting', () => {
  it('turns on with the club’s address, which the season then answers, and refuses on without one', async () => {
    // Prepare
    const seasonId = (await openSeason()).id;
    const admin = await createAdmin();

    // Act
    const missing = await call('updateSeason', {
      token: admin.token,
      params: { id: seasonId },
      body: { etransfer: { enabled: true, address: null } },
    });
    const bad = await call('updateSeason', {
      token: admin.token,
      params: { id: seasonId },
      body: { etransfer: { enabled: true, address: 'not an address' } },
    });
    const set = await call('updateSeason', {
      token: admin.token,
      params: { id: seasonId },
      body: { etransfer: { enabled: true, address: ' Treasurer@Summit.test ' } },
    });

    // Assess
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Enter the club’s e-Transfer address to turn e-Transfer on.');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Enter the e-Transfer address as an e-mail address, like treasurer@club.ca.',
    );
    expect(set.status).toBe(200);
    expect((set.body as unknown as AdminSeason).etransfer).toEqual({ enabled: true, address: ADDRESS });
    const active = (await call('getActiveSeason')).body as unknown as Season;
    expect(active.etransfer).toEqual({ enabled: true, address: ADDRESS });
  });

  it('is absent from a season that never set it, which answers as before', async () => {
    // Act
    await openSeason();
    const active = (await call('getActiveSeason')).body as unknown as Season;

    // Assess
    expect('etransfer' in active).toBe(false);
  });
});

describe('registering to pay by e-Transfer', () => {
  it('is refused where the season does not take it, and nothing is written', async () => {
    // Prepare
    const seasonId = (await openSeason()).id;
    const admin = await createAdmin();
    await ok('updateSeason', {
      token: admin.token,
      params: { id: seasonId },
      body: { etransfer: { enabled: false, address: ADDRESS } },
    });
    const player = await createPlayer();
    const before = await tableSnapshot();

    // Act
    const res = await call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ payment_method: 'etransfer' }),
    });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'This season does not take Interac e-Transfer. Please choose card or cash.',
    );
    expect(await tableSnapshot()).toBe(before);
  });

  it('numbers the registration at once, awaiting e-Transfer, with its own code, the address and the exact amount', async () => {
    // Prepare
    const { seasonId } = await etransferSeason();
    const player = await createPlayer();

    // Act
    const res = await call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ payment_method: 'etransfer' }),
    });

    // Assess
    expect(res.status).toBe(201);
    const tryout = res.body.tryout as unknown as MyTryout;
    expect(tryout).toMatchObject({
      payment_method: 'etransfer',
      payment_status: 'awaiting_etransfer',
      amount_due_cents: 4500,
      amount_paid_cents: 0,
    });
    expect(tryout.tryout_number).toBeGreaterThan(0);
    expect(tryout.etransfer).toMatchObject({ address: ADDRESS, amount_cents: 4500 });
    const code = tryout.etransfer!.reference;
    expect(code).toMatch(CODE);
    expect(await referenceItem(code)).toMatchObject({
      season_id: seasonId,
      player_id: player.id,
      kind: 'tryout',
      amount_cents: 4500,
      state: 'open',
    });
    const mine = (await call('getMyTryout', { token: player.token })).body as unknown as MyTryout;
    expect(mine.etransfer).toEqual({ address: ADDRESS, amount_cents: 4500, reference: code });
    // The confirmation goes at once, like cash, and says what to send, where, and the code.
    const mails = await mailsTo(player.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(
      `Send $45.00 by Interac e-Transfer to ${ADDRESS} and put ${code} in the message, so the club can match it to your registration.`,
    );
  });

  it('gives each child of a household its own code and amount, and mails each line to the guardian', async () => {
    // Prepare
    await etransferSeason();
    const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
    const mina = (
      await ok(
        'addAthlete',
        { token: parent.token, body: anAthlete({ first_name: 'Mina', date_of_birth: '2011-03-09' }) },
        201,
      )
    ).body as { id: string };
    const leo = (
      await ok(
        'addAthlete',
        { token: parent.token, body: anAthlete({ first_name: 'Leo', date_of_birth: '2012-03-09' }) },
        201,
      )
    ).body as { id: string };

    // Act
    const res = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration(
        [
          { athlete_id: mina.id, age_group: '15U Girls' },
          { athlete_id: leo.id, age_group: '13U Boys' },
        ],
        { payment_method: 'etransfer' },
      ),
    });

    // Assess
    expect(res.status).toBe(201);
    const made = res.body.tryouts as unknown as HouseholdTryout[];
    expect(made.map((t) => [t.payment_status, t.etransfer?.amount_cents])).toEqual([
      ['awaiting_etransfer', 4500],
      ['awaiting_etransfer', 3000],
    ]);
    const [a, b] = made.map((t) => t.etransfer!.reference);
    expect(a).toMatch(CODE);
    expect(b).toMatch(CODE);
    expect(a).not.toBe(b);
    const household = (await call('getHouseholdTryouts', { token: parent.token }))
      .body as unknown as HouseholdTryout[];
    expect(household.find((t) => t.athlete_id === leo.id)?.etransfer).toEqual({
      address: ADDRESS,
      amount_cents: 3000,
      reference: b,
    });
    const text = (await mailsTo(parent.email))[0]!.body.text;
    expect(text).toContain(
      `Mina: Send $45.00 by Interac e-Transfer to ${ADDRESS} and put ${a} in the message`,
    );
    expect(text).toContain(
      `Leo: Send $30.00 by Interac e-Transfer to ${ADDRESS} and put ${b} in the message`,
    );
  });

  it('answers no e-Transfer field for a cash registration in the same season', async () => {
    // Prepare
    await etransferSeason();
    const player = await createPlayer();

    // Act
    const res = await call('registerTryout', { token: player.token, body: aTryoutRegistration() });

    // Assess
    expect(res.status).toBe(201);
    expect('etransfer' in (res.body.tryout as object)).toBe(false);
  });
});

describe('the reference code', () => {
  it('is drawn again when the one drawn is taken, so no two registrations share one', async () => {
    // Prepare: a code already claimed.
    const now = new Date();
    const taken = await claimReferenceFor(
      { seasonId: 's', playerId: 'p1', amountCents: 4500 },
      now,
      () => 'ABCDEFGH',
    );
    const draws = ['ABCDEFGH', 'ABCDEFGH', 'HGFEDCBA'];

    // Act
    const next = await claimReferenceFor({ seasonId: 's', playerId: 'p2', amountCents: 4500 }, now, () =>
      draws.shift()!,
    );

    // Assess
    expect(taken).toBe('ABCDEFGH');
    expect(next).toBe('HGFEDCBA');
    expect(await referenceItem('ABCDEFGH')).toMatchObject({ player_id: 'p1' });
    expect(await referenceItem('HGFEDCBA')).toMatchObject({ player_id: 'p2' });
  });
});
