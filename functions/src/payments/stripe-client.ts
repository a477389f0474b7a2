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
    // The SDK retries connection failures and 409/5xx answers with the same idempotency key.
    maxNetworkRetries: 2,
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

/** For tests that change the Stripe configuration between cases. */
export function resetStripeClientForTests(): void {
  client = undefined;
}
