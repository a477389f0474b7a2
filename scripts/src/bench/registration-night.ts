/**
 * Registration night at ten times the club's size (issue 43), on the local stack: `npm run bench --
 * registration-night [--families 2000] [--window 600] [--card 0.6]`. Verified families (1–3 children each)
 * are written straight to the table (their password hashed once, so each still signs in through the real
 * login call); the admin opens registration; a few families then go one at a time (each call's quiet
 * figures), and then the burst: 40% of the families in the window's first tenth, the rest over the other
 * nine, each from its own address, signing in, registering its children in one request, and paying by card
 * through the Stripe stand-in's checkout page (the webhook marks it paid) or choosing cash. The admin reads
 * the registrations list every second meanwhile. Afterwards the night is checked: nothing lost or doubled.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import { BatchWriteCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { AGE_GROUPS, CONSENT_NOTICE_VERSION, groupsFor } from '@club/shared';
import { db, tableName } from '@club/functions/db/platform/client';
import { createUserClaimingEmail, type UserItem } from '@club/functions/db/accounts/users';
import { addAthlete } from '@club/functions/services/households/households';
import { hashPassword } from '@club/functions/services/accounts/passwords';
import { createSeason } from '@club/functions/services/seasons/seasons';
import { STAND_IN_SECRET_KEY, localConfig } from '../local/config';
import type { RunningStack } from '../local/stack';
import type { BenchRow } from './report';
import type { ClientAnswer, ClientCommand, FamilyPlan } from './registration-night-client';
import {
  arrivalSchedule,
  checkNight,
  clientAddress,
  errorsByKind,
  familyMix,
  perSecond,
  statsOf,
  type CallRecord,
  type Check,
  type ExpectedFamily,
  type NightOptions,
} from './registration-night-plan';

const PASSWORD = 'Night!Pass1234';
/** Children's birth dates in 2025's 13U, 15U and 17U Boys (the season counts from 2025). */
const BIRTH_DATES = ['2012-05-01', '2010-03-14', '2008-07-21'];
/** How long the confirmations and numbers may take to arrive after the last family is done. */
const SETTLE_MS = 180_000;

interface SeededFamily extends ExpectedFamily {
  userId: string;
  registrations: FamilyPlan['registrations'];
}

/** A verified guardian account, its password as login checks it, and its children added as the app does. */
async function seedFamily(i: number, children: number, passwordHash: string, tag: string) {
  const now = new Date().toISOString();
  const id = randomUUID();
  const user: UserItem = {
    id,
    email: `night.${tag}.${i}@example.test`,
    first_name: 'Night',
    last_name: `Family${i}`,
    phone_number: '7805550134',
    parent_consent: false,
    consentedAt: now,
    consentNoticeVersion: CONSENT_NOTICE_VERSION,
    is_admin: false,
    createdAt: now,
    verifiedAt: now,
    passwordHash,
    passwordVersion: 0,
    account_type: 'guardian',
  };
  if (!(await createUserClaimingEmail(user))) throw new Error('night family e-mail already taken');
  const claims = { sub: id, ...user, is_admin: false };
  const registrations: FamilyPlan['registrations'] = [];
  for (let c = 0; c < children; c++) {
    const date_of_birth = BIRTH_DATES[c]!;
    const athlete = await addAthlete(claims, {
      first_name: `Child${c + 1}`,
      last_name: `Family${i}`,
      date_of_birth,
      division: 'boys',
      emergency_contact_name: 'Night Parent',
      emergency_contact_phone: '7805550199',
      emergency_contact_email: 'parent@example.test',
      emergency_contact_relationship: 'parent',
      parent_consent: true,
    });
    const [group] = groupsFor({ date_of_birth, division: 'boys' }, AGE_GROUPS, 2025);
    registrations.push({ athlete_id: athlete.id, age_group: group! });
  }
  return { id, email: user.email, registrations };
}

/**
 * Families written as the app would leave them, fast: one family of each size (1, 2, 3 children) is made
 * through the services (its account, then each child added to its household), its items read back, and
 * every other family written as a copy of one of them with its own ids and e-mail, 25 items a BatchWrite.
 * (Thousands of households one transaction per child took minutes on a busy two-core machine.)
 */
