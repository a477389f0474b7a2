/**
 * Issue 17: a guardian registering several athletes by card pays them all on ONE Stripe Checkout, one line
 * item each at the sibling price; each registration is then paid, refunded, withdrawn or paid again on its
 * own, and money is never taken twice nor counted against a sibling.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Athlete, HouseholdTryout } from '@club/shared';
import { getTryout } from '../../db/registration/registrations';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { killedHalfWay } from '../../../test/crash';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, tableSnapshot, type TestPlayer } from '../../../test/players';
import {
  deliverEvent,
  inStripeDashboard,
  payOnStandIn,
  sessionIdOf,
  sessionOnStandIn,
} from '../../../test/stripe';
import { aHouseholdRegistration, anAthlete, ok } from '../../../test/builders';

let seasonId: string;
let admin: TestPlayer;

/** A season counted from 2025 with a $45.00 fee and a $30.00 sibling fee. */
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

/** A guardian with two children, Mina (15U Girls) and Leo (13U Boys), registered together by card. */
async function familyByCard() {
  const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
  const add = async (name: string, year: number) => {
    const res = await call('addAthlete', { token: parent.token, body: child(name, year) });
    expect(res.status).toBe(201);
    return res.body as unknown as Athlete;
  };
  const mina = await add('Mina', 2011);
  const leo = await add('Leo', 2012);
  const res = await call('registerTryout', {
    token: parent.token,
    body: aHouseholdRegistration(
      [
        { athlete_id: mina.id, age_group: '15U Girls' },
        { athlete_id: leo.id, age_group: '13U Boys' },
      ],
      { payment_method: 'stripe' },
    ),
  });
  expect(res.status).toBe(201);
  const sessionId = sessionIdOf(res.body.url as string);
  return { parent, mina, leo, sessionId, answer: res.body };
}

const tryoutIdOf = (athleteId: string) => `${seasonId}.${athleteId}`;

const rowOf = async (athleteId: string) => {
  const rows = await call('listTryouts', { token: admin.token, query: { season_id: seasonId } });
  return (rows.body as unknown as AdminTryoutRow[]).find((r) => r.id === tryoutIdOf(athleteId))!;
};

const familyTryouts = async (parent: TestPlayer) =>
  (await call('getHouseholdTryouts', { token: parent.token })).body as unknown as HouseholdTryout[];

async function checkoutPage(sessionId: string): Promise<string> {
  return (await fetch(`${process.env.STRIPE_API_BASE}/checkout/${sessionId}`)).text();
}

