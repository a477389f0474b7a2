/**
 * The pure parts of `npm run bench -- registration-night` (issue 43): its options, who arrives when, what
 * each call took, and whether the night came out right. No I/O here, so each is tested on its own.
 */

export interface NightOptions {
  /** Families arriving in the burst (each 1–3 children). */
  families: number;
  /** The burst's length in seconds. */
  windowSeconds: number;
  /** Share of families paying by card (the rest choose cash), 0–1. */
  cardShare: number;
  /** Families measured one at a time before the burst, for each call's quiet figures. */
  quietFamilies: number;
  /** Seeds the arrival times, children per family and who pays by card. */
  seed: number;
  /** Each age group's capacity (issue 45): past it, children go on the waitlist; 0 for none. */
  capacity: number;
}

export const NIGHT_DEFAULTS: NightOptions = {
  families: 2000,
  windowSeconds: 600,
  cardShare: 0.6,
  quietFamilies: 12,
  seed: 43,
  capacity: 0,
};

const FLAGS: Record<string, keyof NightOptions> = {
  '--families': 'families',
  '--window': 'windowSeconds',
  '--card': 'cardShare',
  '--quiet': 'quietFamilies',
  '--seed': 'seed',
  '--capacity': 'capacity',
};

/** `--families 2000 --window 600 --card 0.6` (any subset, in any order) over the defaults. */
export function parseNightOptions(args: readonly string[]): NightOptions {
  const options = { ...NIGHT_DEFAULTS };
  for (let i = 0; i < args.length; i++) {
    const key = FLAGS[args[i]!];
    if (!key) continue;
    const value = Number(args[i + 1]);
    if (!Number.isFinite(value)) throw new Error(`${args[i]} needs a number`);
    options[key] = value;
    i += 1;
  }
  if (!Number.isInteger(options.families) || options.families < 1) {
    throw new Error('--families must be a whole number of at least 1');
  }
  if (!(options.windowSeconds > 0)) throw new Error('--window must be more than 0 seconds');
  if (!(options.cardShare >= 0 && options.cardShare <= 1)) throw new Error('--card must be between 0 and 1');
  if (!Number.isInteger(options.capacity) || options.capacity < 0) {
    throw new Error('--capacity must be a whole number (0 for none)');
  }
  if (!Number.isInteger(options.quietFamilies) || options.quietFamilies < 1) {
    throw new Error('--quiet must be a whole number of at least 1');
  }
  return options;
}

/** mulberry32: a small seeded generator, so a run's families and arrivals can be made again. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Share of families in the burst's head, and the head's share of the window (the first minute of ten). */
const HEAD_FAMILIES = 0.4;
const HEAD_OF_WINDOW = 0.1;

/**
 * When each of `count` families arrives, in ms from the burst's start, earliest first: 40% spread evenly at
 * random over the first tenth of the window (the first minute of the default ten, when "E-mail me when it
 * opens" has just gone out), the rest over the remaining nine tenths. The same seed gives the same times.
 */
export function arrivalSchedule(count: number, windowMs: number, seed: number): number[] {
  const random = seededRandom(seed);
  const head = Math.round(count * HEAD_FAMILIES);
  const headMs = windowMs * HEAD_OF_WINDOW;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push(i < head ? random() * headMs : headMs + random() * (windowMs - headMs));
  }
  return times.sort((a, b) => a - b);
}

/** What each family is: how many children (1–3) and whether it pays by card; seeded like the arrivals. */
export function familyMix(
  count: number,
  cardShare: number,
  seed: number,
): Array<{ children: 1 | 2 | 3; card: boolean }> {
  const random = seededRandom(seed ^ 0x9e3779b9);
  const order = Array.from({ length: count }, (_, i) => i);
  // Fisher-Yates: exactly round(count × share) families pay by card, chosen at random.
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cards = new Set(order.slice(0, Math.round(count * cardShare)));
  return Array.from({ length: count }, (_, i) => ({
    children: (1 + Math.floor(random() * 3)) as 1 | 2 | 3,
    card: cards.has(i),
  }));
}

/** 127.1.0.1, 127.1.0.2, …: family `i`'s own client address on loopback, as its own phone would have. */
export function clientAddress(i: number): string {
  return `127.1.${Math.floor(i / 254)}.${(i % 254) + 1}`;
}

/** The value at `p`% of `values` (nearest rank), 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One call a family or the admin made, as the client saw it. */
export interface CallRecord {
  call: string;
  phase: 'quiet' | 'burst';
  /** When it was answered, in ms since the burst started (negative before it). */
  at: number;
  ms: number;
  /** The HTTP status, or 0 when no answer came (refused connection, timeout). */
  status: number;
  /** The answer's message for a failure (or what went wrong on the way). */
  message?: string;
  /** Registrations the call made (a household's children), for registrations per second. */
  items?: number;
}

