/**
 * The team fee (issue 45 §4) through its routes and the real handlers, against the Stripe stand-in: the amount
 * is the offer's, fulfilment is exactly once (a replayed event, two at once), the receipt and the confirmation
 * mail, cash when the team takes it, and refunds never past what was paid.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { teamId, tryoutId, type OffersBoard } from '@club/shared';
import { listAudit } from '../../db/platform/audit';
import { listTeamFeeRefunds, reserveTeamFeeRefund } from '../../db/money/team-fee-refunds';
import { settlePendingRefunds } from '../../services/money/refunds';
import { anonymizeRefundReasons } from '../../db/privacy/member-deletion';
import { endOffer, getOffer } from '../../db/offers/offers';
import { db } from '../../db/platform/client';
import { log } from '../../lib/log';
import { getTeam, type TeamItem } from '../../db/teams/teams';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, tableSnapshot, type TestPlayer } from '../../../test/players';
import {
  deliverEvent,
  inStripeDashboard,
  newEventId,
  payOnStandIn,
  refundsOnStandIn,
  sessionIdOf,
  sessionOnStandIn,
} from '../../../test/stripe';
import { acceptedPlayer, adultPlayer, offered, teamOf } from '../../../test/team-fees';
import { ok } from '../../../test/builders';

let seasonId: string;
let admin: TestPlayer;

beforeEach(async () => {
  seasonId = (await openSeason()).id;
  admin = await createAdmin();
});

const checkout = (family: TestPlayer, offerId: string, body: unknown = {}) =>
  call('startOfferCheckout', { token: family.token, params: { offerId }, body });

const offerNow = async (offerId: string) => {
  const [, playerId] = offerId.split('.') as [string, string];
  return (await getOffer(seasonId, playerId)) as TeamFeeOffer;
};

/** The family opens checkout for its accepted offer and pays on the stand-in; the session as Stripe has it. */
async function paidOnStandIn(family: TestPlayer, offerId: string) {
  const opened = await checkout(family, offerId);
  if (opened.status !== 200) throw new Error(`checkout answered ${opened.status}: ${opened.body.message}`);
  return payOnStandIn(sessionIdOf(opened.body.url as string));
}

/**
 * Runs `meanwhile` once, just before the first table call whose request contains `marker` is sent (and then
 * sends it): another request landing between what a route read and what it writes.
 */
function beforeWriteOf(marker: string, meanwhile: (input: Record<string, unknown>) => Promise<void>): void {
  const name = `meanwhile-${randomUUID()}`;
  db().middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as Record<string, unknown>;
      if (!JSON.stringify(input).includes(marker)) return next(args);
      db().middlewareStack.remove(name);
      await meanwhile(input);
      return next(args);
    },
    { step: 'initialize', name },
  );
  pending.push(name);
}

const pending: string[] = [];
afterEach(() => {
  for (const name of pending.splice(0)) db().middlewareStack.remove(name);
  vi.restoreAllMocks();
});

/** The club takes an accepted offer back in the table alone (a rescind whose checkout close found nothing yet). */
async function endedByClub(offerId: string) {
  const offer = await offerNow(offerId);
  const team = await getTeam(offer.team_id);
  const ended = await endOffer(
    offer,
    team!,
    { to: 'rescinded', by: { actorId: admin.id, now: new Date() }, from: 'accepted' },
    new Date(),
  );
  if (ended?.state !== 'rescinded') throw new Error('the offer was not rescinded');
}

