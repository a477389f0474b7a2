/**
 * The treasurer's view, its CSV and a family's statement (issue 46 §3) through their routes and the real
 * handlers, for a season paid through the Stripe stand-in: card payments refunded by the admin and in Stripe's
 * dashboard, cash collected and still owed, a team fee by card. The card figures agree with the stand-in's own
 * charges less its refunds; the CSV, read by a CSV parser as a spreadsheet reads it, has one line per payment
 * and refund; a family's statement holds its own money and nothing of another family's.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayInClubZone, type HouseholdStatement, type SeasonMoneyView } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { ok } from '../../../test/builders';
import { openSeason, registeredPlayer, type TestPlayer } from '../../../test/players';
import {
  deliverEvent,
  inStripeDashboard,
  paidByCard,
  payOnStandIn,
  refundsOnStandIn,
  sessionIdOf,
} from '../../../test/stripe';
import { acceptedPlayer, teamOf } from '../../../test/team-fees';

let seasonId: string;
let admin: TestPlayer;

const standIn = () => process.env.STRIPE_API_BASE!;

/** A PaymentIntent's amount as the stand-in charged it. */
async function chargedOnStandIn(intent: string): Promise<number> {
  const res = await fetch(`${standIn()}/v1/payment_intents/${intent}`, {
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY!}` },
  });
  if (!res.ok) throw new Error(`stand-in answered ${res.status} for ${intent}`);
  return ((await res.json()) as { amount: number }).amount;
}

const money = async () =>
  (await ok('getSeasonMoney', { token: admin.token, params: { id: seasonId } }))
    .body as unknown as SeasonMoneyView;

async function moneyCsv(): Promise<Array<Record<string, string>>> {
  const res = await ok('exportSeasonMoney', { token: admin.token, params: { id: seasonId } });
  return parse(res.text, { bom: true, columns: true }) as Array<Record<string, string>>;
}

const lineOf = (view: SeasonMoneyView, fee: string, method: string) =>
  view.lines.find((l) => l.fee === fee && l.method === method);

/**
 * The season: two card payments ($45.00 each), one refunded $15.00 by the admin and the other $10.00 in
 * Stripe's dashboard; a cash registration collected and one still owed; a $750.00 team fee paid by card.
 */
async function paidSeason() {
  const first = await paidByCard(seasonId);
  const second = await paidByCard(seasonId);
  await ok('refundTryout', {
    token: admin.token,
    params: { id: first.tryoutId },
    body: { amount_cents: 1500, reason: 'Missed one session', idempotency_key: randomUUID() },
  });
  const dashboard = await inStripeDashboard(second.intent, 'refund', 1000);
  const event = await deliverEvent('charge.refunded', dashboard.charge);
  if (event.status !== 200) throw new Error(`the refund event answered ${event.status}`);
  const cash = await registeredPlayer('cash', { first_name: '=HYPERLINK("http://evil.example")' });
  await ok('setCashCollected', {
    token: admin.token,
    params: { id: `${seasonId}.${cash.id}` },
    body: { collected: true },
  });
  const owing = await registeredPlayer('cash');
  const team = await teamOf(seasonId, { fee_cents: 75_000 });
  const { family, offerId } = await acceptedPlayer(team);
  const opened = await ok('startOfferCheckout', { token: family.token, params: { offerId }, body: {} });
  const session = await payOnStandIn(sessionIdOf(opened.body.url as string));
  const paid = await deliverEvent('checkout.session.completed', session);
  if (paid.status !== 200) throw new Error(`the team fee's event answered ${paid.status}`);
  return { first, second, cash, owing, family, teamIntent: session.payment_intent as string };
}

beforeEach(async () => {
  seasonId = (await openSeason()).id; // fee $45.00
  admin = await createAdmin();
});

describe('GET /admin/seasons/{id}/money', () => {
  it('gives each fee and method its expected, collected, outstanding and refunded, and the totals', async () => {
    // Prepare
    await paidSeason();

    // Act
    const view = await money();

    // Assess
    expect(view.season_id).toBe(seasonId);
    expect(view.season_name).toBe('Fall 2025 Tryouts');
    expect(lineOf(view, 'tryout', 'card')).toMatchObject({
      expected_cents: 9_000,
      collected_cents: 9_000,
      outstanding_cents: 0,
      refunded_cents: 2_500,
      disputed_cents: 0,
      count: 2,
    });
    // Collected one, one still owed, and the team's adult player registered by cash (not collected).
    expect(lineOf(view, 'tryout', 'cash')).toMatchObject({
      expected_cents: 13_500,
      collected_cents: 4_500,
      outstanding_cents: 9_000,
      refunded_cents: 0,
      count: 3,
    });
    expect(lineOf(view, 'team', 'card')).toMatchObject({
      expected_cents: 75_000,
      collected_cents: 75_000,
      outstanding_cents: 0,
      count: 1,
    });
    expect(view.totals).toMatchObject({
      expected_cents: 97_500,
      collected_cents: 88_500,
      outstanding_cents: 9_000,
      refunded_cents: 2_500,
      count: 6,
    });
  });

  it("agrees with the Stripe stand-in's own charges less its refunds", async () => {
    // Prepare
    const season = await paidSeason();

    // Act
    const view = await money();
    const rows = await moneyCsv();

    // Assess
    const intents = [season.first.intent, season.second.intent, season.teamIntent];
    let onStripe = 0;
    for (const intent of intents) {
      onStripe += await chargedOnStandIn(intent);
      for (const refund of await refundsOnStandIn(intent)) onStripe -= refund.amount;
    }
    const card = view.lines.filter((l) => l.method === 'card');
    const ours = card.reduce((s, l) => s + l.collected_cents - l.refunded_cents, 0);
    expect(ours).toBe(onStripe);
    expect(onStripe).toBe(45_00 + 45_00 + 750_00 - 15_00 - 10_00);
    // The file's card references are exactly the stand-in's payments.
    const references = new Set(
      rows.filter((r) => r.Method === 'Card' && r.Kind === 'Payment').map((r) => r.Reference),
    );
    expect(references).toEqual(new Set(intents));
  });
});

describe('GET /admin/seasons/{id}/money.csv', () => {
  it('is one line per payment and refund, summing to collected less refunded, formula-safe', async () => {
    // Prepare
    await paidSeason();

    // Act
    const res = await ok('exportSeasonMoney', { token: admin.token, params: { id: seasonId } });
    const rows = parse(res.text, { bom: true, columns: true }) as Array<Record<string, string>>;

    // Assess
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('fall-2025-tryouts-money.csv');
    expect(Object.keys(rows[0]!)).toEqual([
      'Date',
      'Family',
      'Child',
      'Fee',
      'Method',
      'Kind',
      'Amount',
      'Reference',
    ]);
    // 4 payments (2 card, 1 cash, 1 team fee) and 2 refunds.
    expect(rows.map((r) => [r.Fee, r.Method, r.Kind, r.Amount]).sort()).toEqual(
      [
        ['Team fee', 'Card', 'Payment', '750'],
        ['Tryout fee', 'Card', 'Payment', '45'],
        ['Tryout fee', 'Card', 'Payment', '45'],
        ['Tryout fee', 'Card', 'Refund', '-15'],
        ['Tryout fee', 'Card', 'Refund', '-10'],
        ['Tryout fee', 'Cash', 'Payment', '45'],
      ].sort(),
    );
    const total = rows.reduce((s, r) => s + Math.round(Number(r.Amount) * 100), 0);
    expect(total).toBe(88_500 - 2_500);
    const cash = rows.find((r) => r.Method === 'Cash')!;
    expect(cash.Child!.startsWith("'=HYPERLINK")).toBe(true);
    expect(cash.Reference).toBe('cash');
    for (const r of rows) expect(r.Date).toBe(todayInClubZone());
  });
});

describe('GET /households/mine/statement', () => {
  it("holds every payment and refund of the family's own that year, the net, and nothing of another family's", async () => {
    // Prepare
    const { first, second } = await paidSeason();
    const year = todayInClubZone().slice(0, 4);

    // Act
    const mine = (await ok('getHouseholdStatement', { token: first.token, query: { year } }))
      .body as unknown as HouseholdStatement;
    const theirs = (await ok('getHouseholdStatement', { token: second.token }))
      .body as unknown as HouseholdStatement;
    const before = (await ok('getHouseholdStatement', { token: first.token, query: { year: '2020' } }))
      .body as unknown as HouseholdStatement;

    // Assess
    expect(mine).toMatchObject({
      year: Number(year),
      paid_cents: 4_500,
      refunded_cents: 1_500,
      net_cents: 3_000,
    });
    expect(mine.entries.map((e) => [e.kind, e.amount_cents, e.fee, e.method, e.season_name])).toEqual([
      ['payment', 4_500, 'tryout', 'card', 'Fall 2025 Tryouts'],
      ['refund', -1_500, 'tryout', 'card', 'Fall 2025 Tryouts'],
    ]);
    expect(mine.entries[0]!.reference).toBe(first.intent);
    expect(JSON.stringify(mine)).not.toContain(second.intent);
    expect(theirs).toMatchObject({ paid_cents: 4_500, refunded_cents: 1_000, net_cents: 3_500 });
    expect(JSON.stringify(theirs)).not.toContain(first.intent);
    expect(before).toEqual({ year: 2020, entries: [], paid_cents: 0, refunded_cents: 0, net_cents: 0 });
  });

  it('refuses a year that is not one', async () => {
    const family = await registeredPlayer('cash');

    const res = await call('getHouseholdStatement', { token: family.token, query: { year: '20x6' } });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose a year between 2000 and 2100.');
  });
});
