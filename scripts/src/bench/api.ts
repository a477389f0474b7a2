/**
 * API latency under concurrent load on the local stack (DynamoDB Local, real handlers), through the
 * same-origin API server, each beside a floor: the same DynamoDB calls issued directly against DynamoDB Local
 * at the same concurrency (no HTTP, no token check, no validation), so the ratio shows what the API's own
 * layers cost. The API's requests, reads and writes alike, are sent from a thread of their own by the lightest
 * client that can send them (HTTP_LOAD_WORKER). Bounded in count and time, loopback only.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import * as seasonsTable from '@club/functions/db/seasons/seasons';
import { isSessionFamilyLive } from '@club/functions/db/accounts/refresh-tokens';
import { matchRoute, toApiGatewayEvent } from '@club/functions/dev/api-gateway-event';
import { loadHandler } from '@club/functions/dev/load-handler';
import { getMyTryout } from '@club/functions/services/registration/my-registration';
import { registerForTryout } from '@club/functions/services/registration/register';
import type { RunningStack } from '../local/stack';
import { median, type BenchRow } from './report';
import {
  benchFamilies,
  benchPlayers,
  benchSeason,
  type BenchFamily,
  type BenchPlayer,
} from './tryout-players';

const CONCURRENCY = 20;
/** Registrations per run: one per player, each a fresh account. */
const REGISTRATIONS = 400;

interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Runs `call(i)` for i = 0..total−1 with `concurrency` in flight, stopping early after `maxMs`; a call
 * resolves true when it succeeded.
 */