describe('POST /offers/{offerId}/checkout', () => {
  it('charges the offer’s fee on a Checkout Session marked as a team fee', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);

    // Act
    const res = await checkout(family, offerId);

    // Assess
    expect(res.status).toBe(200);
    const session = await sessionOnStandIn(sessionIdOf(res.body.url as string));
    expect(session.amount_total).toBe(35_000);
    expect(session.currency).toBe('cad');
    expect(session.metadata).toMatchObject({ kind: 'team_fee', offer_id: offerId, season_id: seasonId });
  });

  it('refuses a request that names an amount, and opens no page', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const before = await tableSnapshot();

    // Act
    const res = await checkout(family, offerId, { amount_cents: 100 });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The team fee is set by the club: send no amount.');
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses an offer not yet accepted, and one already paid', async () => {
    // Prepare
    const team = await teamOf(seasonId);
    const waiting = await adultPlayer();
    const offer = await offered(team, waiting.id);
    const { family, offerId } = await acceptedPlayer(team);
    const session = await paidOnStandIn(family, offerId);
    const paid = await deliverEvent('checkout.session.completed', session);
    expect(paid.status).toBe(200);

    // Act
    const beforeAcceptance = await checkout(waiting, offer.id);
    const afterPayment = await checkout(family, offerId);

    // Assess
    expect(beforeAcceptance.status).toBe(409);
    expect(beforeAcceptance.body.message).toBe('The team fee is paid once the offer is accepted.');
    expect(afterPayment.status).toBe(409);
    expect(afterPayment.body.message).toBe('The team fee is paid.');
  });

  it('answers another family’s offer as not found', async () => {
    // Prepare
    const team = await teamOf(seasonId);
    const { offerId } = await acceptedPlayer(team);
    const stranger = await createPlayer();

    // Act
    const res = await checkout(stranger, offerId);

    // Assess
    expect(res.status).toBe(404);
  });
});

describe('the team fee’s fulfilment', () => {
  it('marks the fee paid once for a replayed event and two events at once, and mails once', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const session = await paidOnStandIn(family, offerId);
    const eventId = newEventId();

    // Act
    const first = await deliverEvent('checkout.session.completed', session, eventId);
    const paidAt = (await offerNow(offerId)).fee_paid_at;
    const replayed = await deliverEvent('checkout.session.completed', session, eventId);
    const together = await Promise.all([
      deliverEvent('checkout.session.completed', session),
      deliverEvent('checkout.session.async_payment_succeeded', session),
    ]);
    const returned = await call('confirmPayment', {
      token: family.token,
      query: { session_id: session.id },
    });

    // Assess
    expect([first.status, replayed.status, ...together.map((r) => r.status)]).toEqual([200, 200, 200, 200]);
    expect(returned.body).toEqual({ payment_status: 'paid', team_fee_cents: 35_000 });
    const offer = await offerNow(offerId);
    expect(offer).toMatchObject({ fee_state: 'paid', fee_method: 'stripe', fee_paid_session_id: session.id });
    expect(offer.fee_paid_at).toBe(paidAt);
    const mails = (await mailsTo(family.email)).filter((m) => /team fee is paid/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain('$350.00');
  });

  it('gives a receipt once paid, and none before', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 35_000, name: 'Summit 15U Gold' });
    const { family, offerId } = await acceptedPlayer(team);
    const before = await call('getOfferReceipt', { token: family.token, params: { offerId } });
    const session = await paidOnStandIn(family, offerId);
    await deliverEvent('checkout.session.completed', session);

    // Act
    const receipt = await call('getOfferReceipt', { token: family.token, params: { offerId } });

    // Assess
    expect(before.status).toBe(404);
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain('Team fee receipt');
    expect(receipt.text).toContain('Summit 15U Gold');
    expect(receipt.text).toContain('$350.00');
  });
});