async function seedFamilies(mix: ReturnType<typeof familyMix>, tag: string): Promise<SeededFamily[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const templates = new Map<number, { made: Awaited<ReturnType<typeof seedFamily>>; items: string[] }>();
  for (const children of [1, 2, 3]) {
    const made = await seedFamily(-children, children, passwordHash, tag);
    templates.set(children, { made, items: [] });
  }
  // The templates' items: every item naming a template's account, e-mail, athletes or household.
  const all: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) all.push(JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  const householdIds = new Map<number, string>();
  for (const [children, template] of templates) {
    const profile = all
      .map((t) => JSON.parse(t) as Record<string, unknown>)
      .find((i) => i.id === template.made.id && typeof i.household_id === 'string');
    if (!profile) throw new Error('a template family has no household');
    const householdId = String(profile.household_id);
    householdIds.set(children, householdId);
    const names = [
      template.made.id,
      template.made.email,
      householdId,
      ...template.made.registrations.map((r) => r.athlete_id),
    ];
    template.items = all.filter((text) => names.some((name) => text.includes(name)));
  }

  const families: SeededFamily[] = [];
  const writes: Record<string, unknown>[] = [];
  mix.forEach(({ children, card }, i) => {
    const template = templates.get(children)!;
    const ids = new Map<string, string>([
      [template.made.id, randomUUID()],
      [householdIds.get(children)!, randomUUID()],
      [template.made.email, `night.${tag}.${i}@example.test`],
      [`Family${-children}`, `Family${i}`],
      ...template.made.registrations.map((r): [string, string] => [r.athlete_id, randomUUID()]),
    ]);
    const swap = (text: string) => [...ids].reduce((t, [from, to]) => t.replaceAll(from, to), text);
    for (const item of template.items) writes.push(JSON.parse(swap(item)) as Record<string, unknown>);
    const registrations = template.made.registrations.map((r) => ({
      athlete_id: ids.get(r.athlete_id)!,
      age_group: r.age_group,
    }));
    families.push({
      userId: ids.get(template.made.id)!,
      email: ids.get(template.made.email)!,
      card,
      childIds: registrations.map((r) => r.athlete_id),
      registrations,
    });
  });
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < writes.length; i += 25) batches.push(writes.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return families;
}

async function api(stack: RunningStack, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.apiUrl}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: stack.siteUrl,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Every request the Stripe stand-in receives (the API's SDK calls and the families' checkout pages). */
function countStripeCalls(stripeUrl: string): { times: number[]; stop(): void } {
  const port = Number(new URL(stripeUrl).port);
  const times: number[] = [];
  const onStart = (message: unknown) => {
    const { server } = message as { request: IncomingMessage; server: Server };
    const address = server.address();
    if (address && typeof address === 'object' && address.port === port) times.push(Date.now());
  };
  subscribe('http.server.request.start', onStart);
  return {
    times,
    stop: () => {
      // Left subscribed: a few more counts after the night change nothing it reports.
    },
  };
}

interface StoredMail {
  messageId: string;
  at: number;
  subject: string;
  destination: { to: string[] };
}

/** Polls the SES emulator's store for new mail every 2 s (only what arrived since the last poll). */
function watchMail(mailUrl: string): { mails: Map<string, StoredMail>; stop(): Promise<void> } {
  const mails = new Map<string, StoredMail>();
  let since = Math.floor(Date.now() / 1000);
  let stopped = false;
  const poll = async () => {
    const { emails } = (await (await fetch(`${mailUrl}/store?since=${since}`)).json()) as {
      emails: StoredMail[];
    };
    for (const mail of emails) {
      mails.set(mail.messageId, mail);
      since = Math.max(since, mail.at);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await poll().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 2000));
    }
    await poll();
  })();
  return {
    mails,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

const isConfirmation = (mail: StoredMail) => /registered for |^You're registered: /.test(mail.subject);

/** The season's registrations as the table holds them, read consistently. */
/** The children on a season's waitlists (issue 45). */
async function waitlistedOf(seasonId: string) {
  const items: Array<{ player_id: string; age_group: string }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': `SEASON#${seasonId}`, ':sk': 'WAITLIST#' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      items.push({ player_id: String(item.player_id), age_group: String(item.age_group) });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function registrationsOf(seasonId: string) {
  const items: Array<{
    player_id: string;
    tryout_number?: number;
    payment_status: string;
    age_group?: string;
  }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': `SEASON#${seasonId}`, ':sk': 'TRYOUT#' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.type !== 'tryout') continue;
      items.push({
        player_id: String(item.player_id),
        ...(typeof item.tryout_number === 'number' ? { tryout_number: item.tryout_number } : {}),
        payment_status: String(item.payment_status),
        age_group: String(item.age_group),
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Paid Checkout Sessions on the stand-in, by the account they were opened for. */
async function paidCheckouts(stripeUrl: string): Promise<Array<{ userId: string }>> {
  const res = await fetch(`${stripeUrl}/v1/checkout/sessions`, {
    headers: { authorization: `Bearer ${STAND_IN_SECRET_KEY}` },
  });
  const { data } = (await res.json()) as {
    data: Array<{ payment_status: string; metadata: Record<string, string> | null }>;
  };
  return data.filter((s) => s.payment_status === 'paid').map((s) => ({ userId: s.metadata?.user_id ?? '' }));
}

/**
 * The stand-in's own count of Stripe API calls per second, served and refused (429 rate_limit), when it
 * keeps one (GET /stand-in/api-calls); null when it does not.
 */
async function standInApiCalls(
  stripeUrl: string,
): Promise<Array<{ second: number; served: number; refused: number }> | null> {
  try {
    const res = await fetch(`${stripeUrl}/stand-in/api-calls`);
    if (!res.ok) return null;
    const body = (await res.json()) as {
      per_second?: Array<{ second: number; served: number; refused: number }>;
    };
    return Array.isArray(body.per_second) ? body.per_second : null;
  } catch {
    return null;
  }
}

function talk(command: ClientCommand): Promise<ClientAnswer> {
  const child = fork(new URL('./registration-night-client.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (answer: ClientAnswer) => {
      child.kill();
      if (answer.kind === 'failed') reject(new Error(`the families' client failed: ${answer.message}`));
      else resolve(answer);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`the families' client exited with ${code}`));
    });
    child.send(command);
  });
}

