/**
 * The admin area on the local stack: the tryout table of a 1,000-registration season (time, beside a floor
 * of GET /seasons/active measured in the same run, and the DynamoDB calls one request makes), and result
 * mail for 1,000 registrants at the stack's configured rate (the send request's answer time, the time to
 * the last mail in the mail emulator, and its ratio to what the rate allows).
 */
import { apiPath } from '@club/shared';
import { countDynamoCommands } from '@club/functions/dev/count-commands';
import { writeSampleRegistrations } from '../local/sample-registrations';
import type { RunningStack } from '../local/stack';
import { localConfig } from '../local/config';
import { median, type BenchRow } from './report';

const SEASON_SIZE = 1_000;
const RUNS = 20;

export async function adminToken(stack: RunningStack): Promise<string> {
  const { adminEmail, adminPassword } = localConfig();
  const res = await fetch(`${stack.apiUrl}${apiPath('login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.siteUrl },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (!res.ok) throw new Error(`admin login answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Times `runs` sequential requests after two warm-ups; milliseconds each. */
export async function time(request: () => Promise<Response>, runs = RUNS): Promise<number[]> {
  for (let i = 0; i < 2; i++) await (await request()).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await request();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export async function newSeason(stack: RunningStack, token: string, name: string): Promise<string> {
  const res = await fetch(`${stack.apiUrl}${apiPath('createSeason')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201) throw new Error(`create season answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

async function mailsTo(stack: RunningStack, domain: string): Promise<number> {
  const res = await fetch(`${stack.mailUrl}/store`);
  const { emails } = (await res.json()) as { emails: Array<{ destination: { to: string[] } }> };
  return emails.filter((e) => e.destination.to.some((to) => to.endsWith(`@${domain}`))).length;
}

/** A ratio as the table shows it: two decimals, three where a goal sits close (1.1). */
export const ratio = (value: number, floor: number, digits = 2) => Number((value / floor).toFixed(digits));

export async function benchAdmin(stack: RunningStack, resultMailRate: number): Promise<BenchRow[]> {
  const token = await adminToken(stack);
  const auth = { authorization: `Bearer ${token}` };

  // The table of a 1,000-registration season.
  const listed = await newSeason(stack, token, 'Bench list season');
  await writeSampleRegistrations(listed, SEASON_SIZE, { emailDomain: 'list.bench.test' });
  const listUrl = `${stack.apiUrl}${apiPath('listTryouts')}?season_id=${listed}`;
  const floor = median(await time(() => fetch(`${stack.apiUrl}${apiPath('getActiveSeason')}`)));
  const list = median(await time(() => fetch(listUrl, { headers: auth })));
  const commands = await countDynamoCommands(() =>
    fetch(listUrl, { headers: auth }).then((r) => r.arrayBuffer()),
  );
  const calls = Object.values(commands).reduce((a, b) => a + b, 0);

  // Result mail for 1,000 registrants at the configured rate.
  const mailed = await newSeason(stack, token, 'Bench mail season');
  const domain = 'mail.bench.test';
  // The floor for the send's answer: writing the same 1,000 rows with BatchWrite, the fastest the table
  // takes them, in this run and on this machine.
  const writeStarted = performance.now();
  await Promise.all([
    writeSampleRegistrations(mailed, SEASON_SIZE / 2, { result: 'selected', emailDomain: domain }),
    writeSampleRegistrations(mailed, SEASON_SIZE / 2, {
      result: 'not_selected',
      emailDomain: domain,
      firstNumber: SEASON_SIZE / 2 + 1,
    }),
  ]);
  const writeFloor = performance.now() - writeStarted;
  const started = performance.now();
  const answer = await fetch(`${stack.apiUrl}${apiPath('sendResults', { seasonId: mailed })}`, {
    method: 'POST',
    headers: auth,
  });
  const answered = performance.now() - started;
  if (!answer.ok) throw new Error(`send-results answered ${answer.status}`);
  const floorMs = (SEASON_SIZE / resultMailRate) * 1000;
  let lastMail = Number.NaN;
  while (performance.now() - started < floorMs * 3 + 30_000) {
    if ((await mailsTo(stack, domain)) >= SEASON_SIZE) {
      lastMail = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (Number.isNaN(lastMail))
    throw new Error('result mail did not finish in three times what the rate allows');

  return [
    { name: 'GET /admin/tryouts, 1,000 rows (median)', value: list, unit: 'ms', note: `${RUNS} runs` },
    { name: 'GET /seasons/active floor (median)', value: floor, unit: 'ms' },
    { name: 'admin table / floor', value: ratio(list, floor), unit: 'x' },
    {
      name: 'admin table DynamoDB calls per request',
      value: calls,
      unit: 'calls',
      note: Object.entries(commands)
        .map(([command, n]) => `${n} ${command.replace(/Command$/, '')}`)
        .join(', '),
    },
    { name: 'send-results 1,000: answer', value: answered, unit: 'ms', note: 'goal < 2000' },
    { name: '1,000 rows BatchWrite floor', value: writeFloor, unit: 'ms' },
    { name: 'send-results answer / write floor', value: ratio(answered, writeFloor), unit: 'x' },
    {
      name: 'send-results 1,000: last mail',
      value: lastMail / 1000,
      unit: 's',
      note: `at ${resultMailRate}/s the rate allows ${(floorMs / 1000).toFixed(1)} s`,
    },
    {
      name: 'send-results 1,000: last mail / rate floor',
      value: ratio(lastMail, floorMs, 3),
      unit: 'x',
      note: 'goal <= 1.1',
    },
  ];
}
