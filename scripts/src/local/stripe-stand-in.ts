/**
 * A local stand-in for the part of Stripe the product uses, so no Stripe account is needed on the local
 * stack or in tests: Checkout Sessions (create with idempotency, retrieve, expire) in Stripe's object
 * shapes and error format, a checkout page with a choice of test card and Pay / Decline / Cancel, cards saved
 * to a Customer at checkout (`setup_future_usage`) and charged again off-session (PaymentIntents that succeed
 * or fail with Stripe's 402 card errors, as the chosen test card would later), each successful charge's
 * balance transaction (Stripe's fee), and webhooks signed the way Stripe signs them. The real `stripe` SDK is pointed here (STRIPE_API_BASE), so the product's own Stripe calls
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
  parsePaymentIntentCreate,
  parseRefundCreate,
  parseStripeForm,
  type FormValue,
  type StripeErrorBody,
} from './stripe-stand-in-params';
import {
  renderCheckoutPage,
  renderClosedPage,
  testCardOf,
  type CheckoutLineItem,
  type ClosedReason,
  type TestCard,
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
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'charge.refunded'
  | 'charge.dispute.created';

/** The fields of Stripe's PaymentIntent the stand-in fills. */
export type PaymentIntentObject = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'canceled_at'
  | 'capture_method'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'last_payment_error'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'next_action'
  | 'payment_method'
  | 'payment_method_types'
  | 'setup_future_usage'
  | 'status'
>;

/** The fields of Stripe's Customer the stand-in fills (one is made when a checkout saves the card). */
export type CustomerObject = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'balance'
  | 'created'
  | 'default_source'
  | 'description'
  | 'email'
  | 'invoice_settings'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'phone'
  | 'shipping'
>;

/** The fields of Stripe's PaymentMethod (a card) the stand-in fills. */
export type PaymentMethodObject = Pick<
  Stripe.PaymentMethod,
  'id' | 'object' | 'billing_details' | 'created' | 'customer' | 'livemode' | 'metadata' | 'type'
> & {
  card: Pick<
    Stripe.PaymentMethod.Card,
    | 'brand'
    | 'checks'
    | 'country'
    | 'display_brand'
    | 'exp_month'
    | 'exp_year'
    | 'funding'
    | 'generated_from'
    | 'last4'
    | 'networks'
    | 'regulated_status'
    | 'three_d_secure_usage'
    | 'wallet'
  >;
};

/** The fields of Stripe's BalanceTransaction the stand-in fills: a charge's amount, Stripe's fee and the net. */
export type BalanceTransactionObject = Pick<
  Stripe.BalanceTransaction,
  | 'id'
  | 'object'
  | 'amount'
  | 'available_on'
  | 'balance_type'
  | 'created'
  | 'currency'
  | 'description'
  | 'exchange_rate'
  | 'fee'
  | 'fee_details'
  | 'net'
  | 'reporting_category'
  | 'source'
  | 'status'
  | 'type'
>;

/**
 * Stripe's standard fee for a domestic card in Canada: 2.9% + 30¢ of each successful charge, rounded to the
 * cent (what the stand-in reports on every charge's balance transaction).
 */
export function stripeFee(amount: number): number {
  return Math.round(amount * 0.029) + 30;
}

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
  | 'balance_transaction'
  | 'customer'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
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

/**
 * A payment: a checkout's, or a saved card's charged off-session. Its PaymentIntent, its one charge (failed
 * when the card declined), and what happened to it since.
 */
interface StoredPayment {
  intentId: string;
  chargeId: string;
  amount: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  refunds: RefundObject[];
  dispute: DisputeObject | null;
  /** 'processing' while a checkout's payment settles; 'requires_payment_method' after a decline. */
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  customer: string | null;
  paymentMethod: string;
  card: TestCard;
  setupFutureUsage: 'off_session' | 'on_session' | null;
  description: string | null;
  /** Made when the money is taken: null while a payment settles and after a decline. */
  balanceTransaction: BalanceTransactionObject | null;
  lastPaymentError: Stripe.PaymentIntent.LastPaymentError | null;
}

