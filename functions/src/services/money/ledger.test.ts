/**
 * The treasurer's figures, whatever the mix (issue 46 §3): registrations by card, cash and e-Transfer, paid,
 * owed, settling or withdrawn, refunded in part or in full (some refunds still waiting for Stripe), disputed,
 * and team fees paid in full or in instalments. Every line's expected is its collected plus its outstanding,
 * the totals are the lines' sums, and the CSV, read by a CSV parser as a spreadsheet would, adds up to
 * collected less refunded. The figures are also checked against the items themselves, counted here from the
 * rules the issue gives, not from the code.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aRegistrationRecord } from '../../../test/builders';
import type { RefundItem } from '../../db/money/refunds';
import type { InstalmentMoney } from '../../db/money/season-money-items';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { toCsv } from '../../lib/csv';
import { deriveLedger } from './ledger';
import { MONEY_CSV_HEADER, moneyCsvRow } from './season-money';

const SEASON = 'a0000000-0000-4000-8000-000000000001';
const PAID = ['paid'];
const OWED = ['cash', 'pending', 'failed', 'processing', 'awaiting_etransfer'];

const refundArb = (method: 'stripe' | 'cash') =>
  fc.record({
    part: fc.integer({ min: 1, max: 100 }),
    status: method === 'cash' ? fc.constant('succeeded' as const) : fc.constantFrom('succeeded', 'pending'),
  });

/** A registration with its refunds: any method, any stored status, withdrawn or not. */
const registrationArb = fc
  .record({
    method: fc.constantFrom('stripe', 'cash', 'etransfer'),
    status: fc.constantFrom('paid', 'cash', 'pending', 'processing', 'failed', 'awaiting_etransfer'),
    amount: fc.integer({ min: 0, max: 20_000 }),
    withdrawn: fc.boolean(),
    dispute: fc.constantFrom(undefined, 'needs_response', 'lost', 'won'),
    refunds: fc.array(refundArb('stripe'), { maxLength: 3 }),
    fee: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
    name: fc.constantFrom('Avery', '=HYPERLINK("http://x")', 'Zoë, "Zee"', '-1+2', '@sum'),
  })
  .map((r) => {
    const playerId = randomUUID();
    const paid = r.status === 'paid';
    const tryout = aRegistrationRecord(
      SEASON,
      { id: playerId, email: `${playerId}@example.test` },
      {
        payment_method: r.method,
        payment_status: r.status,
        amount_cents: r.amount,
        withdrawn: r.withdrawn,
        first_name: r.name,
        ...(paid ? { paid_at: '2026-03-02T18:00:00.000Z', payment_intent_id: `pi_${playerId}` } : {}),
        ...(paid && r.method === 'stripe' && r.dispute ? { dispute_status: r.dispute } : {}),
        ...(paid && r.method === 'stripe' && r.fee !== undefined ? { stripe_fee_cents: r.fee } : {}),
      },
    ) as unknown as RegistrationItem;
    // Refunds only of money paid, never together past it (the refund modules' limit).
    const refunds: RefundItem[] = [];
    let left = paid ? r.amount : 0;
    for (const [i, f] of r.refunds.entries()) {
      const amount = Math.min(left, Math.ceil((r.amount * f.part) / 100));
      if (amount <= 0) break;
      left -= amount;
      refunds.push({
        key: `admin:${playerId}:${i}`,
        amount_cents: amount,
        method: r.method === 'cash' ? 'cash' : 'stripe',
        status: r.method === 'stripe' ? f.status : 'succeeded',
        reason: 'Moved away',
        created_at: `2026-03-0${3 + i}T18:00:00.000Z`,
        ...(f.status === 'succeeded' && r.method === 'stripe'
          ? { stripe_refund_id: `re_${playerId}_${i}` }
          : {}),
        season_id: SEASON,
        player_id: playerId,
        made_by: 'admin',
      } as RefundItem);
    }
    return { tryout, refunds };
  });

/** A team fee: accepted (paid or not), given up after paying, or never accepted; in full or in instalments. */
const offerArb = fc.record({
  state: fc.constantFrom('accepted', 'declined', 'offered', 'expired'),
  fee: fc.integer({ min: 0, max: 90_000 }),
  paid: fc.boolean(),
  method: fc.constantFrom('stripe', 'cash'),
  plan: fc.option(
    fc.array(fc.constantFrom('scheduled', 'paid', 'declined', 'stopped'), { minLength: 1, maxLength: 3 }),
    {
      nil: undefined,
    },
  ),
  refunds: fc.array(refundArb('stripe'), { maxLength: 2 }),
});

