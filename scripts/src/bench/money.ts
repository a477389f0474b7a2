/**
 * Team money (issue 46) on the local stack, each figure beside a floor measured in the same run:
 * - the treasurer's view, GET /admin/seasons/{id}/money and its money.csv, of a season of 2,000 registrations
 *   (card, cash and e-Transfer, paid and owed, some refunded: money-plan.ts), beside the admin table's GET of
 *   the same season; the DynamoDB calls one request makes; and checks that the figures and the file add up
 *   to what was written;
 * - POST /admin/payments/etransfer-import of a bank file of 2,000 lines (1,500 paying awaited registrations by
 *   their code, 300 without a code: proposals by the sender's name, 200 nobody's), sent as the parts the
 *   API's 64 KB limit takes, first and then again (which must change nothing: checked), beside the admin
 *   table's GET of that season, the same lines parsed alone, and one e-Transfer marked received by hand;
 * - the instalment sweep over 300 due instalments (270 charged, 30 declined as the "declines later" card
 *   does) on the Stripe stand-in, per instalment, beside one off-session charge's round trip and the
 *   stand-in's rate limit (Stripe's test mode: 25 requests a second).
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  apiPath,
  MAX_REQUEST_BODY_BYTES,
  offerId as offerIds,
  todayInClubZone,
  type EtransferImportAnswer,
  type SeasonMoneyView,
} from '@club/shared';
import { db, tableName } from '@club/functions/db/platform/client';
import { keys } from '@club/functions/db/platform/keys';
import type { RegistrationItem } from '@club/functions/db/registration/registration-item';
import { instalmentsOfSeason } from '@club/functions/db/money/instalments';
import { countDynamoCommands } from '@club/functions/dev/count-commands';
import { createTeamFeeCheckoutSession } from '@club/functions/payments/checkout-sessions';
import { chargeSavedCard, savedCardOf } from '@club/functions/payments/off-session';
import { callStripe } from '@club/functions/payments/stripe-client';
import { readBankFile } from '@club/functions/services/money/etransfer-matching';
import { runInstalmentSweep } from '@club/functions/services/money/instalment-sweep';
import { writeSampleRegistrations } from '../local/sample-registrations';
import { localConfig } from '../local/config';
import type { RunningStack } from '../local/stack';
import { adminToken, newSeason, ratio, time } from './admin';
import {
  BANK_HEADER,
  BENCH_FEE_CENTS,
  bankCsvLines,
  bankFileParts,
  bankLines,
  expectedMoney,
  letterName,
  moneyEntry,
  referenceCode,
  type Payee,
} from './money-plan';
import type { Check } from './registration-night-plan';
import { median, type BenchRow } from './report';

const SEASON_SIZE = 2_000;
const RUNS = 10;
const FILE = { byCode: 1_500, noCode: 300, unknown: 200 };
/** e-Transfer registrations marked received by hand, one request each: the import's per-line floor. */
const BY_HAND = 20;
const INSTALMENTS = 300;
/** Of the instalments, those on the card that declines later. */
const DECLINING = 30;
const TEAM_FEE_CENTS = 75_000;

export interface MoneyBench {
  rows: BenchRow[];
  checks: Check[];
}

/** Writes items 25 a BatchWrite, again for what DynamoDB left unprocessed. */
async function putAll(items: Record<string, unknown>[]): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await Promise.all(
    batches.map(async (batch) => {
      let pending: Record<string, unknown>[] = batch.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (out.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      }
    }),
  );
}

const callsOf = (commands: Record<string, number>) => Object.values(commands).reduce((a, b) => a + b, 0);
const callNote = (commands: Record<string, number>) =>
  Object.entries(commands)
    .map(([command, n]) => `${n} ${command.replace(/Command$/, '')}`)
    .join(', ');
const ms = (n: number) => Number(n.toFixed(1));

async function mailsTo(stack: RunningStack, domain: string): Promise<number> {
  const { emails } = (await (await fetch(`${stack.mailUrl}/store`)).json()) as {
    emails: Array<{ destination: { to: string[] } }>;
  };
  return emails.filter((e) => e.destination.to.some((to) => to.endsWith(`@${domain}`))).length;
}