export interface CallStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export function statsOf(records: readonly CallRecord[]): CallStats {
  const ms = records.map((r) => r.ms);
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
  };
}

/** Failures by kind, "503 Registration is very busy…" → how many, most first. */
export function errorsByKind(records: readonly CallRecord[]): Array<{ kind: string; count: number }> {
  const counts = new Map<string, number>();
  for (const r of records) {
    if (r.status >= 200 && r.status < 400) continue;
    const kind = `${r.call}: ${r.status || 'no answer'} ${r.message ?? ''}`.trim();
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count);
}

/** Events per second over `[from, to)` ms: the mean and the busiest whole second. */
export function perSecond(
  times: readonly number[],
  from: number,
  to: number,
): { mean: number; peak: number } {
  const inside = times.filter((t) => t >= from && t < to);
  const buckets = new Map<number, number>();
  for (const t of inside) {
    const second = Math.floor((t - from) / 1000);
    buckets.set(second, (buckets.get(second) ?? 0) + 1);
  }
  const seconds = Math.max(1, (to - from) / 1000);
  return { mean: inside.length / seconds, peak: Math.max(0, ...buckets.values()) };
}

/** What the night was meant to do: each family, its children and how it pays. */
export interface ExpectedFamily {
  email: string;
  childIds: readonly string[];
  card: boolean;
}

/** What the night left behind, as read back from the table, Stripe and the mail store. */
export interface NightOutcome {
  registrations: ReadonlyArray<{
    player_id: string;
    tryout_number?: number;
    payment_status: string;
    age_group?: string;
  }>;
  /**
   * With a capacity (issue 45): the children on their group's waitlist, and the capacity of each group. A
   * waitlisted child counts as registered once; its family pays and is mailed only for its numbered children.
   */
  waitlisted?: ReadonlyArray<{ player_id: string; age_group: string }>;
  capacity?: number;
  /** Paid Checkout Sessions, by the address they were paid for. */
  paidCheckouts: ReadonlyArray<{ email: string }>;
  /** Confirmation mails ("… registered for <season>"), by address. */
  confirmations: ReadonlyArray<{ to: string }>;
  calls: readonly CallRecord[];
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export const BUSY_MESSAGE = 'Registration is very busy right now. Please try again in a moment.';

const few = (items: readonly string[]) =>
  items.length > 3 ? `${items.slice(0, 3).join(', ')} and ${items.length - 3} more` : items.join(', ');

/** Holds the night to issue 43's "nothing lost or doubled": each check says what it found. */
export function checkNight(families: readonly ExpectedFamily[], outcome: NightOutcome): Check[] {
  const byChild = new Map<string, number>();
  for (const r of [...outcome.registrations, ...(outcome.waitlisted ?? [])]) {
    byChild.set(r.player_id, (byChild.get(r.player_id) ?? 0) + 1);
  }
  // Families with a numbered child: the only ones that pay and are mailed a confirmation.
  const numberedChild = new Set(outcome.registrations.map((r) => r.player_id));
  const numberedFamilies = families.filter((f) => f.childIds.some((id) => numberedChild.has(id)));
  const expectedChildren = families.flatMap((f) => f.childIds);
  const missing = expectedChildren.filter((id) => !byChild.has(id));
  const doubled = [...byChild].filter(([, n]) => n > 1).map(([id]) => id);
  const known = new Set(expectedChildren);
  const strangers = [...byChild.keys()].filter((id) => !known.has(id));

  const numbers = outcome.registrations.map((r) => r.tryout_number);
  const unnumbered = numbers.filter((n) => n === undefined).length;
  const sorted = numbers.filter((n): n is number => n !== undefined).sort((a, b) => a - b);
  const problems: string[] = [];
  if (unnumbered) problems.push(`${unnumbered} without a number`);
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const n of sorted) (seen.has(n) ? repeated : seen).add(n);
  if (repeated.size) problems.push(`number ${few([...repeated].map(String))} given twice`);
  const gaps: number[] = [];
  for (let n = 1; n <= outcome.registrations.length; n++) if (!seen.has(n)) gaps.push(n);
  if (gaps.length) problems.push(`${few(gaps.map(String))} missing`);
  const beyond = sorted.filter((n) => n < 1 || n > outcome.registrations.length);
  if (beyond.length) problems.push(`${few(beyond.map(String))} outside 1..${outcome.registrations.length}`);