describe('one card checkout for a family', () => {
  it('charges $75.00 on one session, one line item per athlete, and one payment makes both paid', async () => {
    // Prepare
    const { parent, mina, leo, sessionId, answer } = await familyByCard();
    const before = await sessionOnStandIn(sessionId);
    const page = await checkoutPage(sessionId);

    // Act
    const paid = await payOnStandIn(sessionId);
    const event = await deliverEvent('checkout.session.completed', paid);
    const confirmed = await call('confirmPayment', { token: parent.token, query: { session_id: sessionId } });

    // Assess
    expect((answer.tryouts as HouseholdTryout[]).map((t) => [t.age_group, t.payment_status])).toEqual([
      ['15U Girls', 'pending'],
      ['13U Boys', 'pending'],
    ]);
    expect(before).toMatchObject({ amount_total: 7500, currency: 'cad', status: 'open' });
    // Each line names the child it pays for (issue 36).
    expect(page).toContain('Mina Okafor, 15U Girls tryout #1');
    expect(page).toContain('Leo Okafor, 13U Boys tryout #2');
    expect(page).toContain('$45.00');
    expect(page).toContain('$30.00');
    expect(page).toContain('$75.00');
    expect(event.status).toBe(200);
    expect(confirmed.body).toEqual({ payment_status: 'paid' });
    const family = await familyTryouts(parent);
    expect(
      family.filter((t) => t.hasRegistered).map((t) => [t.athlete_id, t.payment_status, t.amount_paid_cents]),
    ).toEqual([
      [mina.id, 'paid', 4500],
      [leo.id, 'paid', 3000],
    ]);
    for (const id of [mina.id, leo.id]) {
      expect(await getTryout(seasonId, id)).toMatchObject({ payment_intent_id: paid.payment_intent });
    }
    // One confirmation for the family's payment, to the guardian, naming both children (issue 36).
    const confirmations = (await mailsTo(parent.email)).filter((m) => /registered for/.test(m.subject));
    expect(confirmations.map((m) => m.subject)).toEqual([
      'Mina and Leo are registered for Fall 2025 Tryouts',
    ]);
    const text = confirmations[0]!.body.text;
    expect(text).toMatch(/^Hi Jordan,/);
    expect(text).toContain('Mina: tryout number 1, 15U Girls.');
    expect(text).toContain('Leo: tryout number 2, 13U Boys.');
    expect(text).toMatch(/You paid \$75\.00 by card on \w+ \d+, \d{4}\./);
  });

  it('charges three athletes $45.00 + $30.00 + $30.00 = $105.00 on one session', async () => {
    // Prepare: a player account (15U Boys) with two children.
    const parent = await createPlayer({ date_of_birth: '2010-06-15' });
    const ids = [parent.id];
    for (const [name, year] of [
      ['Mina', 2011],
      ['Leo', 2012],
    ] as const) {
      ids.push(
        (await ok('addAthlete', { token: parent.token, body: child(name, year) }, 201)).body.id as string,
      );
    }

    // Act
    const res = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration(
        [
          { athlete_id: ids[0]!, age_group: '15U Boys' },
          { athlete_id: ids[1]!, age_group: '15U Girls' },
          { athlete_id: ids[2]!, age_group: '13U Boys' },
        ],
        { payment_method: 'stripe' },
      ),
    });

    // Assess
    expect(res.status).toBe(201);
    const sessionId = sessionIdOf(res.body.url as string);
    expect(await sessionOnStandIn(sessionId)).toMatchObject({ amount_total: 10500, currency: 'cad' });
    const page = await checkoutPage(sessionId);
    expect(page.match(/tryout #\d+/g)).toHaveLength(3);
    expect(page.match(/\$30\.00/g)).toHaveLength(2);
    expect(page).toContain('$105.00');
    await deliverEvent('checkout.session.completed', await payOnStandIn(sessionId));
    for (const [i, id] of ids.entries()) {
      expect(await getTryout(seasonId, id)).toMatchObject({
        payment_status: 'paid',
        amount_cents: i === 0 ? 4500 : 3000,
      });
    }
  });

  it('refunds one athlete of a family payment without touching the other, within what that athlete paid', async () => {
    // Prepare
    const { mina, leo, sessionId } = await familyByCard();
    const paid = await payOnStandIn(sessionId);
    await deliverEvent('checkout.session.completed', paid);
    const refund = (athleteId: string, body: Record<string, unknown>) =>
      call('refundTryout', {
        token: admin.token,
        params: { id: tryoutIdOf(athleteId) },
        body: { reason: 'Injured', idempotency_key: randomUUID(), ...body },
      });

    // Act
    const tooMuch = await refund(leo.id, { amount_cents: 3001 });
    const leoAll = await refund(leo.id, { amount_cents: 3000 });
    const event = await deliverEvent('charge.refunded', {
      id: 'ch_family',
      object: 'charge',
      payment_intent: paid.payment_intent,
      amount: 7500,
      amount_refunded: 3000,
    });

    // Assess
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('That is more than is left to refund: $30.00 of the $30.00 paid.');
    expect(leoAll.status).toBe(200);
    expect(event.status).toBe(200);
    expect(await rowOf(leo.id)).toMatchObject({ payment_status: 'refunded', amount_refunded_cents: 3000 });
    expect(await rowOf(mina.id)).toMatchObject({ payment_status: 'paid', amount_refunded_cents: 0 });
  });

  it("records a refund made in Stripe's dashboard on one athlete only, once", async () => {
    // Prepare
    const { mina, leo, sessionId } = await familyByCard();
    const paid = await payOnStandIn(sessionId);
    await deliverEvent('checkout.session.completed', paid);
    const { charge } = await inStripeDashboard(paid.payment_intent as string, 'refund', 2000);

    // Act
    await deliverEvent('charge.refunded', charge);
    await deliverEvent('charge.refunded', charge);

    // Assess
    const refunded = [
      (await rowOf(mina.id)).amount_refunded_cents,
      (await rowOf(leo.id)).amount_refunded_cents,
    ];
    expect(refunded).toEqual([2000, 0]);
  });

  it('splits a Stripe-dashboard refund that fits no one athlete across them, largest first (issue 34)', async () => {
    // Prepare: $75.00 paid for Mina ($45.00) and Leo ($30.00); $60.00 refunded in Stripe's dashboard
    const { mina, leo, sessionId } = await familyByCard();
    const paid = await payOnStandIn(sessionId);
    await deliverEvent('checkout.session.completed', paid);
    const { charge } = await inStripeDashboard(paid.payment_intent as string, 'refund', 6000);

    // Act: the event, twice
    await deliverEvent('charge.refunded', charge);
    await deliverEvent('charge.refunded', charge);

    // Assess: the screen's total is Stripe's $60.00, never past what each paid
    const [minaRow, leoRow] = [await rowOf(mina.id), await rowOf(leo.id)];
    expect([minaRow.amount_refunded_cents, leoRow.amount_refunded_cents]).toEqual([4500, 1500]);
    expect(minaRow.payment_status).toBe('refunded');
    expect(leoRow.refunds?.map((r) => r.reason)).toEqual(['Refunded in Stripe (requested by customer)']);
    expect(minaRow.unreconciled_refund_cents).toBeUndefined();
  });

  it('puts what no athlete can hold on the screen to reconcile, never only in a log (issue 34)', async () => {
    // Prepare: $75.00 paid; a $45.00 refund of Mina's reserved and stopped by a crash before Stripe was asked;
    // then all $75.00 refunded in Stripe's dashboard
    const { mina, leo, sessionId } = await familyByCard();
    const paid = await payOnStandIn(sessionId);
    await deliverEvent('checkout.session.completed', paid);
    await killedHalfWay('refund', [tryoutIdOf(mina.id), admin.id, '4500', randomUUID()]);
    const { charge } = await inStripeDashboard(paid.payment_intent as string, 'refund', 7500);

    // Act
    await deliverEvent('charge.refunded', charge);
    await deliverEvent('charge.refunded', charge);

    // Assess: Leo holds his $30.00; the $45.00 left is shown on the family's first row, once
    expect((await rowOf(leo.id)).amount_refunded_cents).toBe(3000);
    expect(await rowOf(mina.id)).toMatchObject({ amount_refunded_cents: 0, unreconciled_refund_cents: 4500 });
  });

  it('shows a dispute of the family payment on every athlete it paid for', async () => {
    const { mina, leo, sessionId } = await familyByCard();
    const paid = await payOnStandIn(sessionId);
    await deliverEvent('checkout.session.completed', paid);
    const { dispute } = await inStripeDashboard(paid.payment_intent as string, 'dispute');

    await deliverEvent('charge.dispute.created', dispute!);

    expect(await getTryout(seasonId, mina.id)).toMatchObject({ dispute_status: 'needs_response' });
    expect(await getTryout(seasonId, leo.id)).toMatchObject({ dispute_status: 'needs_response' });
  });
});