/** The registration fields of money-plan's entry i (paid, owed, refunded counters). */
function moneyFields(i: number, at: string): Partial<RegistrationItem> {
  const entry = moneyEntry(i);
  const refunded = entry.refundCents;
  const paidStatus = refunded === 0 ? 'paid' : refunded < BENCH_FEE_CENTS ? 'partially_refunded' : 'refunded';
  const money = refunded > 0 ? { refund_reserved_cents: refunded, amount_refunded_cents: refunded } : {};
  if (entry.method === 'card') {
    return {
      payment_method: 'stripe',
      payment_status: paidStatus,
      paid_at: at,
      payment_intent_id: `pi_bench_${i}`,
      stripe_fee_cents: 161,
      ...money,
    };
  }
  if (entry.method === 'cash') {
    return entry.paid
      ? { payment_method: 'cash', payment_status: paidStatus, cash_collected_at: at, ...money }
      : { payment_method: 'cash', payment_status: 'cash' };
  }
  const reference = referenceCode(500_000 + i);
  return entry.paid
    ? {
        payment_method: 'etransfer',
        payment_status: paidStatus,
        etransfer_reference: reference,
        etransfer_paid_at: at,
        etransfer_bank_reference: `CA9${i}`,
        ...money,
      }
    : { payment_method: 'etransfer', payment_status: 'awaiting_etransfer', etransfer_reference: reference };
}

/** 1. The treasurer's view and CSV of a 2,000-registration season, beside the admin table's GET. */
async function benchMoneyView(stack: RunningStack, token: string): Promise<MoneyBench> {
  const auth = { authorization: `Bearer ${token}` };
  const seasonId = await newSeason(stack, token, 'Bench money season');
  const at = new Date().toISOString();
  const written = await writeSampleRegistrations(seasonId, SEASON_SIZE, {
    emailDomain: 'money.bench.test',
    overrides: (i) => moneyFields(i, at),
  });
  const refunds = written.flatMap((row, i) => {
    const entry = moneyEntry(i);
    if (!entry.paid || entry.refundCents === 0) return [];
    const key = `admin:bench-${i}`;
    const method = entry.method === 'card' ? 'stripe' : entry.method;
    return [
      {
        ...keys.refund(seasonId, row.userId, key),
        type: 'refund',
        key,
        amount_cents: entry.refundCents,
        method,
        status: 'succeeded',
        reason: 'Bench refund',
        created_at: at,
        ...(method === 'stripe' ? { stripe_refund_id: `re_bench_${i}` } : {}),
        season_id: seasonId,
        player_id: row.userId,
        made_by: 'bench-admin',
      },
    ];
  });
  await putAll(refunds);

  const tableUrl = `${stack.apiUrl}${apiPath('listTryouts')}?season_id=${seasonId}`;
  const moneyUrl = `${stack.apiUrl}${apiPath('getSeasonMoney', { id: seasonId })}`;
  const csvUrl = `${stack.apiUrl}${apiPath('exportSeasonMoney', { id: seasonId })}`;
  const floor = median(await time(() => fetch(tableUrl, { headers: auth }), RUNS));
  const view = median(await time(() => fetch(moneyUrl, { headers: auth }), RUNS));
  const csv = median(await time(() => fetch(csvUrl, { headers: auth }), RUNS));
  const viewCalls = await countDynamoCommands(() =>
    fetch(moneyUrl, { headers: auth }).then((r) => r.arrayBuffer()),
  );
  const csvCalls = await countDynamoCommands(() =>
    fetch(csvUrl, { headers: auth }).then((r) => r.arrayBuffer()),
  );

  const expected = expectedMoney(SEASON_SIZE);
  const money = (await (await fetch(moneyUrl, { headers: auth })).json()) as SeasonMoneyView;
  const file = await (await fetch(csvUrl, { headers: auth })).text();
  const lines = file.split(/\r?\n/).filter((l) => l.trim() !== '').length - 1;
  const got = {
    collected: money.totals.collected_cents,
    outstanding: money.totals.outstanding_cents,
    refunded: money.totals.refunded_cents,
  };
  const want = {
    collected: expected.collected_cents,
    outstanding: expected.outstanding_cents,
    refunded: expected.refunded_cents,
  };
  const figuresOk = JSON.stringify(got) === JSON.stringify(want);
  const checks: Check[] = [
    {
      name: 'money view totals = the season written',
      ok: figuresOk,
      detail: `collected/outstanding/refunded ${Object.values(got).join('/')} cents${figuresOk ? '' : `, written ${Object.values(want).join('/')}`}`,
    },
    {
      name: 'money.csv: one line per payment and refund',
      ok: lines === expected.payments + expected.refunds,
      detail: `${lines} lines, ${expected.payments} payments + ${expected.refunds} refunds written`,
    },
  ];
  return {
    rows: [
      {
        name: 'GET /admin/tryouts, 2,000 rows: floor (median)',
        value: ms(floor),
        unit: 'ms',
        note: `${RUNS} runs`,
      },
      {
        name: 'GET money view, 2,000 registrations (median)',
        value: ms(view),
        unit: 'ms',
        note: `${RUNS} runs`,
      },
      { name: 'money view / admin table floor', value: ratio(view, floor), unit: 'x' },
      { name: 'GET money.csv, 1,680 lines (median)', value: ms(csv), unit: 'ms', note: `${RUNS} runs` },
      { name: 'money.csv / admin table floor', value: ratio(csv, floor), unit: 'x' },
      {
        name: 'money view DynamoDB calls per request',
        value: callsOf(viewCalls),
        unit: 'calls',
        note: callNote(viewCalls),
      },
      {
        name: 'money.csv DynamoDB calls per request',
        value: callsOf(csvCalls),
        unit: 'calls',
        note: callNote(csvCalls),
      },
    ],
    checks,
  };
}