type Generated = {
  tryouts: RegistrationItem[];
  refunds: RefundItem[];
  offers: TeamFeeOffer[];
  teamFeeRefunds: RefundItem[];
  instalments: InstalmentMoney[];
};

const seasonArb = fc
  .tuple(fc.array(registrationArb, { maxLength: 12 }), fc.array(offerArb, { maxLength: 8 }))
  .map(([registrations, offers]): Generated => {
    const out: Generated = {
      tryouts: registrations.map((r) => r.tryout),
      refunds: registrations.flatMap((r) => r.refunds),
      offers: [],
      teamFeeRefunds: [],
      instalments: [],
    };
    offers.forEach((o, i) => {
      // An offer is of a registered player of the season.
      const tryout = out.tryouts[i];
      if (!tryout) return;
      const everPaid = o.paid && o.state !== 'offered' && o.state !== 'expired';
      const amounts = o.plan ? o.plan.map((_, n) => 100 * (n + 1)) : [];
      const offer = {
        id: `${SEASON}.${tryout.player_id}`,
        season_id: SEASON,
        player_id: tryout.player_id,
        team_id: `${SEASON}.team`,
        state: o.state,
        round: 1,
        from: 'placement',
        offered_at: '2026-04-01T18:00:00.000Z',
        respond_by: '2026-04-03T18:00:00.000Z',
        fee_cents: o.fee,
        ...(everPaid
          ? {
              fee_state: o.plan ? 'on_plan' : 'paid',
              fee_method: o.plan ? 'stripe' : o.method,
              fee_paid_at: '2026-04-02T18:00:00.000Z',
              ...(o.method === 'stripe' || o.plan ? { fee_payment_intent_id: `pi_team_${i}` } : {}),
            }
          : o.state === 'accepted'
            ? { fee_state: o.plan ? 'on_plan' : 'to_pay' }
            : {}),
      } as TeamFeeOffer & { fee_plan?: { amounts: number[]; due_dates: string[] } };
      if (o.plan) {
        offer.fee_plan = { amounts: [o.fee, ...amounts], due_dates: o.plan.map(() => '2026-06-01') };
        offer.fee_cents = o.fee + amounts.reduce((a, b) => a + b, 0);
        // Instalments 2..n are written when the first is paid.
        if (everPaid) {
          o.plan.forEach((state, n) => {
            out.instalments.push({
              player_id: tryout.player_id,
              n: n + 2,
              amount_cents: amounts[n]!,
              state: o.state === 'accepted' || state === 'paid' ? state : 'stopped',
              ...(state === 'paid'
                ? { paid_at: '2026-06-01T18:00:00.000Z', payment_intent_id: `pi_i_${i}_${n}` }
                : {}),
            });
          });
        }
      }
      out.offers.push(offer);
      if (everPaid && !o.plan) {
        let left = o.fee;
        o.refunds.forEach((f, k) => {
          const amount = Math.min(left, Math.ceil((o.fee * f.part) / 100));
          if (amount <= 0) return;
          left -= amount;
          out.teamFeeRefunds.push({
            key: `admin:t${i}:${k}`,
            amount_cents: amount,
            method: o.method,
            status: o.method === 'stripe' ? f.status : 'succeeded',
            reason: 'Moved away',
            created_at: '2026-05-01T18:00:00.000Z',
            season_id: SEASON,
            player_id: tryout.player_id,
            made_by: 'admin',
          } as RefundItem);
        });
      }
    });
    return out;
  });

/** What the rules say, counted straight from the items. */
function expectedTotals(g: Generated) {
  let collected = 0;
  let outstanding = 0;
  for (const t of g.tryouts) {
    if (PAID.includes(t.payment_status)) collected += t.amount_cents;
    else if (!t.withdrawn && OWED.includes(t.payment_status)) outstanding += t.amount_cents;
  }
  for (const o of g.offers as Array<TeamFeeOffer & { fee_plan?: { amounts: number[] } }>) {
    if (o.fee_cents <= 0) continue;
    if (o.fee_plan) {
      o.fee_plan.amounts.forEach((amount, n) => {
        const item = g.instalments.find((x) => x.player_id === o.player_id && x.n === n + 1);
        const paid = n === 0 ? o.fee_paid_at !== undefined : item?.state === 'paid';
        if (paid) collected += amount;
        else if (o.state === 'accepted' && item?.state !== 'stopped') outstanding += amount;
      });
    } else if (o.fee_state === 'paid') collected += o.fee_cents;
    else if (o.state === 'accepted') outstanding += o.fee_cents;
  }
  const refunded = [...g.refunds, ...g.teamFeeRefunds]
    .filter((r) => r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount_cents, 0);
  return { collected, outstanding, refunded };
}