describe('one checkout for the whole family, even after a cancel (issue 36)', () => {
  it('gives the cancelled family page again: one session, both children, one payment', async () => {
    // Prepare: the family cancelled on the checkout page (the session stays open until it expires).
    const { parent, mina, leo, sessionId } = await familyByCard();

    // Act: "Try again", twice at once (a double tap).
    const [again, twice] = await Promise.all([
      call('startFamilyCheckout', { token: parent.token }),
      call('startFamilyCheckout', { token: parent.token }),
    ]);

    // Assess
    expect([again.status, twice.status]).toEqual([200, 200]);
    expect(sessionIdOf(again.body.url as string)).toBe(sessionId);
    expect(sessionIdOf(twice.body.url as string)).toBe(sessionId);
    const paid = await payOnStandIn(sessionId);
    await deliverEvent('checkout.session.completed', paid);
    expect((await getTryout(seasonId, mina.id))?.payment_status).toBe('paid');
    expect((await getTryout(seasonId, leo.id))?.payment_status).toBe('paid');
  });

  it('brings children paid apart back onto ONE new checkout, the old pages closed, and charges once', async () => {
    // Prepare: the old per-child road: Leo's own "Complete payment" opened a page of his own.
    const { parent, mina, leo, sessionId } = await familyByCard();
    const leoAlone = sessionIdOf(
      (await call('startHouseholdCheckout', { token: parent.token, params: { id: leo.id } })).body
        .url as string,
    );

    // Act
    const [one, other] = await Promise.all([
      call('startFamilyCheckout', { token: parent.token }),
      call('startFamilyCheckout', { token: parent.token }),
    ]);

    // Assess: one new page for both (a double tap joins it), every older page closed.
    expect([one.status, other.status]).toEqual([200, 200]);
    const together = sessionIdOf(one.body.url as string);
    expect(sessionIdOf(other.body.url as string)).toBe(together);
    expect(together).not.toBe(leoAlone);
    expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
    expect((await sessionOnStandIn(leoAlone)).status).toBe('expired');
    expect(await sessionOnStandIn(together)).toMatchObject({ amount_total: 7500, status: 'open' });
    const page = await checkoutPage(together);
    expect(page).toContain('Mina Okafor, 15U Girls tryout #1');
    expect(page).toContain('Leo Okafor, 13U Boys tryout #2');

    // Act
    const paid = await payOnStandIn(together);
    await deliverEvent('checkout.session.completed', paid);

    // Assess: both paid by the one payment; one receipt for it, whichever child it is opened from (issue 36).
    const receipts = await Promise.all(
      [mina.id, leo.id].map((id) => call('getHouseholdReceipt', { token: parent.token, params: { id } })),
    );
    expect(receipts.map((r) => r.status)).toEqual([200, 200]);
    expect(receipts[0]!.text).toBe(receipts[1]!.text);
    const receipt = receipts[0]!.text;
    expect(receipt).toContain('<tr><td>Mina Okafor</td><td>15U Girls</td><td>#1</td><td>$45.00</td></tr>');
    expect(receipt).toContain('<tr><td>Leo Okafor</td><td>13U Boys</td><td>#2</td><td>$30.00</td></tr>');
    expect(receipt).toContain('<dt>Total paid</dt><dd>$75.00 CAD</dd>');
    expect(receipt).toContain('<dd>Visa ending 4242</dd>');
    expect(receipt).toContain(`<dd>${paid.payment_intent as string}</dd>`);
    // One confirmation naming both.
    for (const id of [mina.id, leo.id]) {
      expect(await getTryout(seasonId, id)).toMatchObject({
        payment_status: 'paid',
        payment_intent_id: paid.payment_intent,
      });
    }
    const confirmations = (await mailsTo(parent.email)).filter((m) => /registered for/.test(m.subject));
    expect(confirmations.map((m) => m.subject)).toEqual([
      'Mina and Leo are registered for Fall 2025 Tryouts',
    ]);
    expect((await call('startFamilyCheckout', { token: parent.token })).body.message).toBe(
      'There is nothing left to pay for this registration.',
    );
  });
});

