/**
 * API latency under concurrent load on the local stack (DynamoDB Local, real handlers), through the
 * same-origin API server. Bounded in count and time, loopback only.
 */
import type { RunningStack } from '../local/stack';
import type { BenchRow } from './report';

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

/** Sends `total` requests with `concurrency` in flight; stops early after `maxMs`. */
export async function load(
  request: () => Promise<Response>,
  options: { total: number; concurrency: number; maxMs: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const worker = async () => {
    while (sent < options.total && performance.now() - started < options.maxMs) {
      sent += 1;
      const t = performance.now();
      try {
        const res = await request();
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
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

export async function benchApi(stack: RunningStack): Promise<BenchRow[]> {
  const cases: Array<{ name: string; request: () => Promise<Response> }> = [
    { name: 'GET /api/seasons/active', request: () => fetch(`${stack.apiUrl}/api/seasons/active`) },
  ];
  const rows: BenchRow[] = [];
  for (const c of cases) {
    await load(c.request, { total: 100, concurrency: 10, maxMs: 10_000 }); // warm up
    const r = await load(c.request, { total: 2000, concurrency: 20, maxMs: 30_000 });
    const note = r.errors ? `${r.errors} errors` : 'concurrency 20';
    rows.push(
      { name: `${c.name} p50`, value: r.p50, unit: 'ms', note },
      { name: `${c.name} p95`, value: r.p95, unit: 'ms' },
      { name: `${c.name} p99`, value: r.p99, unit: 'ms' },
      { name: `${c.name} throughput`, value: Math.round(r.rps), unit: 'req/s' },
    );
  }
  return rows;
}
