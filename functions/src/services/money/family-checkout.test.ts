/**
 * The family checkout never counts a withdrawn child (issue 36, held by issue 42): a family can always pay for
 * the children still trying out, on one page, whichever child withdrew.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Athlete } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { createPlayer, openSeason } from '../../../test/players';
import { deliverEvent, payOnStandIn, sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import { aHouseholdRegistration, anAthlete } from '../../../test/builders';

let seasonId: string;

/** A season with a $45.00 fee and a $30.00 sibling fee. */
beforeEach(async () => {
  seasonId = (await openSeason()).id;
  const admin = await createAdmin();
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

/** Mina (15U Girls, $45.00), Leo (13U Boys, $30.00) and Theo (13U Boys, $30.00), on one unpaid checkout. */
async function familyOfThree() {
  const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
  const ids: string[] = [];
  for (const [name, year] of [
    ['Mina', 2011],
    ['Leo', 2012],
    ['Theo', 2013],
  ] as const) {
    const added = await call('addAthlete', { token: parent.token, body: child(name, year) });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    ids.push((added.body as unknown as Athlete).id);
  }
  const res = await call('registerTryout', {
    token: parent.token,
    body: aHouseholdRegistration(
      [
        { athlete_id: ids[0]!, age_group: '15U Girls' },
        { athlete_id: ids[1]!, age_group: '13U Boys' },
        { athlete_id: ids[2]!, age_group: '13U Boys' },
      ],
      { payment_method: 'stripe' },
    ),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(await sessionOnStandIn(sessionIdOf(res.body.url as string))).toMatchObject({ amount_total: 10500 });
  return { parent, mina: ids[0]!, leo: ids[1]!, theo: ids[2]! };
}

describe('POST /household/checkout after a child withdrew', () => {
  it('charges the two still trying out on one page, $45.00 + $30.00, and pays them both', async () => {
    // Prepare
    const { parent, mina, leo, theo } = await familyOfThree();
    const out = await call('withdrawHouseholdTryout', { token: parent.token, params: { id: leo } });
    expect(out.status).toBe(200);

    // Act
    const res = await call('startFamilyCheckout', { token: parent.token });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = await sessionOnStandIn(sessionIdOf(res.body.url as string));
    expect(session).toMatchObject({ amount_total: 7500, status: 'open' });
    await deliverEvent('checkout.session.completed', await payOnStandIn(session.id));
    const tryouts = await call('getHouseholdTryouts', { token: parent.token });
    const status = Object.fromEntries(
      (tryouts.body as unknown as Array<{ athlete_id: string; payment_status: string }>).map((t) => [
        t.athlete_id,
        t.payment_status,
      ]),
    );
    expect([status[mina], status[theo]]).toEqual(['paid', 'paid']);
    expect(status[leo]).not.toBe('paid');
  });

  it('gives the one child left to pay a page of their own', async () => {
    // Prepare: two of three withdrew
    const { parent, leo, theo } = await familyOfThree();
    for (const id of [leo, theo]) {
      expect((await call('withdrawHouseholdTryout', { token: parent.token, params: { id } })).status).toBe(
        200,
      );
    }

    // Act
    const res = await call('startFamilyCheckout', { token: parent.token });

    // Assess: Mina alone, at the full fee
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await sessionOnStandIn(sessionIdOf(res.body.url as string))).toMatchObject({
      amount_total: 4500,
      status: 'open',
    });
  });
});