const round = (n: number) => Math.round(n * 10) / 10;
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);

export interface NightResult {
  title: string;
  rows: BenchRow[];
  checks: Check[];
}

export async function benchRegistrationNight(
  stack: RunningStack,
  options: NightOptions,
): Promise<NightResult> {
  if (!stack.stripeUrl)
    throw new Error('registration-night needs the Stripe stand-in (no STRIPE_SECRET_KEY)');
  const tag = randomUUID().slice(0, 8);
  const windowMs = options.windowSeconds * 1000;
  const { adminEmail, adminPassword } = localConfig();
  // An access token lasts 15 minutes: the admin signs in again before each part that reads the list.
  const signInAdmin = async () =>
    String(
      (await api(stack, null, 'POST', '/auth/login', { email: adminEmail, password: adminPassword })).token,
    );
  const admin = await signInAdmin();
  const season = await createSeason({
    name: `Registration Night ${tag}`,
    age_groups: AGE_GROUPS,
    is_registration_open: false,
    reference_year: 2025,
  });
  // A capacity per group (issue 45): past it, children join the waitlist.
  if (options.capacity) {
    await api(stack, admin, 'PATCH', `/admin/seasons/${season.id}`, {
      capacities: Object.fromEntries(AGE_GROUPS.map((g) => [g, options.capacity])),
    });
  }

  const total = options.quietFamilies + options.families;
  console.log(`Seeding ${total} verified families…`);
  const seedStarted = performance.now();
  const mix = familyMix(total, options.cardShare, options.seed);
  // The quiet families pay by card and cash alike, so every call has quiet figures.
  for (let i = 0; i < options.quietFamilies; i++) mix[i] = { ...mix[i]!, card: i % 2 === 0 };
  const families = await seedFamilies(mix, tag);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const arrivals = arrivalSchedule(options.families, windowMs, options.seed);
  const plan = (f: SeededFamily, i: number, at: number): FamilyPlan => ({
    email: f.email,
    password: PASSWORD,
    address: clientAddress(i),
    card: f.card,
    registrations: f.registrations,
    at,
  });
  const quiet = families.slice(0, options.quietFamilies).map((f, i) => plan(f, i, 0));
  const burst = families
    .slice(options.quietFamilies)
    .map((f, i) => plan(f, options.quietFamilies + i, arrivals[i]!));

  await api(stack, admin, 'PATCH', `/admin/seasons/${season.id}/registration`, { open: true });
  const stripe = countStripeCalls(stack.stripeUrl);
  const mail = watchMail(stack.mailUrl);
  console.log(
    `Registration open: ${options.quietFamilies} families one at a time, then ${options.families} over ${options.windowSeconds} s…`,
  );
  const night = (await talk({
    kind: 'night',
    apiUrl: stack.apiUrl,
    origin: stack.siteUrl,
    adminToken: await signInAdmin(),
    seasonId: season.id,
    quiet,
    quietAdminReads: 20,
    burst,
    adminEveryMs: 1000,
  })) as Extract<ClientAnswer, { kind: 'night' }>;

  // Mail and numbers may land a little after the last answer: wait for them, bounded.
  console.log('Burst over; waiting for the confirmations…');
  const settleStarted = Date.now();
  const children = families.reduce((n, f) => n + f.childIds.length, 0);
  let registrations = await registrationsOf(season.id);
  const confirmedFamilies = () =>
    new Set([...mail.mails.values()].filter(isConfirmation).flatMap((m) => m.destination.to)).size;
  while (Date.now() - settleStarted < SETTLE_MS) {
    registrations = await registrationsOf(season.id);
    const numbered = registrations.filter((r) => r.tryout_number !== undefined).length;
    const registeredFamilies = new Set(
      families.filter((f) => f.childIds.some((id) => registrations.some((r) => r.player_id === id))),
    ).size;
    if (numbered === registrations.length && confirmedFamilies() >= registeredFamilies) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  // A few seconds more, so a confirmation sent twice has the time to show.
  await new Promise((r) => setTimeout(r, 4000));
  await mail.stop();
  stripe.stop();
  registrations = await registrationsOf(season.id);
  const settleSeconds = (Date.now() - settleStarted) / 1000;

  // The admin's list again on a quiet machine, now with every registration in it.
  const after = (await talk({
    kind: 'admin-reads',
    apiUrl: stack.apiUrl,
    adminToken: await signInAdmin(),
    seasonId: season.id,
    reads: 20,
  })) as Extract<ClientAnswer, { kind: 'admin-reads' }>;

  const apiCalls = await standInApiCalls(stack.stripeUrl);
  const emailOf = new Map(families.map((f) => [f.userId, f.email]));
  const checks = checkNight(families, {
    registrations,
    paidCheckouts: (await paidCheckouts(stack.stripeUrl)).map((p) => ({
      email: emailOf.get(p.userId) ?? p.userId,
    })),
    confirmations: [...mail.mails.values()]
      .filter(isConfirmation)
      .flatMap((m) => m.destination.to.map((to) => ({ to: to.replace(/^.*<(.+)>$/, '$1') }))),
    calls: night.records,
    ...(options.capacity ? { waitlisted: await waitlistedOf(season.id), capacity: options.capacity } : {}),
  });

  return {
    title: `Registration night: ${options.families} families over ${options.windowSeconds} s, ${Math.round(options.cardShare * 100)}% by card (${children} children in all)`,
    rows: rowsOf(night, after.records, {
      stripeTimes: stripe.times,
      apiCalls,
      mailTimes: [...mail.mails.values()].map((m) => m.at * 1000),
      seedSeconds,
      settleSeconds,
    }),
    checks,
  };
}

/** The stand-in's own per-second count over the burst: API calls served, and refused past its rate. */
function standInRows(
  perSecondCounts: Array<{ second: number; served: number; refused: number }> | null,
  from: number,
  to: number,
): BenchRow[] {
  if (!perSecondCounts) return [];
  const inside = perSecondCounts.filter((c) => c.second * 1000 >= from - 999 && c.second * 1000 < to);
  const seconds = Math.max(1, (to - from) / 1000);
  const served = inside.reduce((n, c) => n + c.served, 0);
  const refused = inside.reduce((n, c) => n + c.refused, 0);
  return [
    {
      name: 'Stripe API calls per second (stand-in count)',
      value: round(served / seconds),
      unit: '/s',
      note: `peak ${Math.max(0, ...inside.map((c) => c.served))}; ${refused} refused 429 rate_limit (peak ${Math.max(0, ...inside.map((c) => c.refused))} in one second)`,
    },
  ];
}

const CALLS = [
  'POST /auth/login',
  'POST /tryouts/register',
  'Stripe checkout: Pay',
  'GET /payments/confirm',
  'GET /admin/tryouts/page (admin list)',
];

function rowsOf(
  night: Extract<ClientAnswer, { kind: 'night' }>,
  adminAfter: CallRecord[],
  extra: {
    stripeTimes: number[];
    apiCalls: Array<{ second: number; served: number; refused: number }> | null;
    mailTimes: number[];
    seedSeconds: number;
    settleSeconds: number;
  },
): BenchRow[] {
  const rows: BenchRow[] = [];
  const { records } = night;
  const answered = (r: CallRecord) => r.status > 0;
  for (const call of CALLS) {
    const of = (phase: CallRecord['phase']) =>
      records.filter((r) => r.call === call && r.phase === phase && answered(r));
    const burst = statsOf(of('burst'));
    const quiet = statsOf(of('quiet'));
    const failed = records.filter(
      (r) => r.call === call && r.phase === 'burst' && (r.status < 200 || r.status >= 400),
    ).length;
    rows.push(
      {
        name: `${call} burst p50`,
        value: round(burst.p50),
        unit: 'ms',
        note: `${burst.count} calls${failed ? `, ${failed} failed` : ''}`,
      },
      { name: `${call} burst p95`, value: round(burst.p95), unit: 'ms' },
      { name: `${call} burst p99`, value: round(burst.p99), unit: 'ms' },
      {
        name: `${call} quiet p50`,
        value: round(quiet.p50),
        unit: 'ms',
        note: `${quiet.count} calls, one at a time`,
      },
      { name: `${call} quiet p95`, value: round(quiet.p95), unit: 'ms' },
      { name: `${call} quiet p99`, value: round(quiet.p99), unit: 'ms' },
      { name: `${call} burst / quiet p50`, value: ratio(burst.p50, quiet.p50), unit: '×' },
      {
        name: `${call} burst / quiet p95`,
        value: ratio(burst.p95, quiet.p95),
        unit: '×',
        ...(call.includes('admin list') ? { note: 'against pages of the first dozen rows' } : {}),
      },
      {
        name: `${call} burst / quiet p99`,
        value: ratio(burst.p99, quiet.p99),
        unit: '×',
        ...(call === 'POST /tryouts/register' ? { note: 'goal ≤ 2' } : {}),
      },
    );
  }
  const after = statsOf(adminAfter.filter((r) => r.status === 200));
  const afterFailed = adminAfter.length - after.count;
  const adminBurst = statsOf(
    records.filter(
      (r) => r.call === 'GET /admin/tryouts/page (admin list)' && r.phase === 'burst' && answered(r),
    ),
  );
  rows.push(
    {
      name: 'GET /admin/tryouts/page (admin list) quiet after p95',
      value: round(after.p95),
      unit: 'ms',
      note: `${after.count} reads one at a time, every registration in, a page of 500 each (p50 ${round(after.p50)} ms)${afterFailed ? `, ${afterFailed} failed` : ''}`,
    },
    {
      // The burst reads the same page the quiet reads after it do (500 rows once the season has them), so
      // this ratio is the burst's own cost; the one above also counts the page growing from a dozen rows.
      name: 'GET /admin/tryouts/page (admin list) burst / quiet after p95',
      value: ratio(adminBurst.p95, after.p95),
      unit: '×',
      note: 'goal ≤ 3: the same page, one read at a time after the burst',
    },
  );
  const burstEnd = night.burstEndedAt - night.burstStartedAt;
  const registered = perSecond(
    records
      .filter(
        (r) =>
          r.call === 'POST /tryouts/register' && r.phase === 'burst' && r.status >= 200 && r.status < 300,
      )
      .flatMap((r) => Array.from({ length: r.items ?? 1 }, () => r.at)),
    0,
    burstEnd,
  );
  const lastMail = Math.max(night.burstEndedAt, ...extra.mailTimes) - night.burstStartedAt;
  const mails = perSecond(
    extra.mailTimes.map((t) => t - night.burstStartedAt),
    0,
    lastMail + 1000,
  );
  const stripe = perSecond(
    extra.stripeTimes.map((t) => t - night.burstStartedAt),
    0,
    burstEnd,
  );
  rows.push(
    {
      name: 'registrations per second (children)',
      value: round(registered.mean),
      unit: '/s',
      note: `peak ${registered.peak} in one second`,
    },
    {
      name: 'mails per second (SES emulator store)',
      value: round(mails.mean),
      unit: '/s',
      note: `peak ${mails.peak}; over ${round((lastMail + 1000) / 1000)} s to the last mail`,
    },
    {
      name: 'Stripe stand-in calls per second',
      value: round(stripe.mean),
      unit: '/s',
      note: `peak ${stripe.peak}; every request: the API's SDK calls, the checkout pages`,
    },
    ...standInRows(extra.apiCalls, night.burstStartedAt, night.burstEndedAt),
    { name: 'burst length (first arrival to last answer)', value: round(burstEnd / 1000), unit: 's' },
    {
      name: 'mail and numbers settled after the burst',
      value: round(extra.settleSeconds),
      unit: 's',
      note: 'bounded wait, 4 s of it to catch a second mail',
    },
    { name: 'families seeded in', value: round(extra.seedSeconds), unit: 's' },
  );
  for (const { kind, count } of errorsByKind(records)) {
    rows.push({ name: `error: ${kind}`, value: count, unit: 'calls' });
  }
  return rows;
}
