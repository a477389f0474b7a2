/**
 * The Stripe SDK, created once per container (warm invocations reuse it) and only by the functions that talk
 * to Stripe. The SDK is imported lazily so it sits in its own chunk: a function's entry stays within its byte
 * budget, and a function that never reaches Stripe (cash registration, GET /tryouts/my) never loads it.
 */
import type Stripe from 'stripe';
import { getConfig, getStripeSecrets } from '../lib/config';

/**
 * The API version every request is made with: the one the installed SDK (stripe@23.1.0) is typed for, pinned
 * here only. Upgrading the SDK makes this line a type error until the version is moved on deliberately.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Stripe's own timeout is 80 s; a Lambda behind API Gateway (29 s) must give up well before that. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The SDK's own retries: a connection that failed, a 409 conflict, a 5xx, or whatever Stripe marks
 * `Stripe-Should-Retry: true` (a 429 lock timeout), after 0.5 s then 1 s with jitter, each POST under the
 * same idempotency key. Two, so a request stays well inside API Gateway's 29 s.
 */
const SDK_NETWORK_RETRIES = 2;

/**
 * The SDK does not retry a 429 `rate_limit` (Stripe sends no Stripe-Should-Retry on it; Stripe says backing
 * off is the integration's job), so the product does: up to 4 more tries, each after an exponential delay
 * with jitter (250–500 ms, 0.5–1 s, 1–2 s, 2–4 s: at most 7.5 s in all), so requests refused together in one
 * second do not all come back in the same next one.
 */
const RATE_LIMIT_RETRIES = 4;
const FIRST_RATE_LIMIT_DELAY_MS = 500;

let client: Promise<Stripe> | undefined;

/** The SDK client; with STRIPE_API_BASE set (local stack, tests) it talks to the local Checkout stand-in. */
export function stripeClient(): Promise<Stripe> {
  client ??= createClient().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

async function createClient(): Promise<Stripe> {
  const [{ default: StripeSdk }, secrets] = await Promise.all([import('stripe'), getStripeSecrets()]);
  const base = getConfig().STRIPE_API_BASE;
  const standIn = base ? new URL(base) : undefined;
  return new StripeSdk(secrets.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: SDK_NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    ...(standIn
      ? {
          host: standIn.hostname,
          port: standIn.port || (standIn.protocol === 'https:' ? 443 : 80),
          protocol: standIn.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * Runs one Stripe call with the client, trying it again while Stripe answers 429 (rate limit or lock timeout),
 * up to RATE_LIMIT_RETRIES times with backoff. Every POST the product makes carries its own idempotency key,
 * so trying again can never create a second session or refund; then the last refusal is thrown as is.
 */
export async function callStripe<T>(run: (stripe: Stripe) => Promise<T>): Promise<T> {
  const stripe = await stripeClient();
  for (let retry = 1; ; retry++) {
    try {
      return await run(stripe);
    } catch (error) {
      if (retry > RATE_LIMIT_RETRIES || !isStripeError(error, 'StripeRateLimitError')) throw error;
      await new Promise((resolve) => setTimeout(resolve, rateLimitDelayMs(retry)));
    }
  }
}

/** The wait before the nth try again: doubling from FIRST_RATE_LIMIT_DELAY_MS, a random half to all of it. */
export function rateLimitDelayMs(retry: number, random = Math.random()): number {
  return FIRST_RATE_LIMIT_DELAY_MS * 2 ** (retry - 1) * (0.5 + random / 2);
}

/**
 * True for an error the Stripe SDK threw (of the given class, when one is named). Read from the error's `type`,
 * which the SDK sets to its class name explicitly (so minifying keeps it), rather than by instanceof, so
 * nothing here needs the SDK loaded eagerly.
 */
export function isStripeError(
  error: unknown,
  type?: string,
): error is Error & { type: string; code?: string } {
  if (!(error instanceof Error)) return false;
  const actual = (error as { type?: unknown }).type;
  return typeof actual === 'string' && (type ? actual === type : actual.startsWith('Stripe'));
}

/** For tests that change the Stripe configuration between cases. */
export function resetStripeClientForTests(): void {
  client = undefined;
}
