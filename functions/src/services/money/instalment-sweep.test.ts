/**
 * The instalment sweep by the clock (issue 46 §1): a plan of 3 is charged on its dates, each instalment once
 * however often the job runs (twice in a row, two at once); a declined instalment mails the family once per
 * attempt and is tried again a day later only as many times as the team allows, each try with its own key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Stripe } from 'stripe';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { claimInstalment, instalmentsOfPlayer, recordInstalmentPaid } from '../../db/money/instalments';
import { teamId, type TeamRoster } from '@club/shared';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { getOffer } from '../../db/offers/offers';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { stripeClient } from '../../payments/stripe-client';
import { createAdmin } from '../../../test/admin';
import { ok } from '../../../test/builders';
import { deliverQueuedFamilyMail } from '../../../test/family-mail';
import { mailsTo } from '../../../test/mailbox';
import { deliverEvent, newEventId } from '../../../test/stripe';
import { teamOf } from '../../../test/team-fees';
import {
  acceptedThroughApi,
  CARD_ASKS_TO_CONFIRM_LATER,
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
  return { seasonId, team, admin };
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

  it('charges the card saved at the first payment when the instalments were written without it', async () => {
    // Prepare: the first paid, then (its card not read at the time) instalments 2 and 3 without a card
    const { seasonId, team } = await planOfThree();
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);
    for (const n of [2, 3]) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.instalment(seasonId, family.id, n),
          UpdateExpression: 'REMOVE customer_id, payment_method_id',
        }),
      );
    }

    // Act
    const due = await runInstalmentSweep(noonOn(inDays(10)), [seasonId]);

    // Assess
    expect([due.paid, due.declined]).toEqual([1, 0]);
    expect(charges).toEqual([`instalment:${answer.id}:2:1`]);
    const [second, third] = await instalmentsOfPlayer(seasonId, family.id);
    expect(second!.state).toBe('paid');
    expect(third!.payment_method_id).toBe(second!.payment_method_id);
    expect(third!.payment_method_id).toMatch(/^pm_/);
  }, 120_000);

  it('mails a declined instalment once per try and tries again a day later only as often as the team allows', async () => {
    // Prepare
    const { seasonId, team, admin } = await planOfThree(1);
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
    expect(mailsAfterFirst[0]!.subject).toBe(
      'Instalment 2 of 3 of your Sabres 15U Black team fee was declined',
    );
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
    // The admin's roster says so, until it is paid
    const roster = (
      await ok('getTeamRoster', {
        token: admin.token,
        params: { teamId: teamId.of(team.season_id, team.team_uuid) },
      })
    ).body as unknown as TeamRoster;
    expect(roster.players.map((p) => p.fee_state)).toEqual(['instalment_declined']);
  }, 120_000);

  it('leaves a charge the bank wants the cardholder to confirm to the family’s link: no retry, one mail', async () => {
    // Prepare: a team that allows 2 retries, and a card whose bank asks to confirm every charge made without
    // the family
    const { seasonId, team } = await planOfThree(2);
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id, CARD_ASKS_TO_CONFIRM_LATER);

    // Act: due, then the days the team's retries would have used
    const due = await runInstalmentSweep(noonOn(inDays(10)), [seasonId]);
    const later = [
      await runInstalmentSweep(noonOn(inDays(11)), [seasonId]),
      await runInstalmentSweep(noonOn(inDays(12)), [seasonId]),
    ];
    await deliverQueuedFamilyMail();

    // Assess: charged once; the family asked once to pay it themselves
    expect(due.declined).toBe(1);
    expect(later.map((o) => o.declined)).toEqual([0, 0]);
    expect(charges).toEqual([`instalment:${answer.id}:2:1`]);
    const mails = (await mailsTo(family.email)).filter((m) => m.subject.includes('was declined'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(
      'Your bank needs you to confirm this payment yourself: please pay it with the link on your dashboard.',
    );
    expect(mails[0]!.body.text).not.toContain('We will try the card again tomorrow.');
    const [second] = await instalmentsOfPlayer(seasonId, family.id);
    expect([second!.state, second!.attempts, second!.declined_reason]).toEqual([
      'declined',
      1,
      'authentication_required',
    ]);
    // The claim's own condition holds it too, not only the sweep's reading.
    const claim = await claimInstalment({
      item: second!,
      today: inDays(13),
      retries: 2,
      now: noonOn(inDays(13)),
      staleBefore: noonOn(inDays(13)),
    });
    expect(claim).toBeNull();
  }, 120_000);

  it('records what Stripe’s payment events say of a charge once, whoever tells first', async () => {
    // Prepare: instalments 2 and 3 claimed by a sweep that died before recording its charges
    const { seasonId, team } = await planOfThree();
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);
    const [second, third] = await instalmentsOfPlayer(seasonId, family.id);
    const claims = await Promise.all(
      [second!, third!].map((item) =>
        claimInstalment({
          item,
          today: inDays(30),
          retries: 1,
          now: noonOn(inDays(30)),
          staleBefore: noonOn(inDays(29)),
        }),
      ),
    );
    if (claims.some((c) => !c)) throw new Error('the instalments were not claimed');
    const intent = (n: number, status: string, error?: object) => ({
      id: `pi_test_instalment${n}${Date.now()}`,
      object: 'payment_intent',
      status,
      amount: 25_000,
      currency: 'cad',
      metadata: {
        kind: 'team_fee_instalment',
        offer_id: answer.id,
        season_id: seasonId,
        instalment: String(n),
        attempt: '1',
      },
      ...(error ? { last_payment_error: error } : {}),
    });
    const succeeded = intent(2, 'succeeded');
    const failed = intent(3, 'requires_payment_method', {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    const eventId = newEventId();

    // Act
    const told = await Promise.all([
      deliverEvent('payment_intent.succeeded', succeeded, eventId),
      deliverEvent('payment_intent.succeeded', succeeded, eventId),
      deliverEvent('payment_intent.succeeded', succeeded),
      deliverEvent('payment_intent.payment_failed', failed),
      deliverEvent('payment_intent.payment_failed', failed),
    ]);
    const sweepsOwn = await recordInstalmentPaid({
      seasonId,
      playerId: family.id,
      n: 2,
      amountCents: 25_000,
      paymentIntentId: succeeded.id,
      now: new Date(),
    });
    await deliverQueuedFamilyMail();

    // Assess
    expect(told.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(sweepsOwn).toBe('unchanged');
    const items = await instalmentsOfPlayer(seasonId, family.id);
    expect(items.map((i) => [i.n, i.state, i.payment_intent_id, i.declined_reason ?? null])).toEqual([
      [2, 'paid', succeeded.id, null],
      [3, 'declined', failed.id, 'insufficient_funds'],
    ]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect([offer.fee_state, offer.fee_plan_paid_cents]).toEqual(['on_plan', 50_000]);
    const declined = (await mailsTo(family.email)).filter((m) => m.subject.includes('was declined'));
    expect(declined.map((m) => m.subject)).toEqual([
      'Instalment 3 of 3 of your Sabres 15U Black team fee was declined',
    ]);
    expect(declined[0]!.body.text).toContain('The card was declined for insufficient funds.');
    const paid = (await mailsTo(family.email)).filter((m) => m.subject.includes('is paid'));
    expect(paid.map((m) => m.subject).sort()).toEqual([
      'Instalment 1 of 3 of your Sabres 15U Black team fee is paid',
      'Instalment 2 of 3 of your Sabres 15U Black team fee is paid',
    ]);
  }, 120_000);

  it('mails each paid instalment once, with what comes next, however often the job runs', async () => {
    // Prepare
    const { seasonId, team } = await planOfThree();
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);
    const paidMails = async () => {
      await deliverQueuedFamilyMail();
      return (await mailsTo(family.email)).filter((m) => m.subject.includes('is paid'));
    };

    // Act
    const afterFirst = await paidMails();
    await Promise.all([
      runInstalmentSweep(noonOn(inDays(10)), [seasonId]),
      runInstalmentSweep(noonOn(inDays(10)), [seasonId]),
    ]);
    await runInstalmentSweep(noonOn(inDays(11)), [seasonId]);
    const afterSecond = await paidMails();
    await runInstalmentSweep(noonOn(inDays(20)), [seasonId]);
    await runInstalmentSweep(noonOn(inDays(20)), [seasonId]);
    const afterThird = await paidMails();

    // Assess
    expect(afterFirst.map((m) => m.subject)).toEqual([
      'Instalment 1 of 3 of your Sabres 15U Black team fee is paid',
    ]);
    expect(afterFirst[0]!.body.text).toContain('received $250.00 for instalment 1 of 3');
    expect(afterFirst[0]!.body.text).toContain('with the card ending in 4242');
    expect(afterFirst[0]!.body.text).toContain('Next: instalment 2 of 3, $250.00, due ');
    expect(afterSecond.map((m) => m.subject)).toEqual([
      'Instalment 1 of 3 of your Sabres 15U Black team fee is paid',
      'Instalment 2 of 3 of your Sabres 15U Black team fee is paid',
    ]);
    expect(afterSecond[1]!.body.text).toContain('received $250.00 for instalment 2 of 3');
    expect(afterSecond[1]!.body.text).toContain('with the card ending in 4242');
    expect(afterSecond[1]!.body.text).toContain('Next: instalment 3 of 3, $250.00, due ');
    expect(afterThird.map((m) => m.subject)).toEqual([
      'Instalment 1 of 3 of your Sabres 15U Black team fee is paid',
      'Instalment 2 of 3 of your Sabres 15U Black team fee is paid',
      'Instalment 3 of 3 of your Sabres 15U Black team fee is paid',
    ]);
    expect(afterThird[2]!.body.text).toContain('Your team fee is now paid in full.');
    expect(afterThird[2]!.body.text).not.toContain('Next:');
  }, 120_000);
});