describe('one athlete of an unpaid family checkout', () => {
  it('pays again alone: the family session is expired first, the new one charges that athlete only', async () => {
    // Prepare
    const { parent, leo, mina, sessionId } = await familyByCard();

    // Act
    const again = await call('startHouseholdCheckout', { token: parent.token, params: { id: leo.id } });

    // Assess
    expect(again.status).toBe(200);
    const next = sessionIdOf(again.body.url as string);
    expect(next).not.toBe(sessionId);
    expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
    expect(await sessionOnStandIn(next)).toMatchObject({ amount_total: 3000, status: 'open' });
    const paid = await payOnStandIn(next);
    await deliverEvent('checkout.session.completed', paid);
    expect((await getTryout(seasonId, leo.id))?.payment_status).toBe('paid');
    expect((await getTryout(seasonId, mina.id))?.payment_status).toBe('pending');
  });

  it('switches to cash, and the family session can no longer take money for either', async () => {
    // Prepare
    const { parent, mina, leo, sessionId } = await familyByCard();

    // Act
    const cash = await call('updateHouseholdTryout', {
      token: parent.token,
      params: { id: mina.id },
      body: { payment_method: 'cash' },
    });
    const late = await fetch(`${process.env.STRIPE_API_BASE}/checkout/${sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });

    // Assess
    expect(cash.status).toBe(200);
    expect(cash.body).toMatchObject({
      payment_method: 'cash',
      payment_status: 'cash',
      amount_due_cents: 4500,
    });
    expect(late.status).not.toBe(303);
    expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
    expect((await getTryout(seasonId, leo.id))?.payment_status).toBe('pending');
    const leoPays = await call('startHouseholdCheckout', { token: parent.token, params: { id: leo.id } });
    expect(await sessionOnStandIn(sessionIdOf(leoPays.body.url as string))).toMatchObject({
      amount_total: 3000,
    });
  });

  it('withdraws one athlete: nothing can be charged for them, the other stays payable', async () => {
    const { parent, mina, leo, sessionId } = await familyByCard();

    const res = await call('withdrawHouseholdTryout', { token: parent.token, params: { id: leo.id } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ withdrawn: true });
    expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
    const minaPays = await call('startHouseholdCheckout', { token: parent.token, params: { id: mina.id } });
    expect(await sessionOnStandIn(sessionIdOf(minaPays.body.url as string))).toMatchObject({
      amount_total: 4500,
    });
  });

  it('gives each athlete their own receipt once paid', async () => {
    const { parent, mina, leo, sessionId } = await familyByCard();
    const unpaid = await call('getHouseholdReceipt', { token: parent.token, params: { id: leo.id } });
    await deliverEvent('checkout.session.completed', await payOnStandIn(sessionId));

    const receipt = await call('getHouseholdReceipt', { token: parent.token, params: { id: leo.id } });
    const minaReceipt = await call('getHouseholdReceipt', { token: parent.token, params: { id: mina.id } });

    expect(unpaid.status).toBe(404);
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain('Leo Okafor');
    expect(receipt.text).toContain('$30.00');
    expect(minaReceipt.text).toContain('Mina Okafor');
    expect(minaReceipt.text).toContain('$45.00');
  });

  it("answers 404 for another household's athlete on every per-athlete call, changing nothing", async () => {
    const { leo } = await familyByCard();
    const stranger = await createPlayer();
    const before = await tableSnapshot();
    const params = { id: leo.id };

    const answers = await Promise.all([
      call('startHouseholdCheckout', { token: stranger.token, params }),
      call('updateHouseholdTryout', { token: stranger.token, params, body: { payment_method: 'cash' } }),
      call('withdrawHouseholdTryout', { token: stranger.token, params }),
      call('getHouseholdReceipt', { token: stranger.token, params }),
    ]);

    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array(4).fill([404, 'That athlete is not in your household.']),
    );
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('the family’s price after a withdrawal (issue 34)', () => {
  it('moves the fee to the child still trying out when the full-fee child withdraws unpaid, by card', async () => {
    // Prepare: Mina at $45.00 and Leo at $30.00 on one unpaid checkout
    const { parent, mina, leo } = await familyByCard();

    // Act: Mina withdraws; Leo is paid for alone
    const out = await call('withdrawHouseholdTryout', { token: parent.token, params: { id: mina.id } });
    const again = await call('startHouseholdCheckout', { token: parent.token, params: { id: leo.id } });

    // Assess: Leo's checkout asks the fee, and that is what is recorded once paid
    expect(out.status).toBe(200);
    expect(again.status).toBe(200);
    const session = await sessionOnStandIn(sessionIdOf(again.body.url as string));
    expect(session.amount_total).toBe(4500);
    await payOnStandIn(session.id);
    await deliverEvent('checkout.session.completed', await sessionOnStandIn(session.id));
    expect(await rowOf(leo.id)).toMatchObject({ payment_status: 'paid', amount_paid_cents: 4500 });
  });

  it('moves the fee the same way for cash not yet collected, and never changes a price that was paid', async () => {
    // Prepare: two families of two by cash; in the second, Leo's cash is collected first
    const register = async () => {
      const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
      const ids: string[] = [];
      for (const [name, year] of [
        ['Mina', 2011],
        ['Leo', 2012],
      ] as const) {
        ids.push(
          (
            (await ok('addAthlete', { token: parent.token, body: child(name, year) }, 201))
              .body as unknown as Athlete
          ).id,
        );
      }
      const res = await call('registerTryout', {
        token: parent.token,
        body: aHouseholdRegistration([
          { athlete_id: ids[0]!, age_group: '15U Girls' },
          { athlete_id: ids[1]!, age_group: '13U Boys' },
        ]),
      });
      expect(res.status).toBe(201);
      return { parent, mina: ids[0]!, leo: ids[1]! };
    };
    const unpaid = await register();
    const paid = await register();
    await ok('setCashCollected', {
      token: admin.token,
      params: { id: tryoutIdOf(paid.leo) },
      body: { collected: true },
    });

    // Act
    for (const family of [unpaid, paid]) {
      const res = await call('withdrawHouseholdTryout', {
        token: family.parent.token,
        params: { id: family.mina },
      });
      expect(res.status).toBe(200);
    }

    // Assess: the one still trying out owes the fee; a paid $30.00 stays $30.00
    expect(await rowOf(unpaid.leo)).toMatchObject({ amount_due_cents: 4500, amount_paid_cents: 0 });
    expect(await rowOf(paid.leo)).toMatchObject({ amount_due_cents: 0, amount_paid_cents: 3000 });
  });
});
