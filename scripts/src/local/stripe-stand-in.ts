/**
 * A local stand-in for the part of Stripe the product uses, so no Stripe account is needed on the local
 * stack or in tests: Checkout Sessions (create with idempotency, retrieve, expire) in Stripe's object
 * shapes and error format, a checkout page with Pay / Decline / Cancel, and webhooks signed the way Stripe
 * signs them. The real `stripe` SDK is pointed here (STRIPE_API_BASE), so the product's own Stripe calls
 * and its webhook signature check run unchanged. State lives in memory: a restart forgets every session.
 * Like Stripe, it refuses API requests past its rate (test mode: 25 a second) with 429 `rate_limit`, and it
 * counts, per second, the requests it served and refused (GET /stand-in/api-calls).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import {
  StripeApiError,
  parseCheckoutSessionCreate,
  parseRefundCreate,
  parseStripeForm,
  type FormValue,
} from './stripe-stand-in-params';
import {
  renderCheckoutPage,
  renderClosedPage,
  type CheckoutLineItem,
  type ClosedReason,
} from './stripe-stand-in-page';

export interface StripeStandIn {
  /** The API base and the checkout pages' origin, e.g. http://localhost:8010. */
  url: string;
  webhookSecret: string;
  /** The API requests served and refused so far, per second (also at GET /stand-in/api-calls). */
  apiCalls(): ApiCallCounts;
  stop(): Promise<void>;
}

/** What GET /stand-in/api-calls answers: the API requests of each second that had any, oldest first. */
export interface ApiCallCounts {
  limit_per_second: number;
  served: number;
  /** Answered 429 rate_limit. */
  refused: number;
  per_second: Array<{ second: number; served: number; refused: number }>;
}

export interface StripeStandInOptions {
  port: number;
  /** Where signed events are posted; without one (functions tests) events are not sent. */
  webhookUrl?: string;
  /** Defaults to a fresh `whsec_…`, like the secret `stripe listen` prints. */
  webhookSecret?: string;
  clubName?: string;
  /** API requests accepted in any one second before the next is refused; Stripe's test mode allows 25. */
  rateLimit?: number;
  /** Milliseconds since the epoch; tests hold it still to keep the stand-in over its rate. */
  clock?: () => number;
}

/** Stripe's rate limit in test mode: 25 API requests a second (live mode allows 100). */
export const DEFAULT_RATE_LIMIT = 25;

/** Seconds of counts the stand-in keeps: an hour, longer than any bench run. */
const COUNTED_SECONDS = 3600;

/** The fields of Stripe's Checkout Session the stand-in fills; typed by the SDK so the shapes cannot drift. */
export type CheckoutSessionObject = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'ui_mode'
  | 'url'
>;

type EventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'charge.refunded'
  | 'charge.dispute.created';

/** The fields of Stripe's Refund the stand-in fills. */
export type RefundObject = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;

/** The fields of Stripe's Charge the stand-in fills (what charge.refunded carries). */
export type ChargeObject = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'created'
  | 'currency'
  | 'disputed'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'refunded'
  | 'status'
>;

/** The fields of Stripe's Dispute the stand-in fills (what charge.dispute.created carries). */
export type DisputeObject = Pick<
  Stripe.Dispute,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;

/** A payment a checkout took: its PaymentIntent, its one charge, and what happened to it since. */
interface StoredPayment {
  intentId: string;
  chargeId: string;
  amount: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  refunds: RefundObject[];
  dispute: DisputeObject | null;
}

interface StoredSession {
  session: CheckoutSessionObject;
  lineItems: CheckoutLineItem[];
  /** Stripe expires an unpaid session at expires_at on its own and says so with an event. */
  expiryTimer: NodeJS.Timeout;
  /** A payment that was to settle later failed (the session stays complete and unpaid, as on Stripe). */
  settlementFailed?: boolean;
  /** payment_intent_data.metadata: what the payment (and its charge) carries. */
  paymentMetadata: Record<string, string>;
}

interface ApiAnswer {
  status: number;
  body: unknown;
  /** Work Stripe does after answering, such as sending the expired event. */
  after?: () => Promise<void>;
}