  const paidBy = new Map<string, number>();
  for (const p of outcome.paidCheckouts) paidBy.set(p.email, (paidBy.get(p.email) ?? 0) + 1);
  const statusOf = new Map(outcome.registrations.map((r) => [r.player_id, r.payment_status]));
  const unpaid = numberedFamilies
    .filter((f) => f.card && (paidBy.get(f.email) ?? 0) === 0)
    .map((f) => f.email);
  const paidTwice = families.filter((f) => (paidBy.get(f.email) ?? 0) > 1).map((f) => f.email);
  const cashPaidByCard = families.filter((f) => !f.card && paidBy.has(f.email)).map((f) => f.email);
  const notMarked = families
    .filter((f) => f.card)
    .flatMap((f) => f.childIds)
    .filter((id) => numberedChild.has(id) && statusOf.get(id) !== 'paid');

  const mailedTo = new Map<string, number>();
  for (const m of outcome.confirmations) mailedTo.set(m.to, (mailedTo.get(m.to) ?? 0) + 1);
  const unmailed = numberedFamilies.filter((f) => !mailedTo.has(f.email)).map((f) => f.email);
  const mailedTwice = families.filter((f) => (mailedTo.get(f.email) ?? 0) > 1).map((f) => f.email);

  const serverErrors = outcome.calls.filter((c) => c.status >= 500);
  const busy = outcome.calls.filter((c) => c.message === BUSY_MESSAGE);

  const childProblems = [
    missing.length ? `${missing.length} not registered` : '',
    doubled.length ? `${doubled.length} registered more than once` : '',
    strangers.length ? `${strangers.length} registrations of no family's child` : '',
  ].filter(Boolean);
  const payProblems = [
    unpaid.length ? `${unpaid.length} card families not paid (${few(unpaid)})` : '',
    paidTwice.length ? `${paidTwice.length} paid more than once (${few(paidTwice)})` : '',
    cashPaidByCard.length ? `${cashPaidByCard.length} cash families paid by card` : '',
    notMarked.length ? `${notMarked.length} card children not marked paid` : '',
  ].filter(Boolean);
  const mailProblems = [
    unmailed.length ? `${unmailed.length} families not mailed (${few(unmailed)})` : '',
    mailedTwice.length ? `${mailedTwice.length} mailed more than once (${few(mailedTwice)})` : '',
  ].filter(Boolean);
  const cardFamilies = numberedFamilies.filter((f) => f.card).length;
  const perGroup = new Map<string, number>();
  for (const r of outcome.registrations) {
    if (r.age_group) perGroup.set(r.age_group, (perGroup.get(r.age_group) ?? 0) + 1);
  }
  const over = [...perGroup].filter(([, n]) => outcome.capacity !== undefined && n > outcome.capacity);
  const waitlistedOpen = [...new Set((outcome.waitlisted ?? []).map((w) => w.age_group))].filter(
    (g) => outcome.capacity !== undefined && (perGroup.get(g) ?? 0) < outcome.capacity,
  );
  const capacityCheck: Check[] =
    outcome.capacity === undefined
      ? []
      : [
          {
            name: 'no age group numbered past its capacity; the rest waitlisted',
            ok: over.length === 0 && waitlistedOpen.length === 0,
            detail:
              [
                over.length ? `over: ${few(over.map(([g, n]) => `${g} ${n}`))}` : '',
                waitlistedOpen.length ? `waitlisted with spots free: ${few(waitlistedOpen)}` : '',
              ]
                .filter(Boolean)
                .join('; ') ||
              `${[...perGroup].map(([g, n]) => `${g} ${n}`).join(', ')} numbered (capacity ${outcome.capacity}); ${outcome.waitlisted?.length ?? 0} waitlisted`,
          },
        ];
  return [
    ...capacityCheck,
    {
      name: 'every child registered exactly once',
      ok: childProblems.length === 0,
      detail: childProblems.join('; ') || `${expectedChildren.length} children, each once`,
    },
    {
      name: 'tryout numbers 1..N with no gap',
      ok: problems.length === 0,
      detail: problems.join('; ') || `1..${outcome.registrations.length}`,
    },
    {
      name: 'every card family paid exactly once',
      ok: payProblems.length === 0,
      detail: payProblems.join('; ') || `${cardFamilies} card families with a number, each paid once`,
    },
    {
      name: 'every family mailed its confirmation exactly once',
      ok: mailProblems.length === 0,
      detail: mailProblems.join('; ') || `${numberedFamilies.length} families, each mailed once`,
    },
    {
      name: 'no 5xx',
      ok: serverErrors.length === 0,
      detail: serverErrors.length
        ? `${serverErrors.length} answers ≥ 500 (${few([...new Set(serverErrors.map((c) => `${c.call} ${c.status}`))])})`
        : `${outcome.calls.length} calls`,
    },
    {
      name: 'nobody told "Registration is very busy"',
      ok: busy.length === 0,
      detail: busy.length ? `${busy.length} told so` : 'none',
    },
  ];
}
