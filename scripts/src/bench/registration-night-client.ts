/**
 * The families' side of `npm run bench -- registration-night`, in a process of its own (forked by
 * registration-night.ts): a family's phone is never in the API's process, and on two shared cores whatever
 * the client spends on the API's event loop would be counted against the API (decision 56). Each family's
 * calls go out from its own loopback address (127.1.x.y) over its own kept-alive connection, as from its own
 * phone, so per-address limits (sign-in attempts) see one family each. Plain node:http: the calls depend on
 * each other's answers (the token, the checkout page), which autocannon and Artillery's HTTP engine cannot
 * send from one address per family.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { CallRecord } from './registration-night-plan';

export interface FamilyPlan {
  email: string;
  password: string;
  address: string;
  card: boolean;
  registrations: Array<{ athlete_id: string; age_group: string }>;
  /** ms after the burst starts; quiet families go one after another instead. */
  at: number;
}

export type ClientCommand =
  | {
      kind: 'night';
      apiUrl: string;
      /** The site's origin, which the API expects of a browser's calls. */
      origin: string;
      adminToken: string;
      seasonId: string;
      quiet: FamilyPlan[];
      quietAdminReads: number;
      burst: FamilyPlan[];
      adminEveryMs: number;
    }
  | { kind: 'admin-reads'; apiUrl: string; adminToken: string; seasonId: string; reads: number };

export type ClientAnswer =
  | { kind: 'night'; burstStartedAt: number; burstEndedAt: number; records: CallRecord[] }
  | { kind: 'admin-reads'; records: CallRecord[] }
  | { kind: 'failed'; message: string };

/** As long as a family's phone would wait before giving up on a call. */
const TIMEOUT_MS = 120_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent: Agent;
  address?: string;
}

/**
 * One request; sent again once when a kept-alive connection turned out closed by the server as it was
 * reused (the server drops a connection idle for 5 s), as a browser does, and as node's docs advise.
 */
async function send(url: string, options: SendOptions): Promise<Answer> {
  try {
    return await sendOnce(url, options);
  } catch (error) {
    if ((error as { reusedSocket?: boolean }).reusedSocket) return sendOnce(url, options);
    throw error;
  }
}

function sendOnce(url: string, options: SendOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent,
        ...(options.address ? { localAddress: options.address } : {}),
        headers: {
          ...options.headers,
          ...(options.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
        },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reset = req.reusedSocket && error.code === 'ECONNRESET';
      reject(Object.assign(error, { reusedSocket: reset }));
    });
    req.end(options.body);
  });
}

/** The answer's own message (`{ message }`, or Stripe's `{ error: { message } }`), shortened. */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: { message?: unknown } };
    const message = parsed.message ?? parsed.error?.message;
    return typeof message === 'string' ? message.slice(0, 120) : '';
  } catch {
    return body.slice(0, 80);
  }
}

class Recorder {
  readonly records: CallRecord[] = [];
  phase: CallRecord['phase'] = 'quiet';
  burstStartedAt = Date.now();

