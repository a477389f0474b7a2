/**
 * Issue 46 §1: a team fee in instalments. The admin sets a team's due dates and retries; accepting copies the
 * plan onto the offer; the first checkout pays instalment 1 and saves the card; its fulfilment schedules the
 * rest, once.
 */
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InstalmentView, OfferAnswer, SeasonMoneyView, Team } from '@club/shared';
import { getInstalment, instalmentsOfPlayer } from '../../db/money/instalments';
import { reserveInstalmentRefund } from '../../db/money/team-fee-refunds';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { getOffer } from '../../db/offers/offers';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { runInstalmentSweep } from '../../services/money/instalment-sweep';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { ok } from '../../../test/builders';
import {
  acceptedThroughApi,
  CARD_DECLINES_LATER,
  CARD_WORKS,
  firstInstalmentPaid,
  inDays,
  offersSeason,
  payWithCard,
} from '../../../test/instalments';
import { openSeason } from '../../../test/players';
import {
  deliverEvent,
  newEventId,
  refundsOnStandIn,
  sessionIdOf,
  sessionOnStandIn,
} from '../../../test/stripe';
import { adultPlayer, teamOf } from '../../../test/team-fees';
import { createdTeam } from '../../../test/teams';
import { deliverQueuedFamilyMail } from '../../../test/family-mail';
import { mailsTo } from '../../../test/mailbox';