describe('PATCH /admin/offers/{offerId}/cash', () => {
  const cash = (offerId: string, collected: boolean) =>
    call('setOfferCash', { token: admin.token, params: { offerId }, body: { collected } });

  it('records cash collected, audited, and mails the confirmation once', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 20_000 });
    const { family, offerId } = await acceptedPlayer(team);

    // Act
    const res = await cash(offerId, true);
    const again = await cash(offerId, true);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fee_state: 'paid', fee_method: 'cash', paid_cents: 20_000 });
    expect(again.status).toBe(200);
    const [, playerId] = offerId.split('.') as [string, string];
    const entries = await listAudit(seasonId, playerId);
    expect(entries.filter((e) => e.action === 'team_fee_cash')).toHaveLength(1);
    expect((await mailsTo(family.email)).filter((m) => /team fee is paid/.test(m.subject))).toHaveLength(1);
  });

  it('closes the family’s open card page first, so the fee cannot be paid by card as well', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 20_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const opened = await checkout(family, offerId);
    expect(opened.status).toBe(200);
    const sessionId = sessionIdOf(opened.body.url as string);

    // Act
    const res = await cash(offerId, true);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fee_state: 'paid', fee_method: 'cash', paid_cents: 20_000 });
    expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
  });

  it('records the card payment, not cash, when the family paid on its page first', async () => {
    // Prepare: the family paid on its page; Stripe's event has not arrived yet.
    const team = await teamOf(seasonId, { fee_cents: 20_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const session = await paidOnStandIn(family, offerId);

    // Act
    const res = await cash(offerId, true);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This team fee was paid by card, so it cannot be marked as cash.');
    expect(await offerNow(offerId)).toMatchObject({
      fee_state: 'paid',
      fee_method: 'stripe',
      fee_paid_session_id: session.id,
      fee_payment_intent_id: session.payment_intent,
    });
    const [, playerId] = offerId.split('.') as [string, string];
    expect((await listAudit(seasonId, playerId)).filter((e) => e.action === 'team_fee_cash')).toHaveLength(0);
  });

  it('closes a card page the family opened while the last one was being closed, then records the cash', async () => {
    // Prepare: the family opens a page, and opens a new one just before the cash is written.
    const team = await teamOf(seasonId, { fee_cents: 20_000 });
    const { family, offerId } = await acceptedPlayer(team);
    expect((await checkout(family, offerId)).status).toBe(200);
    let reopened = '';
    beforeWriteOf('fee_cash_collected_by', async () => {
      const again = await checkout(family, offerId);
      expect(again.status).toBe(200);
      reopened = sessionIdOf(again.body.url as string);
    });

    // Act
    const res = await cash(offerId, true);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fee_state: 'paid', fee_method: 'cash' });
    expect(reopened).not.toBe('');
    expect((await sessionOnStandIn(reopened)).status).toBe('expired');
  });

  it('refuses cash for a team that takes cards only', async () => {
    // Prepare
    const team = await teamOf(seasonId, { cash_accepted: false });
    const { offerId } = await acceptedPlayer(team);

    // Act
    const res = await cash(offerId, true);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This team takes the fee by card only.');
    expect((await offerNow(offerId)).fee_state).toBe('to_pay');
  });
});

describe('POST /admin/offers/{offerId}/refund', () => {
  const refund = (offerId: string, body: Record<string, unknown>) =>
    call('refundOffer', { token: admin.token, params: { offerId }, body });

  it('gives back part of a card payment through Stripe, and never more than was paid', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const session = await paidOnStandIn(family, offerId);
    await deliverEvent('checkout.session.completed', session);
    const key = randomUUID();

    // Act
    const part = await refund(offerId, { amount_cents: 30_000, reason: 'Moved away', idempotency_key: key });
    const twice = await refund(offerId, { amount_cents: 30_000, reason: 'Moved away', idempotency_key: key });
    const tooMuch = await refund(offerId, {
      amount_cents: 5_001,
      reason: 'Moved away',
      idempotency_key: randomUUID(),
    });
    const rest = await refund(offerId, { reason: 'Moved away', idempotency_key: randomUUID() });

    // Assess
    expect(part.status).toBe(200);
    expect(twice.status).toBe(200);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('That is more than is left to refund: $50.00 of the $350.00 paid.');
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ fee: { refunded_cents: 35_000, paid_cents: 0 } });
    const made = await refundsOnStandIn(session.payment_intent as string);
    expect(made.map((r) => r.amount).sort()).toEqual([30_000, 5_000]);
  });

  it('refunds cash as a record, and refuses a fee nobody paid', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 20_000 });
    const paid = await acceptedPlayer(team);
    const unpaid = await acceptedPlayer(team);
    await call('setOfferCash', {
      token: admin.token,
      params: { offerId: paid.offerId },
      body: { collected: true },
    });

    // Act
    const cashBack = await refund(paid.offerId, {
      amount_cents: 20_000,
      reason: 'Injury',
      idempotency_key: randomUUID(),
    });
    const nothing = await refund(unpaid.offerId, { reason: 'Injury', idempotency_key: randomUUID() });

    // Assess
    expect(cashBack.status).toBe(200);
    expect(cashBack.body).toMatchObject({
      refund: { method: 'cash', status: 'succeeded', amount_cents: 20_000 },
      fee: { refunded_cents: 20_000, paid_cents: 0 },
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('No team fee was paid for this offer, so there is nothing to refund.');
  });
});

