/**
 * The instalment sweep by the clock (issue 46 §1): a plan of 3 is charged on its dates, each instalment once
 * however often the job runs (twice in a row, two at once); a declined instalment mails the family once per
 * attempt and is tried again a day later only as many times as the team allows, each try with its own key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Stripe } from 'stripe';
import { instalmentsOfPlayer } from '../../db/money/instalments';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { getOffer } from '../../db/offers/offers';
import { stripeClient } from '../../payments/stripe-client';
import { createAdmin } from '../../../test/admin';
import { ok } from '../../../test/builders';
import { deliverQueuedFamilyMail } from '../../../test/family-mail';
import { mailsTo } from '../../../test/mailbox';
import { teamOf } from '../../../test/team-fees';
import {
  acceptedThroughApi,
  CARD_DECLINES_LATER,
  firstInstalmentPaid,
  inDays,
  offersSeason,
} from '../../../test/instalments';
import { runInstalmentSweep } from './instalment-sweep';

/** Noon in Edmonton (18:00 UTC) on a club day. */
const noonOn = (day: string) => new Date(`${day}T18:00:00Z`);

/** Every off-session charge the product asks Stripe for while the test runs: its idempotency key. */
let charges: string[] = [];
let stripe: Stripe;
const onRequest = (event: { method: string; path: string; idempotency_key?: string }) => {
  if (event.method === 'POST' && event.path === '/v1/payment_intents')
    charges.push(event.idempotency_key ?? '');
};
beforeEach(async () => {
  charges = [];
  stripe = await stripeClient();
  stripe.on('request', onRequest);
});
afterEach(() => {
  stripe.off('request', onRequest);
});

/** A season whose offers are out, and a team of $750 in 3 instalments due in 10 and 20 days. */
async function planOfThree(retries = 1) {
  const seasonId = await offersSeason();
  const admin = await createAdmin();
  await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
  const team = await teamOf(seasonId, {
    fee_cents: 75_000,
    instalment_due_dates: [inDays(10), inDays(20)],
    instalment_retries: retries,
  });
  return { seasonId, team };
}

describe('the instalment sweep (issue 46)', () => {
  it('charges a plan of 3 on its dates, each instalment exactly once when the job runs twice or two at once', async () => {
    // Prepare
    const { seasonId, team } = await planOfThree();
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);

    // Act
    const early = await runInstalmentSweep(noonOn(inDays(9)), [seasonId]);
    const second = await Promise.all([
      runInstalmentSweep(noonOn(inDays(10)), [seasonId]),
      runInstalmentSweep(noonOn(inDays(10)), [seasonId]),
    ]);
    const secondAgain = await runInstalmentSweep(noonOn(inDays(10)), [seasonId]);
    const midway = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    const third = await Promise.all([
      runInstalmentSweep(noonOn(inDays(21)), [seasonId]),
      runInstalmentSweep(noonOn(inDays(21)), [seasonId]),
    ]);
    const thirdAgain = await runInstalmentSweep(noonOn(inDays(22)), [seasonId]);

    // Assess
    expect(early.paid).toBe(0);
    expect(second.map((o) => o.paid).sort()).toEqual([0, 1]);
    expect(secondAgain.paid).toBe(0);
    expect(midway.fee_state).toBe('on_plan');
    expect(midway.fee_plan_paid_cents).toBe(50_000);
    expect(third.map((o) => o.paid).sort()).toEqual([0, 1]);
    expect(thirdAgain.paid).toBe(0);
    expect(charges).toEqual([`instalment:${answer.id}:2:1`, `instalment:${answer.id}:3:1`]);
    const items = await instalmentsOfPlayer(seasonId, family.id);
    expect(items.map((i) => [i.n, i.state, i.attempts])).toEqual([
      [2, 'paid', 1],
      [3, 'paid', 1],
    ]);
    expect(items.every((i) => i.payment_intent_id?.startsWith('pi_'))).toBe(true);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect(offer.fee_state).toBe('paid');
    expect(offer.fee_plan_paid_cents).toBe(75_000);
  }, 120_000);

  it('mails a declined instalment once per try and tries again a day later only as often as the team allows', async () => {
    // Prepare
    const { seasonId, team } = await planOfThree(1);
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id, CARD_DECLINES_LATER);
    const declineMails = async () => {
      await deliverQueuedFamilyMail();
      return (await mailsTo(family.email)).filter((m) => m.subject.includes('was declined'));
    };

    // Act
    const due = await Promise.all([
      runInstalmentSweep(noonOn(inDays(10)), [seasonId]),
      runInstalmentSweep(noonOn(inDays(10)), [seasonId]),
    ]);
    const sameDay = await runInstalmentSweep(new Date(noonOn(inDays(10)).getTime() + 3 * 60 * 60 * 1000), [
      seasonId,
    ]);
    const mailsAfterFirst = await declineMails();
    const nextDay = await runInstalmentSweep(noonOn(inDays(11)), [seasonId]);
    const mailsAfterRetry = await declineMails();
    const dayAfter = await runInstalmentSweep(noonOn(inDays(12)), [seasonId]);
    const weekLater = await runInstalmentSweep(noonOn(inDays(17)), [seasonId]);

    // Assess
    expect(due.map((o) => o.declined).sort()).toEqual([0, 1]);
    expect(sameDay.declined).toBe(0);
    expect(nextDay.declined).toBe(1);
    expect([dayAfter.declined, weekLater.declined]).toEqual([0, 0]);
    expect(charges).toEqual([`instalment:${answer.id}:2:1`, `instalment:${answer.id}:2:2`]);
    expect(mailsAfterFirst).toHaveLength(1);
    expect(mailsAfterFirst[0]!.subject).toBe('Payment 2 of 3 of your Sabres 15U Black team fee was declined');
    expect(mailsAfterFirst[0]!.body.text).toContain('$250.00');
    expect(mailsAfterFirst[0]!.body.text).toContain('We will try the card again tomorrow.');
    expect(mailsAfterRetry).toHaveLength(2);
    expect(mailsAfterRetry[1]!.body.text).toContain('Please pay it from your dashboard with another card.');
    const [second] = await instalmentsOfPlayer(seasonId, family.id);
    expect([second!.state, second!.attempts, second!.declined_reason]).toEqual([
      'declined',
      2,
      'card_declined',
    ]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect([offer.fee_state, offer.fee_plan_paid_cents]).toEqual(['on_plan', 25_000]);
  }, 120_000);
});