describe('a team’s instalments (issue 46)', () => {
  it('keeps the due dates and retries the admin sets, and a team without them pays in full with 1 retry', async () => {
    // Prepare
    const season = await openSeason({ name: 'Fall 2026 Tryouts' });
    const admin = await createAdmin();

    // Act
    const plain = await createdTeam(admin, season.id);
    const planned = await createdTeam(admin, season.id, {
      name: 'Sabres 15U Red',
      fee_cents: 75_000,
      instalment_due_dates: [inDays(30), inDays(60)],
      instalment_retries: 2,
    });
    const changed = await call('updateTeam', {
      token: admin.token,
      params: { teamId: planned.id },
      body: { instalment_due_dates: [inDays(45)], instalment_retries: 0 },
    });
    const refused = await call('updateTeam', {
      token: admin.token,
      params: { teamId: planned.id },
      body: { instalment_due_dates: [inDays(-1)] },
    });

    // Assess
    expect(plain).toMatchObject({ instalment_due_dates: [], instalment_retries: 1 });
    expect(planned).toMatchObject({ instalment_due_dates: [inDays(30), inDays(60)], instalment_retries: 2 });
    expect(changed.status).toBe(200);
    expect(changed.body as unknown as Team).toMatchObject({
      instalment_due_dates: [inDays(45)],
      instalment_retries: 0,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('An instalment’s due date cannot be in the past.');
  });
});

const views = (list: InstalmentView[] | null | undefined) =>
  (list ?? []).map((i) => [i.n, i.amount_cents, i.due_date, i.state]);

describe('accepting and paying a fee in instalments (issue 46)', () => {
  it('copies the team’s plan on acceptance, and the first checkout charges instalment 1 and saves the card', async () => {
    // Prepare
    const { id: seasonId } = await openSeason();
    const team = await teamOf(seasonId, {
      fee_cents: 75_000,
      instalment_due_dates: [inDays(30), inDays(60)],
    });

    // Act
    const { family, answer } = await acceptedThroughApi(team);
    const opened = await ok('startOfferCheckout', {
      token: family.token,
      params: { offerId: answer.id },
      body: {},
    });
    const session = await sessionOnStandIn(sessionIdOf(opened.body.url as string));

    // Assess
    expect(views(answer.instalments)).toEqual([
      [1, 25_000, null, 'due'],
      [2, 25_000, inDays(30), 'scheduled'],
      [3, 25_000, inDays(60), 'scheduled'],
    ]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect(offer.fee_plan).toEqual({
      amounts: [25_000, 25_000, 25_000],
      due_dates: [inDays(30), inDays(60)],
    });
    expect(session.amount_total).toBe(25_000);
    expect(session.metadata).toMatchObject({ kind: 'team_fee', offer_id: answer.id, instalment: '1' });
  });

  it('records instalment 1 once and schedules 2..n once with the saved card, however often Stripe tells', async () => {
    // Prepare
    const seasonId = await offersSeason();
    const team = await teamOf(seasonId, {
      fee_cents: 10_000,
      instalment_due_dates: [inDays(30), inDays(60)],
    });
    const { family, answer } = await acceptedThroughApi(team);
    const opened = await ok('startOfferCheckout', {
      token: family.token,
      params: { offerId: answer.id },
      body: {},
    });
    const session = await payWithCard(sessionIdOf(opened.body.url as string), CARD_WORKS);
    const eventId = newEventId();

    // Act: the same event twice at once, again later, and another event about the same session
    const told = await Promise.all([
      deliverEvent('checkout.session.completed', session, eventId),
      deliverEvent('checkout.session.completed', session, eventId),
    ]);
    const again = await deliverEvent('checkout.session.completed', session, eventId);
    const other = await deliverEvent('checkout.session.completed', session);
    const mine = await ok('getMyTryout', { token: family.token });

    // Assess
    expect([...told, again, other].map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect(offer.fee_state).toBe('on_plan');
    expect(offer.fee_plan_paid_cents).toBe(3_334);
    const items = await instalmentsOfPlayer(seasonId, family.id);
    expect(items.map((i) => [i.n, i.amount_cents, i.due_date, i.state, i.attempts])).toEqual([
      [2, 3_333, inDays(30), 'scheduled', 0],
      [3, 3_333, inDays(60), 'scheduled', 0],
    ]);
    expect(
      items.every((i) => i.customer_id?.startsWith('cus_') && i.payment_method_id?.startsWith('pm_')),
    ).toBe(true);
    const myOffer = (mine.body as { offer?: OfferAnswer }).offer;
    expect(myOffer?.fee_state).toBe('on_plan');
    expect(views(myOffer?.instalments)).toEqual([
      [1, 3_334, null, 'paid'],
      [2, 3_333, inDays(30), 'scheduled'],
      [3, 3_333, inDays(60), 'scheduled'],
    ]);
    const again2 = await call('startOfferCheckout', {
      token: family.token,
      params: { offerId: answer.id },
      body: {},
    });
    expect(again2.status).toBe(409);
    expect(again2.body.message).toBe(
      'The first instalment is paid; the others are charged to the saved card on their due dates.',
    );
  });
});

describe('POST /offers/{offerId}/instalments/{n}/checkout (issue 46)', () => {
  const noonOn = (day: string) => new Date(`${day}T18:00:00Z`);
  const payInstalment = (token: string, offerId: string, n: string, body: unknown = {}) =>
    call('startInstalmentCheckout', { token, params: { offerId, n }, body });

  it('lets the family pay a declined instalment by its link, once, and charges the next one to that card', async () => {
    // Prepare: the first paid with the card that declines later; the sweep declines the second
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
    const team = await teamOf(seasonId, {
      fee_cents: 75_000,
      instalment_due_dates: [inDays(10), inDays(20)],
      instalment_retries: 1,
    });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id, CARD_DECLINES_LATER);
    const swept = await runInstalmentSweep(noonOn(inDays(10)), [seasonId]);
    if (swept.declined !== 1) throw new Error('the second instalment was not declined');
    const stranger = await adultPlayer('Sam');

    // Act
    const notDue = await payInstalment(family.token, answer.id, '3');
    const noSuch = await payInstalment(family.token, answer.id, '5');
    const notTheirs = await payInstalment(stranger.token, answer.id, '2');
    const withAmount = await payInstalment(family.token, answer.id, '2', { amount_cents: 100 });
    const [opened, twin] = await Promise.all([
      payInstalment(family.token, answer.id, '2'),
      payInstalment(family.token, answer.id, '2'),
    ]);
    const session = await sessionOnStandIn(sessionIdOf(opened.body.url as string));
    const paid = await payWithCard(session.id, CARD_WORKS);
    const eventId = newEventId();
    const told = await Promise.all([
      deliverEvent('checkout.session.completed', paid, eventId),
      deliverEvent('checkout.session.completed', paid),
    ]);
    const afterPaid = await payInstalment(family.token, answer.id, '2');
    const third = await runInstalmentSweep(noonOn(inDays(20)), [seasonId]);

    // Assess
    expect([notDue.status, notDue.body.message]).toEqual([
      409,
      'This instalment is not due yet: it is charged to the saved card on its due date.',
    ]);
    // Instalments are 2 to 4: a path naming another is refused before anything is read.
    expect([noSuch.status, notTheirs.status, withAmount.status]).toEqual([400, 404, 400]);
    expect([opened.status, twin.status]).toEqual([200, 200]);
    expect(twin.body.url).toBe(opened.body.url);
    expect(session.amount_total).toBe(25_000);
    expect(session.metadata).toMatchObject({ kind: 'team_fee', offer_id: answer.id, instalment: '2' });
    expect(told.map((r) => r.status)).toEqual([200, 200]);
    expect([afterPaid.status, afterPaid.body.message]).toEqual([409, 'This instalment is paid.']);
    expect(third.paid).toBe(1);
    const items = await instalmentsOfPlayer(seasonId, family.id);
    expect(items.map((i) => [i.n, i.state])).toEqual([
      [2, 'paid'],
      [3, 'paid'],
    ]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect([offer.fee_state, offer.fee_plan_paid_cents]).toEqual(['paid', 75_000]);
    // Each paid instalment is mailed once, the one paid by the link (told twice) included.
    await deliverQueuedFamilyMail();
    const paidMails = (await mailsTo(family.email)).filter((m) => m.subject.includes('is paid'));
    expect(paidMails.map((m) => m.subject)).toEqual([
      'Instalment 1 of 3 of your Sabres 15U Black team fee is paid',
      'Instalment 2 of 3 of your Sabres 15U Black team fee is paid',
      'Instalment 3 of 3 of your Sabres 15U Black team fee is paid',
    ]);
    expect(paidMails[1]!.body.text).toContain('received $250.00 for instalment 2 of 3');
    expect(paidMails[1]!.body.text).toContain('with the card ending in 4242');
    expect(paidMails[2]!.body.text).toContain('Your team fee is now paid in full.');
  }, 120_000);

  it('leaves an instalment to the family while its page is open: the day’s charge does not take it too', async () => {
    // Prepare: instalment 2 falls due today
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
    const team = await teamOf(seasonId, { fee_cents: 50_000, instalment_due_dates: [inDays(0)] });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);

    // Act
    const opened = await payInstalment(family.token, answer.id, '2');
    const whileOpen = await runInstalmentSweep(new Date(), [seasonId]);

    // Assess
    expect(opened.status).toBe(200);
    expect([whileOpen.paid, whileOpen.declined, whileOpen.processing]).toEqual([0, 0, 0]);
    const [second] = await instalmentsOfPlayer(seasonId, family.id);
    expect([second!.state, second!.attempts]).toEqual(['scheduled', 0]);
  });

  it('records an instalment the family paid by its link whose news never came, and does not charge it again', async () => {
    // Prepare: instalment 2 due today; the family opens its page and pays, Stripe's news is lost
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
    const team = await teamOf(seasonId, { fee_cents: 50_000, instalment_due_dates: [inDays(0)] });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);
    const opened = await payInstalment(family.token, answer.id, '2');
    const session = await sessionOnStandIn(sessionIdOf(opened.body.url as string));
    const paid = await payWithCard(session.id, CARD_WORKS);
    if (paid.payment_status !== 'paid') throw new Error('the family’s page was not paid');

    // Act: the next day, long after the page's time ran out
    const swept = await runInstalmentSweep(noonOn(inDays(1)), [seasonId]);

    // Assess
    expect([swept.paid, swept.declined, swept.processing]).toEqual([0, 0, 0]);
    const [second] = await instalmentsOfPlayer(seasonId, family.id);
    expect([second!.state, second!.attempts, second!.payment_intent_id]).toEqual([
      'paid',
      0,
      paid.payment_intent,
    ]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect([offer.fee_state, offer.fee_plan_paid_cents]).toEqual(['paid', 50_000]);
  }, 120_000);

  it('settles the plan paid when the last instalment’s news comes again after a crash before settling', async () => {
    // Prepare: the last instalment recorded paid, then (a crash before settling) the offer left on_plan
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
    const team = await teamOf(seasonId, { fee_cents: 50_000, instalment_due_dates: [inDays(0)] });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);
    const opened = await payInstalment(family.token, answer.id, '2');
    const paid = await payWithCard(sessionIdOf(opened.body.url as string), CARD_WORKS);
    const eventId = newEventId();
    const first = await deliverEvent('checkout.session.completed', paid, eventId);
    if (first.status !== 200) throw new Error('the instalment’s news was not taken');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(seasonId, family.id),
        UpdateExpression: 'SET fee_state = :onPlan',
        ExpressionAttributeValues: { ':onPlan': 'on_plan' },
      }),
    );

    // Act: Stripe tells again (the same event, and another for the same page)
    const again = await deliverEvent('checkout.session.completed', paid, eventId);
    const other = await deliverEvent('checkout.session.completed', paid);

    // Assess
    expect([again.status, other.status]).toEqual([200, 200]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect([offer.fee_state, offer.fee_plan_paid_cents]).toEqual(['paid', 50_000]);
  }, 120_000);

  it.each([
    ['the family withdraws', 'withdrawOffer', 'family'],
    ['the club rescinds the place', 'rescindOffer', 'admin'],
  ] as const)(
    'closes the family’s open instalment page when %s, so it cannot be paid after',
    async (_, route, by) => {
      // Prepare: instalment 2 due today, its page opened by the family
      const seasonId = await offersSeason();
      const admin = await createAdmin();
      await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
      const team = await teamOf(seasonId, { fee_cents: 50_000, instalment_due_dates: [inDays(0)] });
      const { family, answer } = await acceptedThroughApi(team);
      await firstInstalmentPaid(family, answer.id);
      const opened = await payInstalment(family.token, answer.id, '2');
      const sessionId = sessionIdOf(opened.body.url as string);
      if ((await sessionOnStandIn(sessionId)).status !== 'open') throw new Error('the page did not open');

      // Act
      const ended = await call(route, {
        token: by === 'family' ? family.token : admin.token,
        params: { offerId: answer.id },
        body: {},
      });

      // Assess
      expect(ended.status).toBe(200);
      expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
      const [second] = await instalmentsOfPlayer(seasonId, family.id);
      expect(second!.state).toBe('stopped');
    },
    120_000,
  );

  it('refuses cash once an instalment is paid by card, and withdrawing stops the instalments still to come', async () => {
    // Prepare
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
    const team = await teamOf(seasonId, {
      fee_cents: 75_000,
      instalment_due_dates: [inDays(10), inDays(20)],
    });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);

    // Act
    const cash = await call('setOfferCash', {
      token: admin.token,
      params: { offerId: answer.id },
      body: { collected: true },
    });
    const refund = await call('refundOffer', {
      token: admin.token,
      params: { offerId: answer.id },
      body: { amount_cents: 100, reason: 'Moved away', idempotency_key: 'refund-on-plan-1' },
    });
    const withdrawn = await call('withdrawOffer', {
      token: family.token,
      params: { offerId: answer.id },
      body: {},
    });
    const later = await runInstalmentSweep(noonOn(inDays(21)), [seasonId]);

    // Assess
    expect([cash.status, cash.body.message]).toEqual([
      409,
      'This team fee is being paid by card in instalments, so it cannot be marked as cash.',
    ]);
    expect([refund.status, refund.body.message]).toEqual([
      400,
      'This team fee is paid by card in instalments: choose which instalment to refund.',
    ]);
    expect(withdrawn.status).toBe(200);
    expect(views((withdrawn.body as unknown as OfferAnswer).instalments)).toEqual([
      [1, 25_000, null, 'paid'],
      [2, 25_000, inDays(10), 'stopped'],
      [3, 25_000, inDays(20), 'stopped'],
    ]);
    expect([later.paid, later.declined]).toEqual([0, 0]);
    const items = await instalmentsOfPlayer(seasonId, family.id);
    expect(items.map((i) => [i.n, i.state, i.attempts])).toEqual([
      [2, 'stopped', 0],
      [3, 'stopped', 0],
    ]);
  });
});