/** Turns the season's offers on (48 hours to answer; a freed place goes to the next alternate). */
const offersOn = () =>
  ok('updateSeason', {
    token: admin.token,
    params: { id: seasonId },
    body: { offers: { enabled: true, respond_within_hours: 48 } },
  });

/** An adult player of the season (18U Boys), with their registration's id. */
async function playerInGroup(first_name: string) {
  const player = await adultPlayer(first_name);
  return { ...player, ageGroup: '18U Boys' as const, tryoutId: tryoutId.of(seasonId, player.id) };
}

const alternatesOf = (team: TeamItem, players: ReadonlyArray<{ tryoutId: string }>) =>
  ok('setTeamAlternates', {
    token: admin.token,
    params: { teamId: teamId.of(seasonId, team.team_uuid) },
    body: { tryout_ids: players.map((p) => p.tryoutId) },
  });

describe('POST /offers/{offerId}/withdraw', () => {
  it('gives the accepted place up and offers it to the next alternate', async () => {
    // Prepare
    await offersOn();
    const alternate = await playerInGroup('Alex');
    const team = await teamOf(seasonId, { age_group: alternate.ageGroup, capacity: 1 });
    const { family, offerId } = await acceptedPlayer(team);
    await alternatesOf(team, [alternate]);

    // Act
    const res = await call('withdrawOffer', { token: family.token, params: { offerId }, body: {} });
    const again = await call('withdrawOffer', { token: family.token, params: { offerId }, body: {} });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: offerId, state: 'declined', team_link: null });
    expect(await offerNow(offerId)).toMatchObject({ state: 'declined', withdrawn_after_acceptance: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only an accepted place can be given up.');
    const teamNow = await getTeam(teamId.of(seasonId, team.team_uuid));
    expect(teamNow).toMatchObject({ accepted: 0, offered: 1, open_places: 0, next_alternate: 1 });
    expect(await getOffer(seasonId, alternate.id)).toMatchObject({ state: 'offered', from: 'alternate' });
  });

  it('refuses an offer not accepted, and changes nothing', async () => {
    // Prepare
    const team = await teamOf(seasonId);
    const waiting = await adultPlayer();
    const offer = await offered(team, waiting.id);
    const before = await tableSnapshot();

    // Act
    const res = await call('withdrawOffer', {
      token: waiting.token,
      params: { offerId: offer.id },
      body: {},
    });

    // Assess
    expect(res.status).toBe(409);
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('an accepted offer taken back while its team fee can be paid by card', () => {
  const rescind = (offerId: string) =>
    call('rescindOffer', { token: admin.token, params: { offerId }, body: {} });

  it('closes the family’s open card page when the admin rescinds the offer', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const opened = await checkout(family, offerId);
    expect(opened.status).toBe(200);

    // Act
    const res = await rescind(offerId);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('rescinded');
    expect((await sessionOnStandIn(sessionIdOf(opened.body.url as string))).status).toBe('expired');
    expect((await offerNow(offerId)).fee_state).toBe('to_pay');
  });

  it('records the payment when the family paid on its page just before the rescind', async () => {
    // Prepare: paid on the page; Stripe's event has not arrived yet.
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const session = await paidOnStandIn(family, offerId);

    // Act
    const res = await rescind(offerId);

    // Assess
    expect(res.status).toBe(200);
    expect(await offerNow(offerId)).toMatchObject({
      state: 'rescinded',
      fee_state: 'paid',
      fee_method: 'stripe',
      fee_paid_session_id: session.id,
    });
  });

  it('closes a card page the family opened while the rescind was being written', async () => {
    // Prepare: the family opens its page after the rescind closed the (none) there was, before it is written.
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    let opened = '';
    beforeWriteOf('ended_by_admin', async () => {
      const page = await checkout(family, offerId);
      expect(page.status).toBe(200);
      opened = sessionIdOf(page.body.url as string);
    });

    // Act
    const res = await rescind(offerId);

    // Assess
    expect(res.status).toBe(200);
    expect(opened).not.toBe('');
    expect((await sessionOnStandIn(opened)).status).toBe('expired');
  });

  it('does not hand out a page created just before the offer was rescinded, and expires it', async () => {
    // Prepare: the rescind lands between the page's creation at Stripe and its being stored on the offer.
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    let created = '';
    beforeWriteOf('SET fee_checkout_session_id = :sid', async (input) => {
      created = (input.ExpressionAttributeValues as Record<string, string>)[':sid']!;
      await endedByClub(offerId);
    });

    // Act
    const res = await checkout(family, offerId);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The team fee is paid once the offer is accepted.');
    expect(created).toMatch(/^cs_test_/);
    expect((await sessionOnStandIn(created)).status).toBe('expired');
    expect((await offerNow(offerId)).fee_checkout_session_id).toBeUndefined();
  });

  it('records a card payment that lands after the rescind as paid, warns, and shows it on the board to refund', async () => {
    // Prepare: paid on the page at the moment the club took the offer back (its close had nothing to close).
    const warn = vi.spyOn(log, 'warn');
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const session = await paidOnStandIn(family, offerId);
    await endedByClub(offerId);

    // Act
    const event = await deliverEvent('checkout.session.completed', session);

    // Assess
    expect(event.status).toBe(200);
    expect(await offerNow(offerId)).toMatchObject({
      state: 'rescinded',
      fee_state: 'paid',
      fee_method: 'stripe',
      fee_paid_session_id: session.id,
    });
    expect(warn).toHaveBeenCalledWith(
      'team fee paid for an offer no longer accepted: recorded, for the admin to refund',
      { offerId, state: 'rescinded' },
    );
    const board = (await ok('getOffersBoard', { token: admin.token, params: { id: seasonId } }))
      .body as unknown as OffersBoard;
    const [gold] = board.teams;
    expect(gold).toMatchObject({ fees_collected_cents: 35_000, counts: { rescinded: 1 } });
    expect(gold!.players.map((p) => [p.tryout_id, p.fee.fee_state, p.fee.paid_cents])).toEqual([
      [tryoutId.of(seasonId, offerId.split('.')[1]!), 'paid', 35_000],
    ]);
    const refund = await call('refundOffer', {
      token: admin.token,
      params: { offerId },
      body: { reason: 'Offer rescinded', idempotency_key: randomUUID() },
    });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ fee: { refunded_cents: 35_000, paid_cents: 0 } });
  });
});

describe('GET /admin/seasons/{id}/offers-board', () => {
  it('counts each team’s offers by state, lists its alternates in order, and sums the fees collected', async () => {
    // Prepare: a team of four places ($200.00): two accepted (one paid in cash), one out, one declined, whose
    // place went to the first of two alternates; and a team of another age group.
    await offersOn();
    const [alt1, alt2] = [await playerInGroup('Alex'), await playerInGroup('Blake')];
    const team = await teamOf(seasonId, {
      name: 'Summit Gold',
      age_group: alt1.ageGroup,
      capacity: 4,
      fee_cents: 20_000,
    });
    await teamOf(seasonId, { name: 'Summit Other', age_group: '15U Boys' });
    const paid = await acceptedPlayer(team);
    await acceptedPlayer(team);
    const out = await adultPlayer();
    await offered(team, out.id);
    const decliner = await adultPlayer();
    const declined = await offered(team, decliner.id);
    await alternatesOf(team, [alt1, alt2]);
    await ok('setOfferCash', {
      token: admin.token,
      params: { offerId: paid.offerId },
      body: { collected: true },
    });
    await ok('declineOffer', { token: decliner.token, params: { offerId: declined.id }, body: {} });

    // Act
    const res = await ok('getOffersBoard', {
      token: admin.token,
      params: { id: seasonId },
      query: { age_group: alt1.ageGroup },
    });

    // Assess
    const board = res.body as unknown as OffersBoard;
    expect(board.teams.map((t) => t.name)).toEqual(['Summit Gold']);
    const [gold] = board.teams;
    expect(gold).toMatchObject({
      capacity: 4,
      counts: { accepted: 2, offered: 2, declined: 1, expired: 0, rescinded: 0 },
      open_places: 0,
      fees_collected_cents: 20_000,
      fees_owed_cents: 20_000,
    });
    expect(gold!.alternates.map((a) => [a.rank, a.tryout_id, a.state])).toEqual([
      [1, alt1.tryoutId, 'offered'],
      [2, alt2.tryoutId, 'waiting'],
    ]);
    expect(gold!.players).toHaveLength(5);
  });
});

describe('a team fee refund’s reason and the member’s data', () => {
  it('goes when the player’s refund reasons are removed, and its amount stays', async () => {
    // Prepare: a cash refund whose typed reason names the child.
    const team = await teamOf(seasonId, { fee_cents: 20_000 });
    const { offerId } = await acceptedPlayer(team);
    await ok('setOfferCash', { token: admin.token, params: { offerId }, body: { collected: true } });
    await ok('refundOffer', {
      token: admin.token,
      params: { offerId },
      body: { amount_cents: 5_000, reason: 'Jayden broke his wrist', idempotency_key: randomUUID() },
    });
    const [, playerId] = offerId.split('.') as [string, string];

    // Act
    await anonymizeRefundReasons(seasonId, playerId);

    // Assess
    const [refund] = await listTeamFeeRefunds(seasonId, playerId);
    expect(refund).toMatchObject({ amount_cents: 5_000, reason: 'Reason removed with the member’s data' });
  });
});

describe('the team fee’s checkout and Stripe’s own refunds', () => {
  it('gives two clicks at once the same checkout page', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);

    // Act
    const [a, b] = await Promise.all([checkout(family, offerId), checkout(family, offerId)]);

    // Assess
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(sessionIdOf(a.body.url as string)).toBe(sessionIdOf(b.body.url as string));
  });

  it('records a refund made in Stripe’s dashboard once, on the offer it paid', async () => {
    // Prepare
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const session = await paidOnStandIn(family, offerId);
    await deliverEvent('checkout.session.completed', session);
    const { charge } = await inStripeDashboard(session.payment_intent as string, 'refund', 10_000);

    // Act
    const event = await deliverEvent('charge.refunded', charge);
    const again = await deliverEvent('charge.refunded', charge);

    // Assess
    expect([event.status, again.status]).toEqual([200, 200]);
    const offer = await offerNow(offerId);
    expect(offer).toMatchObject({ fee_refunded_cents: 10_000, fee_refund_reserved_cents: 10_000 });
  });
});