export async function load(
  call: (i: number) => Promise<boolean>,
  options: { total: number; concurrency: number; maxMs: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const worker = async () => {
    while (sent < options.total && performance.now() - started < options.maxMs) {
      const i = sent++;
      const t = performance.now();
      try {
        if (!(await call(i))) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
    errors,
  };
}

/**
 * The same load as `load`, of prebuilt HTTP requests, sent from a thread of its own: a real client is never
 * in the API's process, so its HTTP work does not queue behind the API's on one event loop (issue 20, goal 5).
 * On two cores shared with the API and DynamoDB Local, whatever the load's client spends is taken from what
 * it measures, so it spends as little as a client can: each of its kept-alive connections writes a request's
 * bytes and reads the answer framed by its Content-Length (the local API, like API Gateway, always sends
 * one), with no parsing into objects or streams. Measured side by side on the local stack over seven rounds:
 * p50 1.09-1.25x the floor, against 1.27-1.45x with node:http's client over kept-alive connections (`fetch`
 * cost 2.2 times as much again per request) and 1.29-1.38x with undici's Pool. autocannon, the usual Node
 * load tool, records latency in whole milliseconds, too coarse beside a floor of about 20 ms. A browser on a
 * family's phone spends none of this machine's time. Plain JavaScript, evaluated as the worker's code.
 */
const HTTP_LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { origin, requests: texts, status: expected, total, concurrency, maxMs } = workerData;
const { hostname, port } = new URL(origin);
const requests = texts.map((text) => Buffer.from(text, 'utf8'));
const HEAD_END = Buffer.from('\\r\\n\\r\\n', 'latin1');
const CONTENT_LENGTH = /\\r\\ncontent-length: *(\\d+)/i;
const latencies = [];
let errors = 0;
let sent = 0;
let open = concurrency;
const started = performance.now();
const finish = () => {
  open -= 1;
  if (open === 0) parentPort.postMessage({ latencies, errors, elapsed: (performance.now() - started) / 1000 });
};
for (let i = 0; i < concurrency; i++) {
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  let pending = Buffer.alloc(0);
  let t = 0;
  let done = false;
  const stop = (failed) => {
    if (done) return;
    done = true;
    if (failed) errors += 1;
    socket.destroy();
    finish();
  };
  const next = () => {
    if (sent >= total || performance.now() - started >= maxMs) return stop(false);
    const request = requests[sent % requests.length];
    sent += 1;
    t = performance.now();
    socket.write(request);
  };
  socket.on('connect', next);
  socket.on('data', (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    const end = pending.indexOf(HEAD_END);
    if (end < 0) return;
    const head = pending.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = CONTENT_LENGTH.exec(head);
    // An answer with a body but no Content-Length cannot be framed: counted as an error, connection dropped.
    if (!length && status !== 204 && status !== 304) return stop(true);
    const size = end + 4 + (length ? Number(length[1]) : 0);
    if (pending.length < size) return;
    pending = pending.subarray(size);
    latencies.push(performance.now() - t);
    if (status !== expected) errors += 1;
    next();
  });
  socket.on('error', () => stop(true));
  socket.on('close', () => stop(true));
}
`;

/** One HTTP/1.1 request as the load's client writes it, with its Host and, for a body, its length. */
function requestText(
  url: string,
  request: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): string {
  const { host, pathname, search } = new URL(url);
  const headers: Record<string, string> = { host, ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `${request.method ?? 'GET'} ${pathname}${search} HTTP/1.1\r\n${head}\r\n${request.body ?? ''}`;
}

/**
 * Sends `requests` (in turn, from the first again when there are fewer than `total`) from a thread of its
 * own; a request succeeded when it answered `status`.
 */
function loadFromOwnThread(
  origin: string,
  requests: string[],
  options: { total: number; concurrency: number; maxMs: number; status?: number },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HTTP_LOAD_WORKER, {
      eval: true,
      workerData: { origin, requests, status: 200, ...options },
    });
    worker.once(
      'message',
      ({ latencies, errors, elapsed }: { latencies: number[]; errors: number; elapsed: number }) => {
        latencies.sort((a, b) => a - b);
        resolve({
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          rps: latencies.length / elapsed,
          errors,
        });
        void worker.terminate();
      },
    );
    worker.once('error', reject);
  });
}

/**
 * The product's goals against the floor (issue 20): a read within 1.25× of the same DynamoDB calls at p50 and
 * p99, a write (a registration: argon2-free, but transactions and numbering) within 1.5×.
 */
const GOAL = { read: 1.25, write: 1.5 } as const;

/** The ratio of `a` to `b`, to two decimals. */
function ratio(a: number, b: number): number {
  return Math.round((a / b) * 100) / 100;
}

/** API over floor at p50, p99 and throughput (floor ÷ API), from one pair of runs or the median of several. */
interface Ratios {
  p50: number;
  p99: number;
  throughput: number;
}

function ratiosOf(api: LoadResult, floor: LoadResult): Ratios {
  return {
    p50: ratio(api.p50, floor.p50),
    p99: ratio(api.p99, floor.p99),
    throughput: ratio(floor.rps, api.rps),
  };
}

function rowsFor(
  name: string,
  api: LoadResult,
  floor: LoadResult,
  unit: string,
  kind: keyof typeof GOAL,
  ratios: Ratios = ratiosOf(api, floor),
): BenchRow[] {
  const note = (r: LoadResult) => `concurrency ${CONCURRENCY}${r.errors ? `, ${r.errors} errors` : ''}`;
  const goal = `goal ≤ ${GOAL[kind]}`;
  return [
    { name: `${name} p50`, value: api.p50, unit: 'ms', note: note(api) },
    { name: `${name} p95`, value: api.p95, unit: 'ms' },
    { name: `${name} p99`, value: api.p99, unit: 'ms' },
    { name: `${name} throughput`, value: Math.round(api.rps), unit },
    {
      name: `${name} floor p50`,
      value: floor.p50,
      unit: 'ms',
      note: `${note(floor)}; same DynamoDB calls, direct`,
    },
    { name: `${name} floor p99`, value: floor.p99, unit: 'ms' },
    { name: `${name} floor throughput`, value: Math.round(floor.rps), unit },
    { name: `${name} p50 / floor`, value: ratios.p50, unit: '×', note: goal },
    { name: `${name} p99 / floor`, value: ratios.p99, unit: '×', note: goal },
    { name: `${name} throughput floor ÷ API`, value: ratios.throughput, unit: '×', note: goal },
  ];
}

/**
 * Of rounds that each measured the API and its floor, the round whose p50 ratio is the median: its figures
 * are shown, so the rows' milliseconds and the ratio beside them come from the same two runs.
 */
function medianRound<T extends { api: LoadResult; floor: LoadResult }>(rounds: T[]): T {
  return [...rounds].sort((x, y) => x.api.p50 / x.floor.p50 - y.api.p50 / y.floor.p50)[
    Math.floor(rounds.length / 2)
  ]!;
}

/** The median, ratio by ratio, of rounds that each measured the API and its floor one after the other. */
function medianRatios(pairs: Array<[api: LoadResult, floor: LoadResult]>): Ratios {
  const each = pairs.map(([api, floor]) => ratiosOf(api, floor));
  return {
    p50: median(each.map((r) => r.p50)),
    p99: median(each.map((r) => r.p99)),
    throughput: median(each.map((r) => r.throughput)),
  };
}

/**
 * CPU time this process's main thread has used, in ms (Linux: /proc, in 10 ms ticks), or null elsewhere. The
 * main thread is where the API and the floor both run (the load's client has a thread of its own), so its
 * CPU per request shows what the API's layers cost apart from the machine's other work.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** `run`'s result, with the main thread's CPU time per request it used (null where it cannot be read). */
async function withCpu(
  run: () => Promise<LoadResult>,
  requests: number,
): Promise<LoadResult & { cpuPerRequest: number | null }> {
  const before = mainThreadCpuMs();
  const result = await run();
  const after = mainThreadCpuMs();
  return { ...result, cpuPerRequest: before === null || after === null ? null : (after - before) / requests };
}

type Measured = Awaited<ReturnType<typeof withCpu>>;

/** Rounds of the read bench, each the API, its floor and the handler in-process, one after the other. */
const READ_ROUNDS = 7;

/**
 * GET /seasons/active, sent from a thread of its own as a real client's requests would be, and its floor: the
 * two GetItems (active pointer, then the season) issued directly. Between them, the same route's Lambda
 * handler called in-process with the event API Gateway would send: the product's own layers (the wrapper's
 * checks, validation, JSON) without the local server that stands in for API Gateway. The three alternate over
 * seven rounds after a warm-up, and each ratio is the median of the rounds' own ratios, so the machine
 * speeding up or slowing down during the run (other work, the JIT warming) lands on both sides of a ratio.
 */
async function benchActiveSeason(stack: RunningStack): Promise<BenchRow[]> {
  const get = [requestText(`${stack.apiUrl}/api/seasons/active`)];
  const floor = async () => (await seasonsTable.getActiveSeason()) !== null;
  const match = matchRoute('GET', '/api/seasons/active');
  if (!match) throw new Error('No route for GET /api/seasons/active');
  const handler = await loadHandler(match.route);
  const event = () =>
    toApiGatewayEvent({ method: 'GET', path: '/api/seasons/active', headers: {} }, match.route, {});
  const inProcess = async () => (await handler(event())).statusCode === 200;
  const opts = { total: 1000, concurrency: CONCURRENCY, maxMs: 30_000 };
  // The API's path through the HTTP server, the wrapper and the SDK settles only after some 2,000
  // requests (the JIT; measured: p50 47, 37, 27, then 26-28 ms per 1,000), so each side warms up that long.
  await loadFromOwnThread(stack.apiUrl, get, { ...opts, total: 2500 });
  await load(floor, { ...opts, total: 1000 });
  await load(inProcess, { ...opts, total: 1000 });
  const rounds: Array<{ api: Measured; floor: Measured; handler: LoadResult }> = [];
  for (let round = 0; round < READ_ROUNDS; round++) {
    rounds.push({
      api: await withCpu(() => loadFromOwnThread(stack.apiUrl, get, opts), opts.total),
      floor: await withCpu(() => load(floor, opts), opts.total),
      handler: await load(inProcess, opts),
    });
  }
  const name = 'GET /api/seasons/active';
  const handlerRatios = medianRatios(rounds.map((r) => [r.handler, r.floor]));
  const cpu = (side: 'api' | 'floor') => {
    const each = rounds.map((r) => r[side].cpuPerRequest);
    return each.every((ms) => ms !== null) ? median(each as number[]) : null;
  };
  const [apiCpu, floorCpu] = [cpu('api'), cpu('floor')];
  const cpuRows: BenchRow[] =
    apiCpu === null || floorCpu === null
      ? []
      : [
          {
            name: `${name} main-thread CPU per request`,
            value: Math.round(apiCpu * 1000),
            unit: 'µs',
            note: 'the HTTP server, the wrapper and the SDK',
          },
          {
            name: `${name} floor main-thread CPU per request`,
            value: Math.round(floorCpu * 1000),
            unit: 'µs',
            note: 'the SDK alone',
          },
          {
            name: `${name} main-thread CPU per request / floor`,
            value: ratio(apiCpu, floorCpu),
            unit: '×',
            note: 'beyond this, the latency ratio is the load client sharing the two cores',
          },
        ];
  return [
    ...rowsFor(
      name,
      medianRound(rounds).api,
      medianRound(rounds).floor,
      'req/s',
      'read',
      medianRatios(rounds.map((r) => [r.api, r.floor])),
    ),
    {
      name: `${name} handler in-process p50 / floor`,
      value: handlerRatios.p50,
      unit: '×',
      note: 'the Lambda handler without HTTP: what the wrapper, validation and JSON add',
    },
    { name: `${name} handler in-process p99 / floor`, value: handlerRatios.p99, unit: '×' },
    ...cpuRows,
  ];
}

/**
 * POST /tryouts/register, one request per account (its token, its body), sent from a thread of its own as the
 * reads are; each succeeded when it answered 201.
 */
function registrations(
  stack: RunningStack,
  sends: Array<{ token: string; body: string }>,
  opts: { concurrency: number; maxMs: number },
): Promise<LoadResult> {
  const url = `${stack.apiUrl}/api/tryouts/register`;
  return loadFromOwnThread(
    stack.apiUrl,
    sends.map(({ token, body }) =>
      requestText(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      }),
    ),
    { ...opts, total: sends.length, status: 201 },
  );
}

/**
 * POST /tryouts/register with cash, one fresh player per request into a fresh open season (numbers from 1),
 * and its floor: the same DynamoDB calls the registration makes (the active season, the player and any
 * existing registration, then the numbered insert), issued in-process for other players in another season.
 */
async function benchRegistration(stack: RunningStack): Promise<BenchRow[]> {
  const body = JSON.stringify({ payment_method: 'cash', age_group: '15U Boys' });
  const register = (players: BenchPlayer[]) =>
    registrations(
      stack,
      players.map((player) => ({ token: player.token, body })),
      opts,
    );
  // The service itself, called in-process: the same DynamoDB calls with no HTTP, token check or parsing.
  const insertDirectly = async (player: BenchPlayer) => {
    const claims = { sub: player.user.id, ...player.user, is_admin: false };
    const answer = await registerForTryout(claims, { payment_method: 'cash', age_group: '15U Boys' });
    return answer.tryout.hasRegistered;
  };
  const opts = { total: REGISTRATIONS, concurrency: CONCURRENCY, maxMs: 120_000 };

  const [apiPlayers, floorPlayers, warmPlayers] = [
    await benchPlayers(REGISTRATIONS),
    await benchPlayers(REGISTRATIONS),
    await benchPlayers(40),
  ];
  await benchSeason('Bench warm-up');
  await register(warmPlayers.slice(0, 20));
  await load((i) => insertDirectly(warmPlayers[20 + i]!), { ...opts, total: 20 });

  await benchSeason('Bench registrations');
  const apiRun = await register(apiPlayers);
  await benchSeason('Bench registrations floor');
  const floorRun = await load((i) => insertDirectly(floorPlayers[i]!), opts);
  return rowsFor('POST /api/tryouts/register (cash)', apiRun, floorRun, 'reg/s', 'write');
}

/** Households per run of the family registration bench: three athletes each, so 300 numbers a run. */
const FAMILIES = 100;

/**
 * POST /tryouts/register with three athletes of one household in one request (cash; the first at the fee,
 * the others at the sibling fee), one household per request into a fresh open season, and its floor: the
 * same service called in-process for other households in another season (the same DynamoDB calls: the
 * season, the household, its registrations, three numbered inserts), with no HTTP, token check or parsing.
 */
async function benchFamilyRegistration(stack: RunningStack): Promise<BenchRow[]> {
  const input = (family: BenchFamily) => ({
    payment_method: 'cash' as const,
    registrations: family.athleteIds.map((athlete_id, i) => ({
      athlete_id,
      age_group: i === 0 ? ('15U Boys' as const) : ('13U Boys' as const),
    })),
  });
  const register = (families: BenchFamily[]) =>
    registrations(
      stack,
      families.map((family) => ({ token: family.token, body: JSON.stringify(input(family)) })),
      opts,
    );
  const registerDirectly = async (family: BenchFamily) => {
    const claims = { sub: family.user.id, ...family.user, is_admin: false };
    const answer = await registerForTryout(claims, input(family));
    return answer.tryouts?.length === 3;
  };
  const opts = { total: FAMILIES, concurrency: CONCURRENCY, maxMs: 120_000 };
  const [apiFamilies, floorFamilies, warmFamilies] = [
    await benchFamilies(FAMILIES),
    await benchFamilies(FAMILIES),
    await benchFamilies(20),
  ];
  await benchSeason('Bench family warm-up');
  await register(warmFamilies.slice(0, 10));
  await load((i) => registerDirectly(warmFamilies[10 + i]!), { ...opts, total: 10 });

  await benchSeason('Bench family registrations');
  const apiRun = await register(apiFamilies);
  await benchSeason('Bench family registrations floor');
  const floorRun = await load((i) => registerDirectly(floorFamilies[i]!), opts);
  return rowsFor('POST /api/tryouts/register (3 athletes, cash)', apiRun, floorRun, 'families/s', 'write');
}

/** Registered players whose own registration the signed-in read bench asks for, each token in turn. */
const READERS = 50;

/**
 * GET /tryouts/my, a signed-in read of personal data: each request one of 50 registered players' tokens, so
 * the API does everything a family's dashboard asks of it (the token, the sign-in behind it, the active
 * season, the registration). Its floor is the same DynamoDB calls issued directly for the same players: the
 * service's reads beside the sign-in's read (issue 34), as the wrapper runs them, with no HTTP, token or JSON.
 * What checking the sign-in costs is the floor beside the service's reads alone, measured in the same rounds.
 * Rounds alternate as the public read's do, and the ratios are the rounds' medians.
 */
async function benchMyTryout(stack: RunningStack): Promise<BenchRow[]> {
  await benchSeason('Bench signed-in reads');
  const players = await benchPlayers(READERS);
  for (const player of players) {
    const claims = { sub: player.user.id, ...player.user, is_admin: false };
    await registerForTryout(claims, { payment_method: 'cash', age_group: '15U Boys' });
  }
  const url = `${stack.apiUrl}/api/tryouts/my`;
  const gets = players.map((player) =>
    requestText(url, { headers: { authorization: `Bearer ${player.token}` } }),
  );
  const claimsOf = players.map((player) => ({ sub: player.user.id, ...player.user, is_admin: false }));
  const serviceOnly = async (i: number) =>
    ((await getMyTryout(claimsOf[i % READERS]!)).tryout_number ?? 0) > 0;
  const floor = async (i: number) => {
    const player = players[i % READERS]!;
    const [live, found] = await Promise.all([
      isSessionFamilyLive(player.user.id, player.sessionId, new Date()),
      serviceOnly(i),
    ]);
    return live && found;
  };
  const opts = { total: 1000, concurrency: CONCURRENCY, maxMs: 30_000 };
  await loadFromOwnThread(stack.apiUrl, gets, { ...opts, total: 2500 });
  await load(floor, opts);
  await load(serviceOnly, opts);
  const rounds: Array<{ api: LoadResult; floor: LoadResult; service: LoadResult }> = [];
  for (let round = 0; round < READ_ROUNDS; round++) {
    rounds.push({
      api: await loadFromOwnThread(stack.apiUrl, gets, opts),
      floor: await load(floor, opts),
      service: await load(serviceOnly, opts),
    });
  }
  const name = 'GET /api/tryouts/my (signed in)';
  const checkCost = medianRatios(rounds.map((r) => [r.floor, r.service]));
  return [
    ...rowsFor(
      name,
      medianRound(rounds).api,
      medianRound(rounds).floor,
      'req/s',
      'read',
      medianRatios(rounds.map((r) => [r.api, r.floor])),
    ),
    {
      name: `${name} sign-in check: floor p50 with it / without`,
      value: checkCost.p50,
      unit: '×',
      note: 'one more GetItem beside the reads of the answer, on a shared DynamoDB Local',
    },
    { name: `${name} sign-in check: floor p99 with it / without`, value: checkCost.p99, unit: '×' },
  ];
}

export async function benchApi(stack: RunningStack): Promise<BenchRow[]> {
  return [
    ...(await benchActiveSeason(stack)),
    ...(await benchMyTryout(stack)),
    ...(await benchRegistration(stack)),
    ...(await benchFamilyRegistration(stack)),
  ];
}