describe('POST /admin/offers/{offerId}/refund of a fee in instalments (issue 46)', () => {
  const noonOn = (day: string) => new Date(`${day}T18:00:00Z`);

  it('refunds the instalment named, to its own payment, never past what it paid, once per key', async () => {
    // Prepare: $750 in three; the first paid at checkout, the second by the day's charge
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
    const team = await teamOf(seasonId, {
      fee_cents: 75_000,
      instalment_due_dates: [inDays(10), inDays(20)],
    });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);
    const swept = await runInstalmentSweep(noonOn(inDays(10)), [seasonId]);
    if (swept.paid !== 1) throw new Error('the second instalment was not charged');
    const firstIntent = ((await getOffer(seasonId, family.id)) as TeamFeeOffer).fee_payment_intent_id!;
    const secondIntent = (await getInstalment(seasonId, family.id, 2))!.payment_intent_id!;
    const refund = (key: string, body: Record<string, unknown>) =>
      call('refundOffer', {
        token: admin.token,
        params: { offerId: answer.id },
        body: { reason: 'Moved away', idempotency_key: key, ...body },
      });

    // Act: unnamed, not paid, one cent past instalment 2; then a double click on instalment 1 beside a
    // refund of instalment 2 (two keys over its limit together), all at once; then both sides of the limits
    const unnamed = await refund('plan-unnamed', { amount_cents: 100 });
    const notPaid = await refund('plan-third', { amount_cents: 100, instalment: 3 });
    const tooMuch = await refund('plan-too-much', { amount_cents: 25_001, instalment: 2 });
    const together = await Promise.all([
      refund('plan-first-a', { amount_cents: 10_000, instalment: 1 }),
      refund('plan-first-a', { amount_cents: 10_000, instalment: 1 }),
      refund('plan-second-a', { amount_cents: 15_000, instalment: 2 }),
      refund('plan-second-b', { amount_cents: 15_000, instalment: 2 }),
    ]);
    const firstPastLimit = await refund('plan-first-b', { amount_cents: 15_001, instalment: 1 });
    const firstRest = await refund('plan-first-c', { amount_cents: 15_000, instalment: 1 });
    const secondRest = await refund('plan-second-c', { amount_cents: 10_000, instalment: 2 });
    const secondPastLimit = await refund('plan-second-d', { amount_cents: 1, instalment: 2 });
    const money = await ok('getSeasonMoney', { token: admin.token, params: { id: seasonId } });

    // Assess
    expect([unnamed.status, unnamed.body.message]).toEqual([
      400,
      'This team fee is paid by card in instalments: choose which instalment to refund.',
    ]);
    expect([notPaid.status, notPaid.body.message]).toEqual([
      400,
      'Instalment 3 is not paid, so there is nothing to refund from it.',
    ]);
    expect([tooMuch.status, tooMuch.body.message]).toEqual([
      400,
      'That is more than is left to refund of instalment 2: $250.00 of the $250.00 paid.',
    ]);
    // The double click is one refund; of the two keys on instalment 2 only one fits in its $250.00.
    expect(together.slice(0, 2).map((r) => r.status)).toEqual([200, 200]);
    const firstRefunds = together.slice(0, 2).map((r) => (r.body as { refund: { key: string } }).refund.key);
    expect(firstRefunds[0]).toBe(firstRefunds[1]);
    expect(
      together
        .slice(2)
        .map((r) => r.status)
        .sort(),
    ).toEqual([200, 400]);
    expect([firstPastLimit.status, firstPastLimit.body.message]).toEqual([
      400,
      'That is more than is left to refund of instalment 1: $150.00 of the $250.00 paid.',
    ]);
    expect([firstRest.status, secondRest.status]).toEqual([200, 200]);
    expect([secondPastLimit.status, secondPastLimit.body.message]).toEqual([
      400,
      'That is more than is left to refund of instalment 2: $0.00 of the $250.00 paid.',
    ]);
    expect((await refundsOnStandIn(firstIntent)).map((r) => r.amount).sort()).toEqual([10_000, 15_000]);
    expect((await refundsOnStandIn(secondIntent)).map((r) => r.amount).sort()).toEqual([10_000, 15_000]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect([offer.fee_refunded_cents, offer.fee_refund_reserved_cents]).toEqual([50_000, 50_000]);
    const plan = (money.body as unknown as SeasonMoneyView).lines.find(
      (l) => l.fee === 'team' && l.method === 'instalments',
    );
    expect([plan?.collected_cents, plan?.refunded_cents]).toEqual([50_000, 50_000]);
  }, 120_000);

  it('holds an instalment’s refunds within what it paid by the write’s condition, whatever was read', async () => {
    // Prepare: instalment 2 of $500 in two is paid ($250.00)
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
    const team = await teamOf(seasonId, { fee_cents: 50_000, instalment_due_dates: [inDays(10)] });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);
    const swept = await runInstalmentSweep(noonOn(inDays(10)), [seasonId]);
    if (swept.paid !== 1) throw new Error('the second instalment was not charged');
    const reserve = (key: string, amount: number) =>
      reserveInstalmentRefund({
        refund: {
          key,
          amount_cents: amount,
          method: 'stripe',
          status: 'pending',
          reason: 'Moved away',
          created_at: new Date().toISOString(),
          season_id: seasonId,
          player_id: family.id,
          made_by: admin.id,
          instalment: 2,
        },
        paidCents: 25_000,
        by: { actorId: admin.id, now: new Date() },
        offerId: answer.id,
      });

    // Act: two refunds each judged against nothing asked back yet, at once; then the rest and a cent more
    const together = await Promise.all([reserve('admin:cond-a', 15_000), reserve('admin:cond-b', 15_000)]);
    const rest = await reserve('admin:cond-c', 10_000);
    const past = await reserve('admin:cond-d', 1);

    // Assess
    expect([...together].sort()).toEqual(['refused', 'reserved']);
    expect([rest, past]).toEqual(['reserved', 'refused']);
    expect((await getInstalment(seasonId, family.id, 2))?.refund_reserved_cents).toBe(25_000);
  });

  it('refuses an instalment for a fee paid in one payment', async () => {
    // Prepare
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    const team = await teamOf(seasonId, { fee_cents: 20_000 });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);
    const paid = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    if (paid.fee_state !== 'paid' || paid.fee_plan) throw new Error('the fee was not paid in full');

    // Act
    const named = await call('refundOffer', {
      token: admin.token,
      params: { offerId: answer.id },
      body: { amount_cents: 100, instalment: 1, reason: 'Moved away', idempotency_key: 'one-payment-1' },
    });

    // Assess
    expect([named.status, named.body.message]).toEqual([
      400,
      'This team fee was not paid by card in instalments: refund it without choosing an instalment.',
    ]);
  });
});