const emptyAnswer = (): EtransferImportAnswer => ({
  matched: [],
  already_applied: [],
  proposed: [],
  ambiguous: [],
  unmatched: [],
  amount_mismatch: [],
});
const countsOf = (a: EtransferImportAnswer) =>
  Object.fromEntries(Object.entries(a).map(([list, rows]) => [list, rows.length])) as Record<
    keyof EtransferImportAnswer,
    number
  >;
const describeCounts = (c: Record<string, number>) =>
  Object.entries(c)
    .filter(([, n]) => n > 0)
    .map(([list, n]) => `${n} ${list}`)
    .join(', ');

/** 2. The bank file's import, first and again, beside the admin table, parsing alone, and one by hand. */
async function benchEtransferImport(stack: RunningStack, token: string): Promise<MoneyBench> {
  const auth = { authorization: `Bearer ${token}` };
  const domain = 'etransfer.bench.test';
  // Created last, so it is the active season: lines without a code are matched against its families.
  const seasonId = await newSeason(stack, token, 'Bench e-Transfer season');
  const awaited = FILE.byCode + FILE.noCode + BY_HAND;
  const at = new Date().toISOString();
  const nameOf = (i: number) =>
    i >= FILE.byCode && i < FILE.byCode + FILE.noCode
      ? { first_name: 'Avery', last_name: letterName(i) }
      : { first_name: `Player${i}`, last_name: 'Tester' };
  const written = await writeSampleRegistrations(seasonId, SEASON_SIZE, {
    emailDomain: domain,
    overrides: (i) =>
      i < awaited
        ? {
            ...nameOf(i),
            payment_method: 'etransfer',
            payment_status: 'awaiting_etransfer',
            etransfer_reference: referenceCode(i),
          }
        : {
            payment_method: 'stripe',
            payment_status: 'paid',
            paid_at: at,
            payment_intent_id: `pi_bench_${i}`,
          },
  });
  await putAll(
    written.slice(0, awaited).map((row, i) => ({
      ...keys.etransferReference(referenceCode(i)),
      type: 'etransfer-reference',
      code: referenceCode(i),
      season_id: seasonId,
      player_id: row.userId,
      kind: 'tryout',
      amount_cents: BENCH_FEE_CENTS,
      state: 'open',
      created_at: at,
    })),
  );
  const payees: Payee[] = written
    .slice(0, FILE.byCode + FILE.noCode)
    .map((_, i) => ({ code: referenceCode(i), ...nameOf(i) }));
  const csvLines = bankCsvLines(bankLines(payees, FILE));
  const whole = `${[BANK_HEADER, ...csvLines].join('\r\n')}\r\n`;
  const parts = bankFileParts(BANK_HEADER, csvLines, MAX_REQUEST_BODY_BYTES);

  const importUrl = `${stack.apiUrl}${apiPath('importEtransfers')}`;
  const post = (body: string) =>
    fetch(importUrl, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body });

  // Floors: the admin table of this season; the lines parsed alone; one e-Transfer marked by hand.
  const tableUrl = `${stack.apiUrl}${apiPath('listTryouts')}?season_id=${seasonId}`;
  const floor = median(await time(() => fetch(tableUrl, { headers: auth }), RUNS));
  const parseTimes: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    for (const part of parts) readBankFile(part);
    parseTimes.push(performance.now() - started);
  }
  const parseFloor = median(parseTimes);
  const byHand: number[] = [];
  for (const row of written.slice(FILE.byCode + FILE.noCode, awaited)) {
    const started = performance.now();
    const res = await fetch(`${stack.apiUrl}${apiPath('markEtransferReceived', { tryoutId: row.id })}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`etransfer-received answered ${res.status}`);
    byHand.push(performance.now() - started);
  }
  const handFloor = median(byHand);

  const tooLarge = await post(whole);
  await tooLarge.arrayBuffer();

  const importAll = async () => {
    const answer = emptyAnswer();
    const started = performance.now();
    const commands = await countDynamoCommands(async () => {
      for (const part of parts) {
        const res = await post(part);
        if (!res.ok) throw new Error(`etransfer-import answered ${res.status}: ${await res.text()}`);
        const got = (await res.json()) as EtransferImportAnswer;
        for (const list of Object.keys(answer) as Array<keyof EtransferImportAnswer>) {
          answer[list].push(...got[list]);
        }
      }
    });
    return { answer, elapsed: performance.now() - started, commands };
  };
  const moneyUrl = `${stack.apiUrl}${apiPath('getSeasonMoney', { id: seasonId })}`;
  const snapshot = async () => ({
    money: await (await fetch(moneyUrl, { headers: auth })).text(),
    mails: await mailsTo(stack, domain),
  });

  const first = await importAll();
  // The "e-Transfer received" mails go out paced by the family-mail worker: wait until they stop arriving.
  const drained = performance.now();
  for (let last = -1, now = await mailsTo(stack, domain); ; now = await mailsTo(stack, domain)) {
    if (now >= FILE.byCode + BY_HAND || now === last || performance.now() - drained > 300_000) break;
    last = now;
    await new Promise((r) => setTimeout(r, 5_000));
  }
  const before = await snapshot();
  const again = await importAll();
  const after = await snapshot();

  const firstCounts = countsOf(first.answer);
  const againCounts = countsOf(again.answer);
  const lines = csvLines.length;
  const wantFirst = { matched: FILE.byCode, proposed: FILE.noCode, unmatched: FILE.unknown };
  const wantAgain = { already_applied: FILE.byCode, proposed: FILE.noCode, unmatched: FILE.unknown };
  const only = (counts: Record<string, number>, want: Record<string, number>) =>
    Object.entries(counts).every(([list, n]) => n === (want[list] ?? 0));
  const checks: Check[] = [
    {
      name: `a 2,000-line file (${Math.round(Buffer.byteLength(whole) / 1024)} KB) in one request: 413`,
      ok: tooLarge.status === 413,
      detail: `answered ${tooLarge.status}; sent as ${parts.length} parts of at most 64 KB`,
    },
    {
      name: 'first import: 1,500 matched, 300 proposed, 200 unmatched',
      ok: only(firstCounts, wantFirst),
      detail: describeCounts(firstCounts),
    },
    {
      name: 'same file again: nothing matched, 1,500 already applied',
      ok: only(againCounts, wantAgain),
      detail: describeCounts(againCounts),
    },
    {
      name: 'every e-Transfer received mailed once (1,500 imported, 20 by hand)',
      ok: before.mails === FILE.byCode + BY_HAND,
      detail: `${before.mails} mails of ${FILE.byCode + BY_HAND} at local SES's ${localConfig().mailSendRate}/s`,
    },
    {
      name: 'same file again changes nothing (money view, mails)',
      ok: before.money === after.money && before.mails === after.mails,
      detail: `money view ${before.money === after.money ? 'the same' : 'CHANGED'}; mails ${before.mails} → ${after.mails}`,
    },
  ];
  const perLine = (elapsed: number) => elapsed / lines;
  return {
    rows: [
      {
        name: 'GET /admin/tryouts, 2,000 rows: floor (median)',
        value: ms(floor),
        unit: 'ms',
        note: `${RUNS} runs`,
      },
      {
        name: `parse the 2,000 lines alone (csv-parse, ${parts.length} parts)`,
        value: ms(parseFloor),
        unit: 'ms',
        note: 'median of 5, in-process',
      },
      {
        name: 'mark one e-Transfer received by hand: floor (median)',
        value: ms(handFloor),
        unit: 'ms',
        note: `${BY_HAND} requests, each a transaction and a queued mail`,
      },
      {
        name: 'import 2,000 lines, first (1,500 applied)',
        value: ms(first.elapsed),
        unit: 'ms',
        note: `${parts.length} requests; ${perLine(first.elapsed).toFixed(2)} ms a line`,
      },
      { name: 'import first / admin table floor', value: ratio(first.elapsed, floor), unit: 'x' },
      {
        name: 'import first, per applied line / hand-marked floor',
        value: ratio(first.elapsed / FILE.byCode, handFloor),
        unit: 'x',
      },
      {
        name: 'import first DynamoDB calls',
        value: callsOf(first.commands),
        unit: 'calls',
        note: callNote(first.commands),
      },
      {
        name: 'import same file again (nothing changes)',
        value: ms(again.elapsed),
        unit: 'ms',
        note: `${perLine(again.elapsed).toFixed(2)} ms a line`,
      },
      { name: 'import again / admin table floor', value: ratio(again.elapsed, floor), unit: 'x' },
      { name: 'import again / parse floor', value: ratio(again.elapsed, parseFloor), unit: 'x' },
      {
        name: 'import again DynamoDB calls',
        value: callsOf(again.commands),
        unit: 'calls',
        note: callNote(again.commands),
      },
    ],
    checks,
  };
}

