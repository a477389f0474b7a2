/**
 * Issue 46 §1: a team fee in instalments. The admin sets a team's due dates and retries; accepting copies the
 * plan onto the offer; the first checkout pays instalment 1 and saves the card; its fulfilment schedules the
 * rest, once.
 */
import { describe, expect, it } from 'vitest';
import type { InstalmentView, OfferAnswer, Team } from '@club/shared';
import { instalmentsOfPlayer } from '../../db/money/instalments';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { getOffer } from '../../db/offers/offers';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { ok } from '../../../test/builders';
import { acceptedThroughApi, CARD_WORKS, inDays, offersSeason, payWithCard } from '../../../test/instalments';
import { openSeason } from '../../../test/players';
import { deliverEvent, newEventId, sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import { teamOf } from '../../../test/team-fees';
import { createdTeam } from '../../../test/teams';

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
