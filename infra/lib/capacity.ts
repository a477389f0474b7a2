/**
 * How long each function may run, by the kind of work its route-table row declares, and how slow it may get
 * before an operator hears of it. One declaration: HandlerFunction takes the timeout, the monitoring stack the
 * latency threshold, and a new row gets both from its flags.
 */
import { Duration } from 'aws-cdk-lib';
import type { RouteDefinition } from '@club/shared';

/** The slowest thing a function waits on decides its timeout. */
export type WorkKind = 'table' | 'mail' | 'payments' | 'bulk';

/**
 * Seconds each kind of work may take, cold start excluded (Lambda's init phase has its own limit):
 * - table: a few DynamoDB calls, or an argon2id hash (~0.1–0.3 s at 512 MB) and the 400 ms anti-enumeration
 *   floor; the SDK retries a throttled call with backoff well within this.
 * - mail: the above plus one SES SendEmail, which the SDK retries up to twice.
 * - payments: one or two Stripe calls; the Stripe client gives up on a request after 10 s and retries it
 *   (functions/src/payments/stripe-client.ts), so a single slow attempt and its retry must fit.
 * - bulk: a whole file's lines in one request (the bank's e-Transfer import, 64 KB: ~500 transactions, a few
 *   at a time, and their mails queued), up to just under API Gateway's 29 s integration limit.
 */
export const TIMEOUT_SECONDS: Readonly<Record<WorkKind, number>> = {
  table: 5,
  mail: 10,
  payments: 25,
  bulk: 28,
};

type Row = Pick<RouteDefinition, 'mail' | 'payments' | 'bulkImport'>;

/** The kinds of work a route-table row does: every row uses the table; `mail`, `payments`, `bulkImport` add theirs. */
export function workKinds(row: Row): WorkKind[] {
  return [
    'table',
    ...(row.mail ? ['mail' as const] : []),
    ...(row.payments ? ['payments' as const] : []),
    ...(row.bulkImport ? ['bulk' as const] : []),
  ];
}

/** A row's timeout: that of its slowest kind of work. */
export function routeTimeout(row: Row): Duration {
  return Duration.seconds(Math.max(...workKinds(row).map((kind) => TIMEOUT_SECONDS[kind])));
}

/**
 * The p99 latency above which a route's alarm fires: half its timeout, i.e. well before callers see
 * timeouts, and far above a healthy p99 (cold starts included) for its kind of work.
 */
export function latencyAlarmMs(timeout: Duration): number {
  return timeout.toMilliseconds() / 2;
}