/** Pays a checkout on the stand-in's page with a test card and answers the card it saved. */
async function savedCardPaidWith(card: string, n: number) {
  const session = await createTeamFeeCheckoutSession({
    offerId: `bench-cards.bench-card-${n}`,
    seasonId: 'bench-cards',
    userId: `bench-card-${n}`,
    email: `card-${n}@sweep.bench.test`,
    lineName: 'Bench card, team fee',
    seasonName: 'Bench',
    amountCents: TEAM_FEE_CENTS / 3,
    attempt: 1,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    instalment: 1,
    saveCard: true,
  });
  const res = await fetch(session.url!.replace(/\/?$/, '/pay'), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card }).toString(),
  });
  if (res.status !== 303) throw new Error(`the stand-in's pay answered ${res.status}`);
  const paid = await callStripe((stripe) => stripe.checkout.sessions.retrieve(session.id));
  const saved = await savedCardOf(String(paid.payment_intent));
  if (!saved) throw new Error('the stand-in saved no card');
  return saved;
}

async function apiCalls(stack: RunningStack) {
  return (await (await fetch(`${stack.stripeUrl}/stand-in/api-calls`)).json()) as {
    limit_per_second: number;
    served: number;
    refused: number;
  };
}

/** 3. The instalment sweep over 300 due instalments, beside one off-session charge's round trip. */
async function benchInstalmentSweep(stack: RunningStack, token: string): Promise<MoneyBench> {
  const seasonId = await newSeason(stack, token, 'Bench instalment season');
  const now = new Date();
  // Due in three days, so the stack's own every-minute sweep leaves them; the bench's sweep runs on that day.
  const day = (days: number) => todayInClubZone(new Date(now.getTime() + days * 86_400_000));
  const due = day(3);
  const sweepAt = new Date(now.getTime() + 3 * 86_400_000 + 3_600_000);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.season(seasonId),
      UpdateExpression: 'SET offers_enabled = :on, offers_published_at = :at',
      ExpressionAttributeValues: { ':on': true, ':at': now.toISOString() },
    }),
  );
  const players = await writeSampleRegistrations(seasonId, INSTALMENTS, {
    emailDomain: 'sweep.bench.test',
    payment_method: 'stripe',
  });
  const good = await savedCardPaidWith('4242424242424242', 1);
  const declining = await savedCardPaidWith('4000000000000341', 2);
  const third = TEAM_FEE_CENTS / 3;
  const items: Record<string, unknown>[] = [];
  players.forEach((p, i) => {
    const card = i < DECLINING ? declining : good;
    const offerId = offerIds.of(seasonId, p.userId);
    items.push(
      {
        ...keys.offer(seasonId, p.userId),
        type: 'offer',
        id: offerId,
        season_id: seasonId,
        player_id: p.userId,
        team_id: `${seasonId}.bench-team`,
        state: 'accepted',
        round: 1,
        from: 'placement',
        offered_at: now.toISOString(),
        respond_by: now.toISOString(),
        answered_at: now.toISOString(),
        fee_cents: TEAM_FEE_CENTS,
        fee_state: 'on_plan',
        fee_method: 'stripe',
        fee_paid_at: now.toISOString(),
        fee_plan: { amounts: [third, third, third], due_dates: [due, day(33)] },
        fee_plan_paid_cents: third,
      },
      ...[2, 3].map((n) => ({
        ...keys.instalment(seasonId, p.userId, n),
        type: 'instalment',
        season_id: seasonId,
        player_id: p.userId,
        offer_id: offerId,
        n,
        amount_cents: third,
        due_date: n === 2 ? due : day(33),
        state: 'scheduled',
        attempts: 0,
        customer_id: card.customerId,
        payment_method_id: card.paymentMethodId,
      })),
    );
  });
  await putAll(items);

  // Floor: one off-session charge's round trip, well inside the stand-in's rate.
  const charges: number[] = [];
  for (let k = 0; k < RUNS; k += 1) {
    const started = performance.now();
    const out = await chargeSavedCard({
      ...good,
      amountCents: third,
      idempotencyKey: `bench-floor-${seasonId}-${k}`,
      metadata: { bench: 'floor' },
    });
    if (out.kind !== 'succeeded') throw new Error(`the floor's charge was ${out.kind}`);
    charges.push(performance.now() - started);
  }
  const chargeFloor = median(charges);
  await new Promise((r) => setTimeout(r, 1_100));

  const callsBefore = await apiCalls(stack);
  const started = performance.now();
  const outcome = await runInstalmentSweep(sweepAt);
  const elapsed = performance.now() - started;
  const callsAfter = await apiCalls(stack);
  const states = (await instalmentsOfSeason(seasonId)).filter((i) => i.n === 2);
  const paid = states.filter((i) => i.state === 'paid').length;
  const declined = states.filter((i) => i.state === 'declined').length;
  const perInstalment = elapsed / INSTALMENTS;
  const rateFloor = 1000 / callsAfter.limit_per_second;
  const refused = callsAfter.refused - callsBefore.refused;
  return {
    rows: [
      {
        name: 'one off-session charge round trip: floor (median)',
        value: ms(chargeFloor),
        unit: 'ms',
        note: `${RUNS} charges on the stand-in`,
      },
      {
        name: `instalment sweep, ${INSTALMENTS} due`,
        value: Number((elapsed / 1000).toFixed(2)),
        unit: 's',
        note: `${outcome.paid} paid, ${outcome.declined} declined, ${outcome.unanswered} unanswered`,
      },
      { name: 'sweep per instalment', value: ms(perInstalment), unit: 'ms' },
      { name: 'sweep per instalment / charge floor', value: ratio(perInstalment, chargeFloor), unit: 'x' },
      {
        name: `sweep per instalment / rate-limit floor (${callsAfter.limit_per_second}/s)`,
        value: ratio(perInstalment, rateFloor),
        unit: 'x',
        note: `${rateFloor.toFixed(0)} ms a charge at Stripe's test-mode rate`,
      },
      {
        name: 'stand-in requests refused (429) during the sweep',
        value: refused,
        unit: 'requests',
        note: `${callsAfter.served - callsBefore.served} served`,
      },
    ],
    checks: [
      {
        name: `sweep: ${INSTALMENTS - DECLINING} instalments paid, ${DECLINING} declined, each once`,
        ok: paid === INSTALMENTS - DECLINING && declined === DECLINING && outcome.paid === paid,
        detail: `${paid} paid, ${declined} declined of ${states.length}; sweep said ${outcome.paid}/${outcome.declined}`,
      },
    ],
  };
}

export async function benchMoney(stack: RunningStack): Promise<MoneyBench> {
  const token = await adminToken(stack);
  const parts = [
    await benchMoneyView(stack, token),
    await benchEtransferImport(stack, token),
    ...(stack.stripeUrl ? [await benchInstalmentSweep(stack, token)] : []),
  ];
  return { rows: parts.flatMap((p) => p.rows), checks: parts.flatMap((p) => p.checks) };
}
