/**
 * The family's price after a withdrawal (issue 34, held by issue 42): only an UNPAID full fee moves to a child
 * still trying out. A full fee that was paid stays with the child who paid it, so a sibling at the sibling
 * price never owes the full fee because a paid brother or sister withdrew.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Athlete } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { createPlayer, openSeason, type TestPlayer } from '../../../test/players';
import { deliverEvent, payOnStandIn, sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import { aHouseholdRegistration, anAthlete } from '../../../test/builders';

let seasonId: string;
let admin: TestPlayer;

/** A season with a $45.00 fee and a $30.00 sibling fee. */
beforeEach(async () => {
  seasonId = (await openSeason()).id;
  admin = await createAdmin();
  const set = await call('updateSeason', {
    token: admin.token,
    params: { id: seasonId },
    body: { sibling_fee_cents: 3000 },
  });
  expect(set.status).toBe(200);
});

const child = (first_name: string, year: number) =>
  anAthlete({
    first_name,
    last_name: 'Okafor',
    date_of_birth: `${year}-03-09`,
    emergency_contact_name: 'Robin Okafor',
    emergency_contact_phone: '780-555-0199',
    emergency_contact_email: 'robin.okafor@example.test',
  });

/** Mina (15U Girls, the full fee) and Leo (13U Boys, the sibling fee), registered together. */
async function family(payment_method: 'cash' | 'stripe') {
  const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
  const ids: string[] = [];
  for (const [name, year] of [
    ['Mina', 2011],
    ['Leo', 2012],
  ] as const) {
    const added = await call('addAthlete', { token: parent.token, body: child(name, year) });
    expect(added.status).toBe(201);
    ids.push((added.body as unknown as Athlete).id);
  }
  const res = await call('registerTryout', {
    token: parent.token,
    body: aHouseholdRegistration(
      [
        { athlete_id: ids[0]!, age_group: '15U Girls' },
        { athlete_id: ids[1]!, age_group: '13U Boys' },
      ],
      { payment_method },
    ),
  });
  expect(res.status).toBe(201);
  return { parent, mina: ids[0]!, leo: ids[1]! };
}

const rowOf = async (athleteId: string) => {
  const rows = await call('listTryouts', { token: admin.token, query: { season_id: seasonId } });
  expect(rows.status).toBe(200);
  return (rows.body as unknown as AdminTryoutRow[]).find((r) => r.id === `${seasonId}.${athleteId}`)!;
};

describe('a paid full-fee child who withdraws', () => {
  it('leaves the sibling owing the sibling fee when the full fee was paid in cash', async () => {
    // Prepare: Mina's $45.00 cash collected; Leo's $30.00 not yet
    const { parent, mina, leo } = await family('cash');
    const collected = await call('setCashCollected', {
      token: admin.token,
      params: { id: `${seasonId}.${mina}` },
      body: { collected: true },
    });
    expect(collected.status).toBe(200);

    // Act
    const out = await call('withdrawHouseholdTryout', { token: parent.token, params: { id: mina } });

    // Assess
    expect(out.status).toBe(200);
    expect(await rowOf(leo)).toMatchObject({ amount_due_cents: 3000, amount_paid_cents: 0 });
    expect(await rowOf(mina)).toMatchObject({ withdrawn: true, amount_paid_cents: 4500 });
  });

  it("leaves the sibling's card checkout at the sibling fee when the full fee was paid by card", async () => {
    // Prepare: Mina paid her $45.00 on a checkout of her own; Leo has not paid
    const { parent, mina, leo } = await family('stripe');
    const minaPays = await call('startHouseholdCheckout', { token: parent.token, params: { id: mina } });
    expect(minaPays.status).toBe(200);
    const paid = await payOnStandIn(sessionIdOf(minaPays.body.url as string));
    expect(paid.amount_total).toBe(4500);
    await deliverEvent('checkout.session.completed', paid);
    expect(await rowOf(mina)).toMatchObject({ payment_status: 'paid', amount_paid_cents: 4500 });

    // Act
    const out = await call('withdrawHouseholdTryout', { token: parent.token, params: { id: mina } });
    const leoPays = await call('startHouseholdCheckout', { token: parent.token, params: { id: leo } });

    // Assess
    expect(out.status).toBe(200);
    expect(leoPays.status).toBe(200);
    expect(await sessionOnStandIn(sessionIdOf(leoPays.body.url as string))).toMatchObject({
      amount_total: 3000,
    });
    expect(await rowOf(leo)).toMatchObject({ amount_due_cents: 3000 });
  });
});

describe('an unpaid full-fee child who withdraws (issue 34, what mutation testing found unguarded)', () => {
  it('moves the fee to the first child still trying out by tryout number, and only to that one', async () => {
    // Prepare: three by cash: Mina #1 $45.00, Leo #2 $30.00, Theo #3 $30.00, none collected
    const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
    const ids: string[] = [];
    for (const [name, year] of [
      ['Mina', 2011],
      ['Leo', 2012],
      ['Theo', 2013],
    ] as const) {
      const added = await call('addAthlete', { token: parent.token, body: child(name, year) });
      expect(added.status).toBe(201);
      ids.push((added.body as unknown as Athlete).id);
    }
    const [mina, leo, theo] = ids as [string, string, string];
    const res = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration([
        { athlete_id: mina, age_group: '15U Girls' },
        { athlete_id: leo, age_group: '13U Boys' },
        { athlete_id: theo, age_group: '13U Boys' },
      ]),
    });
    expect(res.status).toBe(201);

    // Act
    const out = await call('withdrawHouseholdTryout', { token: parent.token, params: { id: mina } });

    // Assess
    expect(out.status).toBe(200);
    expect(await rowOf(leo)).toMatchObject({ tryout_number: 2, amount_due_cents: 4500 });
    expect(await rowOf(theo)).toMatchObject({ tryout_number: 3, amount_due_cents: 3000 });
  });

  it("closes the sibling's own open checkout at the old price before the fee moves to them", async () => {
    // Prepare: both by card; Leo opened a page of his own at $30.00
    const { parent, mina, leo } = await family('stripe');
    const leoAlone = await call('startHouseholdCheckout', { token: parent.token, params: { id: leo } });
    expect(leoAlone.status).toBe(200);
    const oldPage = sessionIdOf(leoAlone.body.url as string);
    expect(await sessionOnStandIn(oldPage)).toMatchObject({ amount_total: 3000, status: 'open' });

    // Act
    const out = await call('withdrawHouseholdTryout', { token: parent.token, params: { id: mina } });
    const again = await call('startHouseholdCheckout', { token: parent.token, params: { id: leo } });

    // Assess: the $30.00 page can no longer be paid; Leo's new one asks the fee
    expect(out.status).toBe(200);
    expect((await sessionOnStandIn(oldPage)).status).toBe('expired');
    expect(again.status).toBe(200);
    expect(await sessionOnStandIn(sessionIdOf(again.body.url as string))).toMatchObject({
      amount_total: 4500,
      status: 'open',
    });
  });
});