/** The CSV as a spreadsheet reads it: parsed, each amount a number of dollars. */
function csvOf(g: Generated) {
  const text = toCsv([MONEY_CSV_HEADER, ...deriveLedger(g).entries.map(moneyCsvRow)]);
  return parse(text, { bom: true, columns: true }) as Array<Record<string, string>>;
}

describe('the season ledger', () => {
  it('keeps expected = collected + outstanding on every line, totals the sums of the lines, and the CSV at collected − refunded', () => {
    fc.assert(
      fc.property(seasonArb, (g) => {
        const { lines, totals } = deriveLedger(g);
        for (const line of lines) {
          expect(line.expected_cents).toBe(line.collected_cents + line.outstanding_cents);
        }
        const sum = (
          k:
            | 'expected_cents'
            | 'collected_cents'
            | 'outstanding_cents'
            | 'refunded_cents'
            | 'disputed_cents'
            | 'count',
        ) => lines.reduce((s, l) => s + l[k], 0);
        expect(totals).toMatchObject({
          expected_cents: sum('expected_cents'),
          collected_cents: sum('collected_cents'),
          outstanding_cents: sum('outstanding_cents'),
          refunded_cents: sum('refunded_cents'),
          disputed_cents: sum('disputed_cents'),
          count: sum('count'),
        });
        const oracle = expectedTotals(g);
        expect([totals.collected_cents, totals.outstanding_cents, totals.refunded_cents]).toEqual([
          oracle.collected,
          oracle.outstanding,
          oracle.refunded,
        ]);
        const rows = csvOf(g);
        const csvCents = rows.reduce((s, r) => s + Math.round(Number(r.Amount) * 100), 0);
        expect(csvCents).toBe(totals.collected_cents - totals.refunded_cents);
        // Formula-safe: a cell a spreadsheet would run (= + - @) is text, started with an apostrophe.
        for (const r of rows) {
          for (const cell of [r.Family!, r.Child!]) expect(cell).not.toMatch(/^[=+\-@]/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts a dispute not won as disputed, and Stripe fees only where Stripe reported them', () => {
    const player = { id: randomUUID(), email: 'fees@example.test' };
    const paid = (id: string, extra: Record<string, unknown>) =>
      aRegistrationRecord(
        SEASON,
        { ...player, id },
        {
          payment_method: 'stripe',
          payment_status: 'paid',
          paid_at: '2026-03-02T18:00:00.000Z',
          payment_intent_id: `pi_${id}`,
          ...extra,
        },
      ) as unknown as RegistrationItem;
    const tryouts = [
      paid('p1', { dispute_status: 'needs_response', stripe_fee_cents: 161 }),
      paid('p2', { dispute_status: 'won' }),
      paid('p3', { dispute_status: 'lost', stripe_fee_cents: 161 }),
    ];

    const { lines, totals } = deriveLedger({
      tryouts,
      refunds: [],
      offers: [],
      teamFeeRefunds: [],
      instalments: [],
    });

    expect(lines).toEqual([
      {
        fee: 'tryout',
        method: 'card',
        expected_cents: 13_500,
        collected_cents: 13_500,
        outstanding_cents: 0,
        refunded_cents: 0,
        disputed_cents: 9_000,
        stripe_fee_cents: 322,
        count: 3,
      },
    ]);
    expect(totals.stripe_fee_cents).toBe(322);
    const cash = deriveLedger({
      tryouts: [aRegistrationRecord(SEASON, player) as unknown as RegistrationItem],
      refunds: [],
      offers: [],
      teamFeeRefunds: [],
      instalments: [],
    });
    expect(cash.totals).toMatchObject({
      stripe_fee_cents: null,
      outstanding_cents: 4_500,
      expected_cents: 4_500,
    });
  });
});