interface SavedIdempotentAnswer {
  request: string;
  params: Record<string, FormValue>;
  answer: ApiAnswer;
}

export const DEFAULT_CLUB_NAME = 'Edmonton Summit Basketball Club';
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const MAX_BODY_BYTES = 1024 * 1024;
const WEBHOOK_TIMEOUT_MS = 30_000;
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomId(prefix: string, length: number): string {
  let id = prefix;
  for (let i = 0; i < length; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** 3500 cad → '$35.00', as Stripe writes an amount in its messages. */
function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/**
 * Stripe's answer past its rate: 429 with an `invalid_request_error` of code `rate_limit`. Stripe names the
 * limiter in Stripe-Rate-Limited-Reason and sends no Stripe-Should-Retry, so its SDKs do not retry it
 * themselves (they do retry a 429 lock_timeout): backing off and trying again is the integration's job.
 */
function rateLimited(): StripeApiError {
  return new StripeApiError(429, {
    type: 'invalid_request_error',
    code: 'rate_limit',
    message:
      'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
  });
}

/**
 * Stripe's basic rate limiter: at most `limit` API requests in any one second (a sliding second, so no burst
 * of twice the limit across a second's edge). A refused request takes no place in it, as in Stripe's token
 * bucket. Counts what it served and refused per second, for the bench's "Stripe calls per second".
 */
function rateLimiter(limit: number, clock: () => number) {
  const accepted: number[] = [];
  const seconds = new Map<number, { served: number; refused: number }>();
  const total = { served: 0, refused: 0 };
  const count = (now: number, outcome: 'served' | 'refused') => {
    const second = Math.floor(now / 1000);
    let counts = seconds.get(second);
    if (!counts) {
      counts = { served: 0, refused: 0 };
      seconds.set(second, counts);
      // Maps keep insertion order: the first key is the oldest second.
      if (seconds.size > COUNTED_SECONDS) seconds.delete(seconds.keys().next().value!);
    }
    counts[outcome] += 1;
    total[outcome] += 1;
  };
  return {
    /** Takes a place for one request now, or throws Stripe's 429. */
    admit(): void {
      const now = clock();
      while (accepted.length > 0 && accepted[0]! <= now - 1000) accepted.shift();
      if (accepted.length >= limit) {
        count(now, 'refused');
        throw rateLimited();
      }
      accepted.push(now);
      count(now, 'served');
    },
    counts(): ApiCallCounts {
      return {
        limit_per_second: limit,
        ...total,
        per_second: [...seconds].map(([second, counts]) => ({ second, ...counts })),
      };
    },
  };
}

function notFound(method: string, path: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

function noSuchSession(id: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such checkout.session: '${id}'`,
    param: 'session',
  });
}

/** `sk_live_abc…wxyz` → `sk_live_*****…wxyz`, the way Stripe echoes a refused key. */
function redactKey(key: string): string {
  const prefix = /^[a-z]+_(?:test_|live_)?/.exec(key)?.[0] ?? '';
  const tail = key.length - prefix.length > 4 ? key.slice(-4) : '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - tail.length))}${tail}`;
}

/** Stripe takes the secret key as a Bearer token (the SDK) or as the Basic user name (`curl -u sk_test_…:`). */
function authenticate(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
  if (!key) {
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  if (!key.startsWith('sk_test_')) {
    // Only test-mode secret keys make sense against a stand-in that never charges anyone.
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${redactKey(key)}`,
    });
  }
  return key;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(
          new StripeApiError(413, { type: 'invalid_request_error', message: 'Request body too large.' }),
        );
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  // 303 turns the browser's POST into a GET of the site's page, as Stripe's redirect does.
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const url = `http://localhost:${options.port}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(32).toString('hex')}`;
  const clubName = options.clubName ?? DEFAULT_CLUB_NAME;
  const sessions = new Map<string, StoredSession>();
  /** Payments by PaymentIntent id, made when a checkout is paid. */
  const payments = new Map<string, StoredPayment>();
  const idempotent = new Map<string, SavedIdempotentAnswer>();
  const deliveries = new Set<Promise<void>>();
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  if (!Number.isInteger(rateLimit) || rateLimit < 1) {
    throw new Error(
      `The Stripe stand-in's rate limit must be a whole number of requests a second, got ${rateLimit}.`,
    );
  }
  const limiter = rateLimiter(rateLimit, options.clock ?? Date.now);

  /** Posts one signed event; a receiver that fails is logged (as Stripe's dashboard would show it), not retried. */
  async function postEvent(type: EventType, object: object): Promise<void> {
    if (!options.webhookUrl) return;
    const event = {
      id: randomId('evt_test_', 24),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) {
        const text = (await response.text()).slice(0, 300);
        console.warn(
          `[stripe] ${type} (${event.id}) → ${options.webhookUrl} answered ${response.status}: ${text}`,
        );
      }
    } catch (error) {
      console.warn(
        `[stripe] ${type} (${event.id}) could not be delivered to ${options.webhookUrl}: ${(error as Error).message}`,
      );
    }
  }

  /** Sends an event from a snapshot of its object, tracked so stop() lets a delivery nobody awaits finish. */
  function deliver(type: EventType, object: object): Promise<void> {
    const delivery = postEvent(type, structuredClone(object)).finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
    return delivery;
  }

  function expire(stored: StoredSession): void {
    clearTimeout(stored.expiryTimer);
    stored.session.status = 'expired';
    stored.session.url = null;
  }

  function createSession(form: Record<string, FormValue>): ApiAnswer {
    const params = parseCheckoutSessionCreate(form);
    const created = nowSeconds();
    const expiresAt = params.expires_at ?? created + MAX_EXPIRY_SECONDS;
    if (expiresAt < created + MIN_EXPIRY_SECONDS) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        param: 'expires_at',
      });
    }
    if (expiresAt > created + MAX_EXPIRY_SECONDS) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        param: 'expires_at',
      });
    }
    const lineItems: CheckoutLineItem[] = params.line_items.map((item) => ({
      // parseCheckoutSessionCreate refuses a line item without price_data.
      name: item.price_data?.product_data.name ?? '',
      description: item.price_data?.product_data.description ?? null,
      quantity: item.quantity,
      amount: (item.price_data?.unit_amount ?? 0) * item.quantity,
    }));
    const amount = lineItems.reduce((sum, item) => sum + item.amount, 0);
    const id = randomId('cs_test_', 58);
    const session: CheckoutSessionObject = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created,
      currency: params.line_items[0]?.price_data?.currency ?? params.currency ?? null,
      customer: null,
      customer_details: null,
      customer_email: params.customer_email ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: params.mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url ?? null,
      ui_mode: 'hosted_page',
      url: `${url}/checkout/${id}`,
    };
    const stored: StoredSession = {
      session,
      lineItems,
      paymentMetadata: params.payment_intent_data?.metadata ?? {},
      expiryTimer: setTimeout(
        () => {
          if (stored.session.status !== 'open') return;
          expire(stored);
          void deliver('checkout.session.expired', stored.session);
        },
        (expiresAt - created) * 1000,
      ).unref(),
    };
    sessions.set(id, stored);
    // A copy, so an idempotent replay answers what was first answered, not the session's later state.
    return { status: 200, body: structuredClone(session) };
  }

  function expireSession(id: string): ApiAnswer {
    const stored = sessions.get(id);
    if (!stored) throw noSuchSession(id);
    if (stored.session.status !== 'open') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
      });
    }
    expire(stored);
    const snapshot = structuredClone(stored.session);
    // Stripe answers first and sends the event on its own schedule; the product must not rely on the order.
    return {
      status: 200,
      body: snapshot,
      after: () => deliver('checkout.session.expired', snapshot),
    };
  }

  function chargeOf(payment: StoredPayment): ChargeObject {
    const refunded = payment.refunds.reduce((sum, r) => sum + r.amount, 0);
    return {
      id: payment.chargeId,
      object: 'charge',
      amount: payment.amount,
      amount_captured: payment.amount,
      amount_refunded: refunded,
      created: payment.created,
      currency: payment.currency,
      disputed: payment.dispute !== null,
      livemode: false,
      metadata: payment.metadata,
      paid: true,
      payment_intent: payment.intentId,
      refunded: refunded >= payment.amount,
      status: 'succeeded',
    };
  }

  function paymentOf(params: { payment_intent?: string; charge?: string }): StoredPayment {
    if (params.payment_intent) {
      const payment = payments.get(params.payment_intent);
      if (payment) return payment;
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${params.payment_intent}'`,
        param: 'payment_intent',
      });
    }
    const payment = [...payments.values()].find((p) => p.chargeId === params.charge);
    if (payment) return payment;
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such charge: '${params.charge ?? ''}'`,
      param: 'charge',
    });
  }

  /** A refund of a payment, within what is left of it, never of a disputed one (Stripe's own refusals). */
  function refund(
    payment: StoredPayment,
    params: { amount?: number; reason?: RefundObject['reason']; metadata?: Record<string, string> },
  ): RefundObject {
    if (payment.dispute) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: `Charge ${payment.chargeId} has been charged back; cannot issue a refund.`,
      });
    }
    const left = payment.amount - payment.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (left <= 0) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${payment.chargeId} has already been refunded.`,
      });
    }
    const amount = params.amount ?? left;
    if (amount > left) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount (${formatMoney(amount, payment.currency)}) is greater than unrefunded amount on charge (${formatMoney(left, payment.currency)})`,
        param: 'amount',
      });
    }
    const made: RefundObject = {
      id: randomId('re_test_', 24),
      object: 'refund',
      amount,
      charge: payment.chargeId,
      created: nowSeconds(),
      currency: payment.currency,
      metadata: params.metadata ?? {},
      payment_intent: payment.intentId,
      reason: params.reason ?? null,
      status: 'succeeded',
    };
    payment.refunds.unshift(made);
    return made;
  }

  function createRefund(form: Record<string, FormValue>): ApiAnswer {
    const params = parseRefundCreate(form);
    const payment = paymentOf(params);
    const made = refund(payment, params);
    const charge = chargeOf(payment);
    return { status: 200, body: structuredClone(made), after: () => deliver('charge.refunded', charge) };
  }

  const list = (url: string, data: unknown[]) => ({
    status: 200,
    body: { object: 'list', data, has_more: false, url },
  });

  /** Routes one /v1 request; throws StripeApiError for anything Stripe would refuse. */
  function routeApi(method: string, path: string, form: Record<string, FormValue>): ApiAnswer {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      // Stripe's list filter by payment: the session a payment was made on.
      const intent = typeof form.payment_intent === 'string' ? form.payment_intent : null;
      const found = [...sessions.values()]
        .map((stored) => stored.session)
        .filter((session) => !intent || session.payment_intent === intent);
      return list(path, found.reverse());
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    if (method === 'GET' && path === '/v1/refunds') {
      const intent = typeof form.payment_intent === 'string' ? form.payment_intent : null;
      const found = intent
        ? (payments.get(intent)?.refunds ?? [])
        : [...payments.values()].flatMap((p) => p.refunds);
      return list(path, found);
    }
    // A payment, as the receipt reads it (issue 36): its latest charge, expanded when asked, paid by the test
    // card (Visa ending 4242), as Stripe's test mode answers a Checkout payment made with it.
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (intentMatch && method === 'GET') {
      const payment = paymentOf({ payment_intent: decodeURIComponent(intentMatch[1] ?? '') });
      const expand = [form.expand ?? []].flat();
      const charge = {
        ...chargeOf(payment),
        payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
      };
      return {
        status: 200,
        body: {
          id: payment.intentId,
          object: 'payment_intent',
          amount: payment.amount,
          currency: payment.currency,
          status: 'succeeded',
          created: payment.created,
          metadata: payment.metadata,
          latest_charge: expand.includes('latest_charge') ? charge : payment.chargeId,
        },
      };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const id = match ? decodeURIComponent(match[1] ?? '') : '';
    if (match && method === 'GET' && !match[2]) {
      const stored = sessions.get(id);
      if (!stored) throw noSuchSession(id);
      return { status: 200, body: stored.session };
    }
    if (match && method === 'POST' && match[2]) return expireSession(id);
    throw notFound(method, path);
  }

  /** Stripe's idempotency: a key replays its first answer, and refuses other parameters or another endpoint. */
  function withIdempotency(
    apiKey: string,
    key: string | undefined,
    request: string,
    params: Record<string, FormValue>,
    run: () => ApiAnswer,
  ): ApiAnswer & { replayed?: boolean } {
    if (!key) return run();
    const scoped = `${apiKey}\n${key}`;
    const saved = idempotent.get(scoped);
    if (saved) {
      if (saved.request !== request) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.request}' vs '${request}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (!isDeepStrictEqual(saved.params, params)) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { ...saved.answer, after: undefined, replayed: true };
    }
    // Only answers that ran are saved: like Stripe, a refused request leaves the key free to use again.
    const answer = run();
    idempotent.set(scoped, { request, params, answer });
    return answer;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const idempotencyKey = method === 'POST' ? req.headers['idempotency-key']?.toString() : undefined;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'request-id': randomId('req_', 14),
      'stripe-version': req.headers['stripe-version']?.toString() ?? Stripe.API_VERSION,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    let answer: ApiAnswer & { replayed?: boolean };
    try {
      const apiKey = authenticate(req);
      const body = await readBody(req);
      // Counted per account, as Stripe does: a request without a valid key is refused before the limiter.
      limiter.admit();
      const form = parseStripeForm(method === 'GET' ? target.search.slice(1) : body);
      answer = withIdempotency(apiKey, idempotencyKey, `${method} ${target.pathname}`, form, () =>
        routeApi(method, target.pathname, form),
      );
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      if (error.status === 401) headers['www-authenticate'] = 'Basic realm="Stripe"';
      if (error.body.code === 'rate_limit') headers['stripe-rate-limited-reason'] = 'global-rate';
      answer = { status: error.status, body: { error: error.body } };
    }
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    res.writeHead(answer.status, headers);
    res.end(JSON.stringify(answer.body, null, 2));
    if (answer.after) await answer.after();
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, id: string, action?: string) {
    const method = (req.method ?? 'GET').toUpperCase();
    const stored = sessions.get(id);
    if (!stored) return sendHtml(res, 404, renderClosedPage({ clubName, reason: 'not-found' }));
    const { session } = stored;
    const successUrl = session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
    if (action && method !== 'POST') return redirect(res, `/checkout/${session.id}`);
    await readBody(req);

    if (action === 'cancel' && session.cancel_url) return redirect(res, session.cancel_url);
    const closed = (reason: ClosedReason, returnUrl: string | null) =>
      sendHtml(
        res,
        200,
        renderClosedPage({
          clubName,
          reason,
          currency: session.currency ?? 'cad',
          amountTotal: session.amount_total ?? 0,
          returnUrl,
          sessionId: session.id,
        }),
      );
    if (session.status === 'complete') {
      const settling = session.payment_status === 'unpaid' && !stored.settlementFailed;
      if (settling && (action === 'settle' || action === 'settle-fail')) {
        // The money arrives (or does not) after the checkout completed: Stripe's async payment events.
        if (action === 'settle') session.payment_status = 'paid';
        else stored.settlementFailed = true;
        await deliver(
          action === 'settle'
            ? 'checkout.session.async_payment_succeeded'
            : 'checkout.session.async_payment_failed',
          session,
        );
      } else if ((action === 'pay' || action === 'pay-later') && successUrl) {
        // A second press (or a reload) lands where the first one did.
        return redirect(res, successUrl);
      }
      if (session.payment_status === 'paid') return closed('complete', successUrl);
      return closed(stored.settlementFailed ? 'settle-failed' : 'settling', successUrl);
    }
    if (session.status === 'expired') return closed('expired', session.cancel_url);
    if (action === 'pay' || action === 'pay-later') {
      clearTimeout(stored.expiryTimer);
      Object.assign(session, {
        status: 'complete',
        // Settles later: complete now, the money still to arrive (Stripe's 'unpaid' with a payment intent).
        payment_status: action === 'pay' ? 'paid' : 'unpaid',
        payment_intent: randomId('pi_test_', 24),
        customer_details: {
          address: null,
          business_name: null,
          email: session.customer_email,
          individual_name: null,
          name: null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
      } satisfies Partial<CheckoutSessionObject>);
      const intentId = session.payment_intent as string;
      payments.set(intentId, {
        intentId,
        chargeId: randomId('ch_test_', 24),
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'cad',
        created: nowSeconds(),
        metadata: stored.paymentMetadata,
        refunds: [],
        dispute: null,
      });
      // Awaited so the product has recorded the payment before the browser reaches the success page.
      await deliver('checkout.session.completed', session);
      if (successUrl) return redirect(res, successUrl);
      return closed(action === 'pay' ? 'complete' : 'settling', null);
    }
    // Stripe keeps the session open on a decline, sends no event, and lets the payer try again.
    return sendHtml(
      res,
      200,
      renderCheckoutPage({
        clubName,
        sessionId: session.id,
        currency: session.currency ?? 'cad',
        amountTotal: session.amount_total ?? 0,
        customerEmail: session.customer_email,
        lineItems: stored.lineItems,
        expiresAt: session.expires_at,
        canCancel: session.cancel_url !== null,
        declined: action === 'decline',
      }),
    );
  }

  /**
   * What the club could do in Stripe's own dashboard, outside the product: refund a payment (all, or
   * `amount` cents) or have the cardholder's bank dispute it. Each sends its event, as Stripe does, and
   * answers the refund or dispute with the charge as it now is.
   */
  async function handleDashboard(
    req: IncomingMessage,
    res: ServerResponse,
    intentId: string,
    action: string,
  ) {
    const form = parseStripeForm(await readBody(req));
    let body: object;
    let after: () => Promise<void>;
    try {
      const payment = paymentOf({ payment_intent: intentId });
      if (action === 'refund') {
        const amount = typeof form.amount === 'string' && form.amount ? Number(form.amount) : undefined;
        const made = refund(payment, { amount, reason: 'requested_by_customer' });
        const charge = chargeOf(payment);
        body = { refund: made, charge };
        after = () => deliver('charge.refunded', charge);
      } else {
        payment.dispute ??= {
          id: randomId('dp_test_', 24),
          object: 'dispute',
          amount: payment.amount,
          charge: payment.chargeId,
          created: nowSeconds(),
          currency: payment.currency,
          livemode: false,
          payment_intent: payment.intentId,
          reason: 'fraudulent',
          status: 'needs_response',
        };
        const dispute = structuredClone(payment.dispute);
        body = { dispute, charge: chargeOf(payment) };
        after = () => deliver('charge.dispute.created', dispute);
      }
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      res.writeHead(error.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: error.body }, null, 2));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body, null, 2));
    await after();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = new URL(req.url ?? '/', url);
    // The stand-in's own counts (not Stripe's API, so not rate limited or counted): read-only.
    if (target.pathname === '/stand-in/api-calls' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(limiter.counts(), null, 2));
      return;
    }
    const dashboard = /^\/dashboard\/payments\/(pi_[A-Za-z0-9_]+)\/(refund|dispute)$/.exec(target.pathname);
    if (dashboard && req.method === 'POST') return handleDashboard(req, res, dashboard[1]!, dashboard[2]!);
    if (target.pathname === '/v1' || target.pathname.startsWith('/v1/')) return handleApi(req, res, target);
    const page =
      /^\/checkout\/([A-Za-z0-9_]+)(?:\/(pay|pay-later|settle|settle-fail|decline|cancel))?\/?$/.exec(
        target.pathname,
      );
    if (page) return handlePage(req, res, page[1] ?? '', page[2]);
    sendHtml(res, 404, renderClosedPage({ clubName, reason: 'not-found' }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[stripe] stand-in request failed:', error);
      if (res.headersSent) return res.end();
      const status = error instanceof StripeApiError ? error.status : 500;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'The local Stripe stand-in failed.' } }));
    });
  });
  await listen(server, options.port);

  return {
    url,
    webhookSecret,
    apiCalls: () => limiter.counts(),
    stop: async () => {
      for (const stored of sessions.values()) clearTimeout(stored.expiryTimer);
      await Promise.all(deliveries);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