describe('a team fee card refund left pending (its answer lost, or a crash before Stripe was asked)', () => {
  it('is settled once by the refund sweep, with its own key', async () => {
    // Prepare: a paid card fee and a refund reserved but never taken to Stripe.
    const team = await teamOf(seasonId, { fee_cents: 35_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const session = await paidOnStandIn(family, offerId);
    await deliverEvent('checkout.session.completed', session);
    const [, playerId] = offerId.split('.') as [string, string];
    const reserved = await reserveTeamFeeRefund({
      refund: {
        key: `admin:${randomUUID()}`,
        amount_cents: 2_000,
        method: 'stripe',
        status: 'pending',
        reason: 'Missed the first practice',
        created_at: new Date().toISOString(),
        season_id: seasonId,
        player_id: playerId,
        made_by: admin.id,
      },
      paidCents: 35_000,
      reservedBefore: 0,
      by: { actorId: admin.id, now: new Date() },
      offerId,
    });
    expect(reserved).toBe('reserved');
    const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000);

    // Act: too soon, then in time, then again
    const soon = await settlePendingRefunds(minutesFromNow(5));
    const due = await settlePendingRefunds(minutesFromNow(11));
    const again = await settlePendingRefunds(minutesFromNow(26));

    // Assess: one refund at Stripe, recorded once on the offer
    expect([soon.settled, due.settled, again.settled]).toEqual([0, 1, 0]);
    expect((await refundsOnStandIn(session.payment_intent as string)).map((r) => r.amount)).toEqual([2_000]);
    expect(await offerNow(offerId)).toMatchObject({
      fee_refunded_cents: 2_000,
      fee_refund_reserved_cents: 2_000,
    });
  });
});