/** A card a family paid with, and the test card it is (what it does when charged again later). */
interface StoredPaymentMethod {
  method: PaymentMethodObject;
  card: TestCard;
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
  /** payment_intent_data.setup_future_usage: the card paid with is saved to the session's Customer. */
  setupFutureUsage: 'off_session' | 'on_session' | null;
  /** customer_creation 'always': a Customer is made at payment even when no card is saved. */
  alwaysCreateCustomer: boolean;
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

function noSuchCustomer(id: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such customer: '${id}'`,
    param: 'customer',
  });
}

function invalidParam(message: string, param: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, param });
}

/** What Stripe answers when a saved test card is charged off-session and its bank says no. */
const LATER_DECLINES: Record<
  Exclude<TestCard['later'], 'succeeds'>,
  { code: string; decline_code: string; message: string }
> = {
  generic_decline: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

/** The fields `expand[]` names (`expand[]=a&expand[]=b` or `expand[0]=a`). */
function expandOf(form: Record<string, FormValue>): string[] {
  return [form.expand ?? []].flat().filter((item): item is string => typeof item === 'string');
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
  /** Payments by PaymentIntent id, made when a checkout is paid or a saved card is charged. */
  const payments = new Map<string, StoredPayment>();
  const customers = new Map<string, CustomerObject>();
  const paymentMethods = new Map<string, StoredPaymentMethod>();
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
    if (params.customer !== undefined && !customers.has(params.customer))
      throw noSuchCustomer(params.customer);
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
      customer: params.customer ?? null,
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
      setupFutureUsage: params.payment_intent_data?.setup_future_usage ?? null,
      alwaysCreateCustomer: params.customer_creation === 'always',
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

  /** A declined off-session charge: it failed, took nothing, and cannot be refunded. */
  const declined = (payment: StoredPayment) =>
    payment.lastPaymentError !== null && !payment.balanceTransaction;

  function chargeOf(payment: StoredPayment, expandBalance = false): ChargeObject {
    const refunded = payment.refunds.reduce((sum, r) => sum + r.amount, 0);
    const failed = declined(payment);
    const balance = payment.balanceTransaction;
    return {
      id: payment.chargeId,
      object: 'charge',
      amount: payment.amount,
      amount_captured: failed ? 0 : payment.amount,
      amount_refunded: refunded,
      balance_transaction: balance && expandBalance ? structuredClone(balance) : (balance?.id ?? null),
      created: payment.created,
      currency: payment.currency,
      customer: payment.customer,
      disputed: payment.dispute !== null,
      failure_code: failed ? (payment.lastPaymentError?.code ?? null) : null,
      failure_message: failed ? (payment.lastPaymentError?.message ?? null) : null,
      livemode: false,
      metadata: payment.metadata,
      paid: !failed,
      payment_intent: payment.intentId,
      payment_method: payment.paymentMethod,
      refunded: refunded >= payment.amount,
      status: failed ? 'failed' : 'succeeded',
    };
  }

  /** A charge as GET answers it: with the card it was paid with (brand, last 4), as the receipt reads it. */
  function chargeView(payment: StoredPayment, expandBalance: boolean) {
    return {
      ...chargeOf(payment, expandBalance),
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: payment.card.last4 } },
    };
  }

  /**
   * A payment's PaymentIntent as Stripe answers it, expanding what `expand[]` names: `latest_charge`
   * (`latest_charge.balance_transaction` too), `customer` and `payment_method`.
   */
  function intentOf(payment: StoredPayment, expand: readonly string[] = []): PaymentIntentObject {
    const withBalance = expand.includes('latest_charge.balance_transaction');
    const method = paymentMethods.get(payment.paymentMethod);
    const customer = payment.customer ? customers.get(payment.customer) : undefined;
    const intent: PaymentIntentObject = {
      id: payment.intentId,
      object: 'payment_intent',
      amount: payment.amount,
      amount_capturable: 0,
      amount_received: payment.status === 'succeeded' ? payment.amount : 0,
      canceled_at: null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      created: payment.created,
      currency: payment.currency,
      customer: expand.includes('customer') && customer ? structuredClone(customer) : payment.customer,
      description: payment.description,
      last_payment_error: structuredClone(payment.lastPaymentError),
      latest_charge:
        expand.includes('latest_charge') || withBalance
          ? (chargeView(payment, withBalance) as unknown as Stripe.Charge)
          : payment.chargeId,
      livemode: false,
      metadata: payment.metadata,
      next_action: null,
      payment_method:
        expand.includes('payment_method') && method
          ? (structuredClone(method.method) as unknown as Stripe.PaymentMethod)
          : payment.paymentMethod,
      payment_method_types: ['card'],
      setup_future_usage: payment.setupFutureUsage,
      status: payment.status,
    };
    return intent;
  }

  /** The money a successful charge moved: Stripe's fee (2.9% + 30¢) and what reaches the club. */
  function balanceTransactionOf(payment: StoredPayment): BalanceTransactionObject {
    const fee = stripeFee(payment.amount);
    const created = nowSeconds();
    return {
      id: randomId('txn_test_', 24),
      object: 'balance_transaction',
      amount: payment.amount,
      available_on: created + 2 * 24 * 60 * 60,
      balance_type: 'payments',
      created,
      currency: payment.currency,
      description: payment.description,
      exchange_rate: null,
      fee,
      fee_details: [
        {
          amount: fee,
          application: null,
          currency: payment.currency,
          description: 'Stripe processing fees',
          type: 'stripe_fee',
        },
      ],
      net: payment.amount - fee,
      reporting_category: 'charge',
      source: payment.chargeId,
      status: 'pending',
      type: 'charge',
    };
  }

  function newCustomer(email: string | null): CustomerObject {
    const customer: CustomerObject = {
      id: randomId('cus_test_', 14),
      object: 'customer',
      balance: 0,
      created: nowSeconds(),
      default_source: null,
      description: null,
      email,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: {},
      name: null,
      phone: null,
      shipping: null,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  /** The card a family paid with at a checkout: attached to a Customer when it is saved for later. */
  function newPaymentMethod(card: TestCard, email: string | null, customer: string | null): string {
    const id = randomId('pm_test_', 24);
    const created = new Date();
    paymentMethods.set(id, {
      card,
      method: {
        id,
        object: 'payment_method',
        billing_details: { address: null, email, name: null, phone: null, tax_id: null },
        card: {
          brand: 'visa',
          checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
          country: 'US',
          display_brand: 'visa',
          exp_month: 12,
          exp_year: created.getUTCFullYear() + 3,
          funding: 'credit',
          generated_from: null,
          last4: card.last4,
          networks: { available: ['visa'], preferred: null },
          regulated_status: 'unregulated',
          three_d_secure_usage: { supported: true },
          wallet: null,
        },
        created: Math.floor(created.getTime() / 1000),
        customer,
        livemode: false,
        metadata: {},
        type: 'card',
      },
    });
    return id;
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
    if (declined(payment)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `This PaymentIntent (${payment.intentId}) does not have a successful charge to refund.`,
      });
    }
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

  /**
   * POST /v1/payment_intents: a saved card charged without its holder (an instalment), created and confirmed
   * at once. It succeeds, or fails as the test card does later: Stripe's 402 card error naming the code, the
   * bank's decline code and the PaymentIntent (now `requires_payment_method`). Either way the answer is kept
   * under the idempotency key, as Stripe keeps a card error, and the payment_intent event is sent.
   */
  function createPaymentIntent(form: Record<string, FormValue>): ApiAnswer {
    const params = parsePaymentIntentCreate(form);
    if (params.confirm !== 'true' || params.payment_method === undefined) {
      throw invalidParam(
        'The local Stripe stand-in creates PaymentIntents confirmed at once with a saved card only (confirm=true and a payment_method).',
        params.payment_method === undefined ? 'payment_method' : 'confirm',
      );
    }
    if (params.off_session === undefined || params.off_session === 'false') {
      throw invalidParam(
        'The local Stripe stand-in charges saved cards off-session only (off_session=true): cardholders pay on its checkout page.',
        'off_session',
      );
    }
    if (params.amount < 50) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        message: `Amount must be at least ${formatMoney(50, params.currency)} ${params.currency}`,
        param: 'amount',
      });
    }
    if (params.customer !== undefined && !customers.has(params.customer))
      throw noSuchCustomer(params.customer);
    const saved = paymentMethods.get(params.payment_method);
    if (!saved) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such PaymentMethod: '${params.payment_method}'`,
        param: 'payment_method',
      });
    }
    const owner = saved.method.customer as string | null;
    if (owner === null) {
      throw invalidParam(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        'payment_method',
      );
    }
    if (params.customer !== owner) {
      throw invalidParam(
        params.customer === undefined
          ? `The PaymentMethod provided (${params.payment_method}) belongs to a Customer, but you did not provide the Customer. Please include the Customer in the \`customer\` parameter on the PaymentIntent.`
          : `The provided PaymentMethod (${params.payment_method}) belongs to another Customer than the one given (${params.customer}).`,
        'payment_method',
      );
    }
    const payment: StoredPayment = {
      intentId: randomId('pi_test_', 24),
      chargeId: randomId('ch_test_', 24),
      amount: params.amount,
      currency: params.currency,
      created: nowSeconds(),
      metadata: params.metadata ?? {},
      refunds: [],
      dispute: null,
      status: 'succeeded',
      customer: owner,
      paymentMethod: params.payment_method,
      card: saved.card,
      setupFutureUsage: params.setup_future_usage ?? null,
      description: params.description ?? null,
      balanceTransaction: null,
      lastPaymentError: null,
    };
    payments.set(payment.intentId, payment);
    const expand = expandOf(form);
    if (saved.card.later === 'succeeds') {
      payment.balanceTransaction = balanceTransactionOf(payment);
      const intent = intentOf(payment);
      return {
        status: 200,
        body: intentOf(payment, expand),
        after: () => deliver('payment_intent.succeeded', intent),
      };
    }
    const decline = LATER_DECLINES[saved.card.later];
    const error: StripeErrorBody = new StripeApiError(402, {
      type: 'card_error',
      ...decline,
      charge: payment.chargeId,
    }).body;
    payment.status = 'requires_payment_method';
    payment.lastPaymentError = {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.decline_code,
      message: decline.message,
      charge: payment.chargeId,
      ...(error.doc_url ? { doc_url: error.doc_url } : {}),
      payment_method: structuredClone(saved.method) as unknown as Stripe.PaymentMethod,
    };
    const intent = intentOf(payment);
    return {
      status: 402,
      body: { error: { ...error, payment_intent: intent, payment_method: structuredClone(saved.method) } },
      after: () => deliver('payment_intent.payment_failed', intent),
    };
  }

  function paymentOfCharge(id: string): StoredPayment {
    const payment = [...payments.values()].find((p) => p.chargeId === id);
    if (payment) return payment;
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such charge: '${id}'`,
      param: 'id',
    });
  }

  /** GET /v1/<kind>/<id> of a customer, payment method or balance transaction; null for other paths. */
  function retrieveOther(path: string, form: Record<string, FormValue>): ApiAnswer | null {
    const match = /^\/v1\/(customers|payment_methods|charges|balance_transactions)\/([^/]+)$/.exec(path);
    if (!match) return null;
    const id = decodeURIComponent(match[2] ?? '');
    const missing = (what: string) =>
      new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${id}'`,
        param: 'id',
      });
    switch (match[1]) {
      case 'customers': {
        const customer = customers.get(id);
        if (!customer) throw missing('customer');
        return { status: 200, body: customer };
      }
      case 'payment_methods': {
        const method = paymentMethods.get(id);
        if (!method) throw missing('PaymentMethod');
        return { status: 200, body: method.method };
      }
      case 'charges': {
        const payment = paymentOfCharge(id);
        return { status: 200, body: chargeView(payment, expandOf(form).includes('balance_transaction')) };
      }
      default: {
        const payment = [...payments.values()].find((p) => p.balanceTransaction?.id === id);
        if (!payment?.balanceTransaction) throw missing('balance transaction');
        return { status: 200, body: payment.balanceTransaction };
      }
    }
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
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(form);
    // A payment, as the receipt reads it (issue 36): its latest charge, expanded when asked, with the test card
    // it was paid by (Visa), and its balance transaction (Stripe's fee) when that is asked too.
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (intentMatch && method === 'GET') {
      const payment = paymentOf({ payment_intent: decodeURIComponent(intentMatch[1] ?? '') });
      return { status: 200, body: intentOf(payment, expandOf(form)) };
    }
    const other = method === 'GET' ? retrieveOther(path, form) : null;
    if (other) return other;
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
    const posted = parseStripeForm(await readBody(req)).card;
    const cardNumber = typeof posted === 'string' ? posted : undefined;

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
        const payment = payments.get(session.payment_intent as string);
        if (action === 'settle') session.payment_status = 'paid';
        else stored.settlementFailed = true;
        if (payment) {
          payment.status = action === 'settle' ? 'succeeded' : 'requires_payment_method';
          if (action === 'settle') payment.balanceTransaction = balanceTransactionOf(payment);
        }
        await deliver(
          action === 'settle'
            ? 'checkout.session.async_payment_succeeded'
            : 'checkout.session.async_payment_failed',
          session,
        );
        if (payment) {
          void deliver(
            action === 'settle' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
            intentOf(payment),
          );
        }
      } else if ((action === 'pay' || action === 'pay-later') && successUrl) {
        // A second press (or a reload) lands where the first one did.
        return redirect(res, successUrl);
      }
      if (session.payment_status === 'paid') return closed('complete', successUrl);
      return closed(stored.settlementFailed ? 'settle-failed' : 'settling', successUrl);
    }
    if (session.status === 'expired') return closed('expired', session.cancel_url);
    const card = testCardOf(cardNumber);
    if ((action === 'pay' || action === 'pay-later') && card) {
      clearTimeout(stored.expiryTimer);
      // A card saved for later (or customer_creation 'always') needs a Customer: the session's own, or a new one.
      const customer =
        (session.customer as string | null) ??
        (stored.setupFutureUsage || stored.alwaysCreateCustomer
          ? newCustomer(session.customer_email).id
          : null);
      const paymentMethod = newPaymentMethod(
        card,
        session.customer_email,
        stored.setupFutureUsage ? customer : null,
      );
      Object.assign(session, {
        status: 'complete',
        // Settles later: complete now, the money still to arrive (Stripe's 'unpaid' with a payment intent).
        payment_status: action === 'pay' ? 'paid' : 'unpaid',
        payment_intent: randomId('pi_test_', 24),
        customer,
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
      const payment: StoredPayment = {
        intentId,
        chargeId: randomId('ch_test_', 24),
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'cad',
        created: nowSeconds(),
        metadata: stored.paymentMetadata,
        refunds: [],
        dispute: null,
        status: action === 'pay' ? 'succeeded' : 'processing',
        customer,
        paymentMethod,
        card,
        setupFutureUsage: stored.setupFutureUsage,
        description: null,
        balanceTransaction: null,
        lastPaymentError: null,
      };
      if (action === 'pay') payment.balanceTransaction = balanceTransactionOf(payment);
      payments.set(intentId, payment);
      // Awaited so the product has recorded the payment before the browser reaches the success page.
      await deliver('checkout.session.completed', session);
      // Stripe also tells of the payment itself; the product acts on the session's event for a checkout.
      if (action === 'pay') void deliver('payment_intent.succeeded', intentOf(payment));
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
        invalidCard: (action === 'pay' || action === 'pay-later') && !card,
        ...(cardNumber && card ? { cardNumber } : {}),
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