describe('what Stripe kept of each instalment (issue 46 §3)', () => {
  it('records the fee of an instalment charged later on it, and the money view adds it to the first’s', async () => {
    // Prepare: $500 in two, the first paid at checkout
    const seasonId = await offersSeason();
    const admin = await createAdmin();
    await ok('publishOffers', { token: admin.token, params: { id: seasonId }, body: {} });
    const team = await teamOf(seasonId, { fee_cents: 50_000, instalment_due_dates: [inDays(10)] });
    const { family, answer } = await acceptedThroughApi(team);
    await firstInstalmentPaid(family, answer.id);

    // Act
    const swept = await runInstalmentSweep(new Date(`${inDays(10)}T18:00:00Z`), [seasonId]);
    const money = await ok('getSeasonMoney', { token: admin.token, params: { id: seasonId } });

    // Assess: 2.9% + 30¢ of $250.00 is $7.55, for each
    expect(swept.paid).toBe(1);
    expect((await getInstalment(seasonId, family.id, 2))?.stripe_fee_cents).toBe(755);
    const plan = (money.body as unknown as SeasonMoneyView).lines.find(
      (l) => l.fee === 'team' && l.method === 'instalments',
    );
    expect([plan?.collected_cents, plan?.stripe_fee_cents]).toEqual([50_000, 1_510]);
  });
});