  /** Times one call; answers it when it answered `ok`, otherwise records why and answers null. */
  async time(
    call: string,
    run: () => Promise<Answer>,
    ok: (a: Answer) => boolean,
    items?: number,
  ): Promise<Answer | null> {
    const t = performance.now();
    let answer: Answer | null = null;
    let message: string | undefined;
    try {
      answer = await run();
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    const ms = performance.now() - t;
    const good = answer !== null && ok(answer);
    if (answer && !good) message = messageOf(answer.body);
    this.records.push({
      call,
      phase: this.phase,
      at: Date.now() - this.burstStartedAt,
      ms,
      status: answer?.status ?? 0,
      ...(message ? { message } : {}),
      ...(items && good ? { items } : {}),
    });
    return good ? answer : null;
  }
}

const json = { 'content-type': 'application/json', accept: 'application/json' };

/** One family's evening: signs in, registers its children in one request, then pays by card or not. */
async function family(apiUrl: string, origin: string, plan: FamilyPlan, rec: Recorder): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const from = { agent, address: plan.address };
  try {
    const login = await rec.time(
      'POST /auth/login',
      () =>
        send(`${apiUrl}/api/auth/login`, {
          ...from,
          method: 'POST',
          headers: { ...json, origin },
          body: JSON.stringify({ email: plan.email, password: plan.password }),
        }),
      (a) => a.status === 200,
    );
    if (!login) return;
    const token = (JSON.parse(login.body) as { token: string }).token;
    const signedIn = { ...json, origin, authorization: `Bearer ${token}` };
    const registered = await rec.time(
      'POST /tryouts/register',
      () =>
        send(`${apiUrl}/api/tryouts/register`, {
          ...from,
          method: 'POST',
          headers: signedIn,
          body: JSON.stringify({
            payment_method: plan.card ? 'stripe' : 'cash',
            registrations: plan.registrations,
          }),
        }),
      // 202: taken, the numbers follow on the dashboard (issue 43).
      (a) => a.status === 201 || a.status === 202,
      plan.registrations.length,
    );
    if (!registered || !plan.card) return;
    const answer = JSON.parse(registered.body) as { url?: string; tryouts?: Array<{ status?: string }> };
    // Every child on a full group's waitlist (issue 45): nothing to pay.
    if (registered.status === 201 && answer.tryouts?.every((t) => t.status === 'waitlisted')) return;
    let url = answer.url;
    // Taken with its numbers to follow: the family pays from the dashboard's Pay now once they are there.
    for (let tries = 0; registered.status === 202 && !url && tries < 12; tries++) {
      await sleep(5_000);
      const payNow = await rec.time(
        'POST /household/checkout (Pay now)',
        () => send(`${apiUrl}/api/household/checkout`, { ...from, method: 'POST', headers: signedIn }),
        (a) => a.status === 200 || a.status === 404 || a.status === 409,
      );
      if (payNow?.status === 200) url = (JSON.parse(payNow.body) as { url?: string }).url;
    }
    if (!url) {
      rec.records.push({
        call: 'POST /tryouts/register',
        phase: rec.phase,
        at: Date.now() - rec.burstStartedAt,
        ms: 0,
        status: registered.status,
        message: 'card registration answered without a checkout page',
      });
      return;
    }
    // The family presses Pay on the checkout page: the stand-in sends the webhook, then returns it to the site.
    const paid = await rec.time(
      'Stripe checkout: Pay',
      () =>
        send(`${url}/pay`, {
          agent: new Agent({ keepAlive: false }),
          address: plan.address,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        }),
      (a) => a.status === 303,
    );
    const location = paid?.headers.location;
    const sessionId = location ? new URL(location, origin).searchParams.get('session_id') : null;
    if (!sessionId) return;
    // Back on the dashboard, the app asks the server to check the session it came back from.
    await rec.time(
      'GET /payments/confirm',
      () =>
        send(`${apiUrl}/api/payments/confirm?session_id=${encodeURIComponent(sessionId)}`, {
          ...from,
          headers: signedIn,
        }),
      (a) => a.status === 200,
    );
  } finally {
    agent.destroy();
  }
}

async function adminRead(apiUrl: string, token: string, seasonId: string, agent: Agent, rec: Recorder) {
  await rec.time(
    'GET /admin/tryouts/page (admin list)',
    () =>
      // The screen's own read: a page of 500 rows, the first (decision 51; the whole list is spec §7's).
      send(`${apiUrl}/api/admin/tryouts/page?season_id=${encodeURIComponent(seasonId)}&limit=500`, {
        agent,
        headers: { ...json, authorization: `Bearer ${token}` },
      }),
    (a) => a.status === 200,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function night(command: Extract<ClientCommand, { kind: 'night' }>): Promise<ClientAnswer> {
  const rec = new Recorder();
  const adminAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  // Quiet: one family at a time, then the admin's list, each call alone on the machine.
  rec.burstStartedAt = Date.now();
  for (const plan of command.quiet) await family(command.apiUrl, command.origin, plan, rec);
  for (let i = 0; i < command.quietAdminReads; i++) {
    await adminRead(command.apiUrl, command.adminToken, command.seasonId, adminAgent, rec);
  }
  // Quiet records were timed against a start still to come: from here `at` counts from the burst.
  const quietStart = rec.burstStartedAt;
  rec.phase = 'burst';
  rec.burstStartedAt = Date.now();
  for (const r of rec.records) r.at -= rec.burstStartedAt - quietStart;
  const start = rec.burstStartedAt;
  let burstOver = false;
  const admin = (async () => {
    // The admin keeps the list open through the burst, reading it again every second or so.
    while (!burstOver) {
      const t = Date.now();
      await adminRead(command.apiUrl, command.adminToken, command.seasonId, adminAgent, rec);
      await sleep(command.adminEveryMs - (Date.now() - t));
    }
  })();
  const families = command.burst.map(async (plan) => {
    await sleep(start + plan.at - Date.now());
    await family(command.apiUrl, command.origin, plan, rec);
  });
  await Promise.all(families);
  const burstEndedAt = Date.now();
  burstOver = true;
  await admin;
  adminAgent.destroy();
  return { kind: 'night', burstStartedAt: start, burstEndedAt, records: rec.records };
}

async function adminReads(command: Extract<ClientCommand, { kind: 'admin-reads' }>): Promise<ClientAnswer> {
  const rec = new Recorder();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < command.reads; i++) {
    await adminRead(command.apiUrl, command.adminToken, command.seasonId, agent, rec);
  }
  agent.destroy();
  return { kind: 'admin-reads', records: rec.records };
}

process.on('message', (command: ClientCommand) => {
  const run = command.kind === 'night' ? night(command) : adminReads(command);
  void run
    .catch((error: unknown): ClientAnswer => ({ kind: 'failed', message: String(error) }))
    .then((answer) => process.send?.(answer));
});
