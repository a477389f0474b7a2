import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './ports';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

const WEBHOOK_SECRET = 'whsec_stand_in_test_secret';
const deliveries: Delivery[] = [];
let receiverStatus = 200;
let receiver: Server;
let standIn: StripeStandIn;
let stripe: Stripe;

/** The product's usual request: one tryout fee, paid by card. */
const tryoutCheckout = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  ({
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: 'cad',
          product_data: { name: 'Tryout fee', description: 'Fall 2025 Tryouts · U14 Boys' },
          unit_amount: 5000,
        },
        quantity: 1,
      },
    ],
    customer_email: 'parent@example.com',
    client_reference_id: 'registration-1',
    metadata: { tryout_id: 'tryout-1' },
    success_url: 'http://localhost:5173/tryouts/paid?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/tryouts',
    ...overrides,
  }) satisfies Stripe.Checkout.SessionCreateParams;

const eventsFor = (sessionId: string) =>
  deliveries.filter(
    (d) => (JSON.parse(d.body) as { data: { object: { id: string } } }).data.object.id === sessionId,
  );

/** Presses a button of the checkout page, with a test card chosen in its list when one is given. */
const press = (
  sessionId: string,
  button: 'pay' | 'pay-later' | 'settle' | 'settle-fail' | 'decline' | 'cancel',
  card?: string,
) =>
  fetch(`${standIn.url}/checkout/${sessionId}/${button}`, {
    method: 'POST',
    redirect: 'manual',
    ...(card === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ card }).toString(),
        }),
  });

/** The events of a type about one PaymentIntent, checked against their signature. */
const intentEvents = (intentId: string, type: string) =>
  deliveries
    .map((d) => stripe.webhooks.constructEvent(d.body, String(d.headers['stripe-signature']), WEBHOOK_SECRET))
    .filter((e) => e.type === type && (e.data.object as { id: string }).id === intentId);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(receiverStatus).end();
    });
  });
  const receiverPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
  const port = await freePort();
  standIn = await startStripeStandIn({
    port,
    webhookUrl: `http://127.0.0.1:${receiverPort}/api/payments/webhook`,
    webhookSecret: WEBHOOK_SECRET,
    // These tests are about Stripe's shapes, not its pace (the rate limit has its own tests below).
    rateLimit: 1000,
  });
  stripe = new Stripe('sk_test_standin', {
    apiVersion: '2026-10-28.endive',
    host: '127.0.0.1',
    port,
    protocol: 'http',
  });
});

afterAll(async () => {
  await standIn.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

afterEach(() => {
  receiverStatus = 200;
  vi.restoreAllMocks();
});

describe('the Stripe stand-in API, driven by the real stripe SDK', () => {
  it("creates a Checkout Session in Stripe's shape, and the same idempotency key returns the same one", async () => {
    const first = await stripe.checkout.sessions.create(tryoutCheckout(), {
      idempotencyKey: 'registration-1',
    });
    const again = await stripe.checkout.sessions.create(tryoutCheckout(), {
      idempotencyKey: 'registration-1',
    });

    expect(first.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 5000,
      amount_total: 5000,
      currency: 'cad',
      customer_email: 'parent@example.com',
      client_reference_id: 'registration-1',
      metadata: { tryout_id: 'tryout-1' },
      success_url: 'http://localhost:5173/tryouts/paid?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/tryouts',
      url: `${standIn.url}/checkout/${first.id}`,
      livemode: false,
      payment_intent: null,
    });
    expect(first.expires_at - first.created).toBe(24 * 60 * 60);
  });

  it('sums the line items, unit amount times quantity', async () => {
    const session = await stripe.checkout.sessions.create(
      tryoutCheckout({
        line_items: [
          {
            price_data: { currency: 'cad', product_data: { name: 'Tryout fee' }, unit_amount: 5000 },
            quantity: 2,
          },
          {
            price_data: { currency: 'cad', product_data: { name: 'Jersey' }, unit_amount: 2550 },
            quantity: 1,
          },
        ],
      }),
    );

    expect(session.amount_total).toBe(12550);
  });

  it("refuses a reused idempotency key with other parameters with Stripe's idempotency error", async () => {
    await stripe.checkout.sessions.create(tryoutCheckout(), { idempotencyKey: 'registration-2' });

    const reused = stripe.checkout.sessions.create(
      tryoutCheckout({ client_reference_id: 'registration-3' }),
      {
        idempotencyKey: 'registration-2',
      },
    );

    await expect(reused).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(reused).rejects.toMatchObject({
      statusCode: 400,
      message:
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'registration-2' if you meant to execute a different request.",
    });
  });

  it('retrieves a session, and answers an unknown one with resource_missing', async () => {
    const created = await stripe.checkout.sessions.create(tryoutCheckout());

    const retrieved = await stripe.checkout.sessions.retrieve(created.id);
    const missing = stripe.checkout.sessions.retrieve('cs_test_missing');

    expect(retrieved).toEqual(created);
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'session',
      message: "No such checkout.session: 'cs_test_missing'",
    });
  });

  it('expires an open session, sends checkout.session.expired, and refuses to expire it twice', async () => {
    const created = await stripe.checkout.sessions.create(tryoutCheckout());

    const expired = await stripe.checkout.sessions.expire(created.id);
    const twice = stripe.checkout.sessions.expire(created.id);

    expect(expired).toMatchObject({ id: created.id, status: 'expired', url: null });
    await expect(twice).rejects.toMatchObject({
      statusCode: 400,
      message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
    });
    await vi.waitFor(() => expect(eventsFor(created.id)).toHaveLength(1));
    const [delivery] = eventsFor(created.id);
    const event = stripe.webhooks.constructEvent(
      delivery?.body ?? '',
      delivery?.headers['stripe-signature'] ?? '',
      WEBHOOK_SECRET,
    );
    expect(event.type).toBe('checkout.session.expired');
  });

  it('refuses an expiry under 30 minutes or over 24 hours ahead, as Stripe does', async () => {
    const now = Math.floor(Date.now() / 1000);

    const tooSoon = stripe.checkout.sessions.create(tryoutCheckout({ expires_at: now + 10 * 60 }));
    const tooLate = stripe.checkout.sessions.create(tryoutCheckout({ expires_at: now + 25 * 60 * 60 }));

    await expect(tooSoon).rejects.toMatchObject({
      statusCode: 400,
      param: 'expires_at',
      message: 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
    });
    await expect(tooLate).rejects.toMatchObject({
      statusCode: 400,
      param: 'expires_at',
      message: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
    });
  });

  it('names a missing or unknown parameter the way Stripe does', async () => {
    const { line_items: _omitted, ...withoutLineItems } = tryoutCheckout();
    const withTypo = { ...tryoutCheckout(), sucess_url: 'http://localhost:5173/tryouts/paid' };

    const missing = stripe.checkout.sessions.create(withoutLineItems);
    const noQuantity = stripe.checkout.sessions.create(
      tryoutCheckout({
        line_items: [{ price_data: { currency: 'cad', product_data: { name: 'Fee' }, unit_amount: 5000 } }],
      }),
    );
    const unknown = stripe.checkout.sessions.create(withTypo);

    await expect(missing).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'line_items',
      message: 'Missing required param: line_items.',
    });
    await expect(noQuantity).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][quantity]',
      message: 'Missing required param: line_items[0][quantity].',
    });
    await expect(unknown).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'sucess_url',
      message: 'Received unknown parameter: sucess_url',
    });
  });

  it('refuses a key that is not a test secret key with a 401', async () => {
    const live = new Stripe('sk_live_0123456789abcdef', {
      apiVersion: '2026-10-28.endive',
      host: '127.0.0.1',
      port: new URL(standIn.url).port,
      protocol: 'http',
    });

    const refused = live.checkout.sessions.create(tryoutCheckout());

    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 401,
      message: 'Invalid API Key provided: sk_live_************cdef',
    });
  });

  it("answers any other /v1 path with Stripe's 404 error", async () => {
    const response = await fetch(`${standIn.url}/v1/customers`, {
      headers: { authorization: 'Bearer sk_test_standin' },
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message:
          'Unrecognized request URL (GET: /v1/customers). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.',
      },
    });
  });
});

describe('the stand-in checkout page', () => {
  it('shows the club, the item, the amount and the e-mail, with Pay, Decline and Cancel', async () => {
    const session = await stripe.checkout.sessions.create(tryoutCheckout());

    const response = await fetch(session.url ?? '');
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(html).toContain('Edmonton Summit Basketball Club');
    expect(html).toContain('Tryout fee');
    expect(html).toContain('Fall 2025 Tryouts · U14 Boys');
    expect(html).toContain('parent@example.com');
    expect(html).toContain('This is the local test checkout.');
    expect(html).toContain('>Pay $50.00</button>');
    expect(html).toContain('>Pay, settles later</button>');
    expect(html).toContain('>Decline</button>');
    expect(html).toContain('>Cancel</button>');
  });

  it("offers Stripe's test cards to pay with, 4242 by default, and pays with the one chosen", async () => {
    // Prepare
    const session = await stripe.checkout.sessions.create(tryoutCheckout());
    const other = await stripe.checkout.sessions.create(tryoutCheckout());

    // Act
    const html = await (await fetch(session.url ?? '')).text();
    await press(session.id, 'pay', '4000000000009995');
    await press(other.id, 'pay');
    const chosen = await stripe.checkout.sessions.retrieve(session.id);
    const byDefault = await stripe.checkout.sessions.retrieve(other.id);
    const cardOf = async (paid: Stripe.Checkout.Session) => {
      const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string, {
        expand: ['latest_charge'],
      });
      return (intent.latest_charge as Stripe.Charge).payment_method_details?.card?.last4;
    };

    // Assess
    expect(html).toContain('<label for="card">Test card</label>');
    const options = [...html.matchAll(/<option value="(\d+)"( selected)?>([^<]*)<\/option>/g)].map((m) => [
      m[1],
      Boolean(m[2]),
      m[3],
    ]);
    expect(options).toEqual([
      ['4242424242424242', true, '4242 · pays now and later'],
      ['4000000000000341', false, '0341 · declines later'],
      ['4000000000009995', false, '9995 · later: insufficient funds'],
      ['4000002760003184', false, '3184 · later: needs authentication'],
    ]);
    expect(chosen.payment_status).toBe('paid');
    expect(await cardOf(chosen)).toBe('9995');
    expect(await cardOf(byDefault)).toBe('4242');
  });

  it('refuses a card number that is none of the test cards, and keeps the session open', async () => {
    const session = await stripe.checkout.sessions.create(tryoutCheckout());

    const response = await press(session.id, 'pay', '4111111111111111');

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Your card number is invalid. Choose one of the test cards.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(eventsFor(session.id)).toHaveLength(0);
  });

  it('Pay completes the session, posts a signed checkout.session.completed, then redirects to the success URL', async () => {
    const session = await stripe.checkout.sessions.create(tryoutCheckout());

    const response = await press(session.id, 'pay');

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `http://localhost:5173/tryouts/paid?session_id=${session.id}`,
    );
    // Delivered before the redirect, so the product knows of the payment when the browser comes back.
    expect(eventsFor(session.id)).toHaveLength(1);
    const [delivery] = eventsFor(session.id);
    expect(delivery?.headers['content-type']).toBe('application/json; charset=utf-8');
    const event = stripe.webhooks.constructEvent(
      delivery?.body ?? '',
      delivery?.headers['stripe-signature'] ?? '',
      WEBHOOK_SECRET,
    );
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      api_version: '2026-10-28.endive',
      livemode: false,
      data: {
        object: {
          id: session.id,
          status: 'complete',
          payment_status: 'paid',
          metadata: { tryout_id: 'tryout-1' },
        },
      },
    });
    expect(event.id).toMatch(/^evt_test_/);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(paid.payment_intent).toMatch(/^pi_test_/);
  });

  it('Pay, settles later completes the session unpaid (checkout.session.completed), and Payment clears pays it', async () => {
    // Prepare
    const session = await stripe.checkout.sessions.create(tryoutCheckout());

    // Act: the checkout completes, then the money arrives
    const completed = await press(session.id, 'pay-later');
    const settlingPage = await (await fetch(`${standIn.url}/checkout/${session.id}`)).text();
    const unpaid = await stripe.checkout.sessions.retrieve(session.id);
    const cleared = await press(session.id, 'settle');

    // Assess
    expect(completed.status).toBe(303);
    expect(unpaid).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(unpaid.payment_intent).toMatch(/^pi_test_/);
    expect(settlingPage).toContain('Payment on its way');
    expect(settlingPage).toContain('>Payment clears</button>');
    expect(settlingPage).toContain('>Payment fails</button>');
    expect(await cleared.text()).toContain('Payment complete');
    const events = eventsFor(session.id).map((d) =>
      stripe.webhooks.constructEvent(d.body, d.headers['stripe-signature'] ?? '', WEBHOOK_SECRET),
    );
    expect(events.map((e) => [e.type, (e.data.object as Stripe.Checkout.Session).payment_status])).toEqual([
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_succeeded', 'paid'],
    ]);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
    });
  });

  it('Payment fails ends a settling payment with checkout.session.async_payment_failed, once', async () => {
    // Prepare
    const session = await stripe.checkout.sessions.create(tryoutCheckout());
    await press(session.id, 'pay-later');

    // Act: pressed twice, as an impatient tester would
    const failed = await press(session.id, 'settle-fail');
    await press(session.id, 'settle-fail');
    await press(session.id, 'settle');

    // Assess
    expect(await failed.text()).toContain('Payment failed');
    expect(eventsFor(session.id).map((d) => (JSON.parse(d.body) as { type: string }).type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'unpaid',
    });
  });

  it('still redirects after Pay when the webhook receiver fails, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    receiverStatus = 500;
    const session = await stripe.checkout.sessions.create(tryoutCheckout());

    const response = await press(session.id, 'pay');

    expect(response.status).toBe(303);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('checkout.session.completed'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('answered 500'));
  });

  it('Decline says the card was declined and leaves the session open, with no event', async () => {
    const session = await stripe.checkout.sessions.create(tryoutCheckout());

    const response = await press(session.id, 'decline');

    expect(await response.text()).toContain('Your card was declined. Try another card.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(eventsFor(session.id)).toHaveLength(0);
  });

  it('Cancel goes back to the cancel URL and leaves the session open', async () => {
    const session = await stripe.checkout.sessions.create(tryoutCheckout());

    const response = await press(session.id, 'cancel');

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:5173/tryouts');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('says an expired session has expired, with a way back to the site', async () => {
    const session = await stripe.checkout.sessions.create(tryoutCheckout());
    await stripe.checkout.sessions.expire(session.id);

    const html = await (await fetch(`${standIn.url}/checkout/${session.id}`)).text();

    expect(html).toContain('This checkout has expired');
    expect(html).toContain('href="http://localhost:5173/tryouts"');
  });
});

describe('stand-in refunds and disputes', () => {
  /** A session paid on the checkout page: its PaymentIntent id. */
  async function paidIntent(): Promise<string> {
    const session = await stripe.checkout.sessions.create(
      tryoutCheckout({ payment_intent_data: { metadata: { tryout_id: 'tryout-1' } } }),
    );
    await press(session.id, 'pay');
    return (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
  }

  const chargeEvents = (intent: string, type: string) =>
    deliveries
      .map((d) => ({
        d,
        event: JSON.parse(d.body) as { type: string; data: { object: Record<string, unknown> } },
      }))
      .filter(({ event }) => event.type === type && event.data.object.payment_intent === intent);

  it('refunds within what is left, replays the same key, and posts a signed charge.refunded each time money goes back', async () => {
    // Prepare
    const intent = await paidIntent();

    // Act
    const first = await stripe.refunds.create(
      { payment_intent: intent, amount: 3500, metadata: { refund_key: 'k1' } },
      { idempotencyKey: 'refund-k1' },
    );
    const replay = await stripe.refunds.create(
      { payment_intent: intent, amount: 3500, metadata: { refund_key: 'k1' } },
      { idempotencyKey: 'refund-k1' },
    );
    const tooMuch = await stripe.refunds
      .create({ payment_intent: intent, amount: 1501 })
      .catch((e: unknown) => e);
    const rest = await stripe.refunds.create({ payment_intent: intent });
    const listed = await stripe.refunds.list({ payment_intent: intent });
    const found = await stripe.checkout.sessions.list({ payment_intent: intent });

    // Assess
    expect(first).toMatchObject({
      object: 'refund',
      amount: 3500,
      status: 'succeeded',
      payment_intent: intent,
    });
    expect(replay.id).toBe(first.id);
    expect(tooMuch).toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'Refund amount ($15.01) is greater than unrefunded amount on charge ($15.00)',
    });
    expect(rest.amount).toBe(1500);
    expect(listed.data.map((r) => r.amount)).toEqual([1500, 3500]);
    expect(found.data.map((s) => s.payment_intent)).toEqual([intent]);
    await vi.waitFor(() => expect(chargeEvents(intent, 'charge.refunded')).toHaveLength(2));
    const [one, two] = chargeEvents(intent, 'charge.refunded');
    expect(one!.event.data.object).toMatchObject({ object: 'charge', amount: 5000, amount_refunded: 3500 });
    expect(two!.event.data.object).toMatchObject({ amount_refunded: 5000, refunded: true });
    const event = Stripe.webhooks.constructEvent(
      one!.d.body,
      String(one!.d.headers['stripe-signature']),
      WEBHOOK_SECRET,
    );
    expect(event.type).toBe('charge.refunded');
  });

  it("refunds and disputes from Stripe's dashboard, and refuses to refund a disputed charge", async () => {
    // Prepare
    const intent = await paidIntent();

    // Act
    const dashboardRefund = await fetch(`${standIn.url}/dashboard/payments/${intent}/refund`, {
      method: 'POST',
      body: 'amount=1000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const dispute = await fetch(`${standIn.url}/dashboard/payments/${intent}/dispute`, { method: 'POST' });
    const refused = await stripe.refunds.create({ payment_intent: intent }).catch((e: unknown) => e);

    // Assess
    expect(dashboardRefund.status).toBe(200);
    expect(await dashboardRefund.json()).toMatchObject({
      refund: { amount: 1000 },
      charge: { amount_refunded: 1000 },
    });
    expect(await dispute.json()).toMatchObject({
      dispute: { object: 'dispute', payment_intent: intent, status: 'needs_response' },
    });
    await vi.waitFor(() => expect(chargeEvents(intent, 'charge.dispute.created')).toHaveLength(1));
    expect(refused).toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_disputed' });
  });
});

describe("the Stripe stand-in's rate limit (Stripe's test mode: 25 API requests a second)", () => {
  /** A whole second, so 999 ms later is still the same second of the counts. */
  const START = 1_764_000_000_000;
  let now = START;
  let limited: StripeStandIn;
  let limitedSdk: Stripe;

  beforeAll(async () => {
    const port = await freePort();
    limited = await startStripeStandIn({ port, clock: () => now });
    limitedSdk = new Stripe('sk_test_standin', {
      apiVersion: '2026-10-28.endive',
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 2,
    });
  });

  afterAll(() => limited.stop());

  const listSessions = () =>
    fetch(`${limited.url}/v1/checkout/sessions`, { headers: { authorization: 'Bearer sk_test_standin' } });
  const apiCalls = async () =>
    (await (await fetch(`${limited.url}/stand-in/api-calls`)).json()) as Record<string, unknown>;

  it("answers the 26th request in a second 429 with Stripe's rate_limit error, and accepts again once that second has passed", async () => {
    // Prepare: time stands still at START
    now = START;

    // Act
    const first25 = [];
    for (let i = 0; i < 25; i++) first25.push((await listSessions()).status);
    const refused = await listSessions();
    now = START + 999;
    const stillRefused = await listSessions();
    now = START + 1000;
    const accepted = await listSessions();

    // Assess
    expect(first25).toEqual(Array.from({ length: 25 }, () => 200));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'rate_limit',
        doc_url: 'https://stripe.com/docs/error-codes/rate-limit',
        message:
          'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
      },
    });
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(refused.headers.get('stripe-rate-limited-reason')).toBe('global-rate');
    expect(refused.headers.get('request-id')).toMatch(/^req_/);
    // Stripe does not ask its SDKs to retry a rate-limited request (it does for a lock timeout).
    expect(refused.headers.get('stripe-should-retry')).toBeNull();
    expect(stillRefused.status).toBe(429);
    expect(accepted.status).toBe(200);
    expect(await apiCalls()).toEqual({
      limit_per_second: 25,
      served: 26,
      refused: 2,
      per_second: [
        { second: 1_764_000_000, served: 25, refused: 2 },
        { second: 1_764_000_001, served: 1, refused: 0 },
      ],
    });
    expect(limited.apiCalls()).toEqual(await apiCalls());
  });

  it('is not retried by the SDK itself, and a refused create leaves its idempotency key unused', async () => {
    // Prepare: this second's 25 requests are spent
    now = START + 10_000;
    for (let i = 0; i < 25; i++) expect((await listSessions()).status).toBe(200);
    const before = limited.apiCalls();

    // Act
    const refused = await limitedSdk.checkout.sessions
      .create(tryoutCheckout({ client_reference_id: 'limited-1' }), { idempotencyKey: 'limited-1' })
      .catch((e: unknown) => e);
    const afterRefusal = limited.apiCalls();
    now = START + 11_000;
    const created = await limitedSdk.checkout.sessions.create(
      tryoutCheckout({ client_reference_id: 'limited-1' }),
      { idempotencyKey: 'limited-1' },
    );

    // Assess: one request (no retry, despite maxNetworkRetries 2), Stripe's typed error
    expect(refused).toMatchObject({ type: 'StripeRateLimitError', code: 'rate_limit', statusCode: 429 });
    expect(afterRefusal.refused - before.refused).toBe(1);
    expect(afterRefusal.served).toBe(before.served);
    expect(created.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    const sessions = await limitedSdk.checkout.sessions.list();
    expect(sessions.data.filter((s) => s.client_reference_id === 'limited-1').map((s) => s.id)).toEqual([
      created.id,
    ]);
  });

  it('takes its rate from its options: at 2 a second, the third request is refused', async () => {
    // Prepare
    const port = await freePort();
    const slow = await startStripeStandIn({ port, rateLimit: 2, clock: () => START });
    try {
      const get = () =>
        fetch(`${slow.url}/v1/checkout/sessions`, { headers: { authorization: 'Bearer sk_test_standin' } });

      // Act
      const statuses = [(await get()).status, (await get()).status, (await get()).status];

      // Assess
      expect(statuses).toEqual([200, 200, 429]);
      expect(slow.apiCalls()).toMatchObject({ limit_per_second: 2, served: 2, refused: 1 });
    } finally {
      await slow.stop();
    }
  });
});

describe('cards saved at checkout and charged again off-session (instalments)', () => {
  /** A checkout that saves the card for later, paid on the page with the given test card. */
  async function savedCard(card?: string) {
    const session = await stripe.checkout.sessions.create(
      tryoutCheckout({
        customer_creation: 'always',
        payment_intent_data: { setup_future_usage: 'off_session', metadata: { offer_id: 'offer-1' } },
      }),
    );
    const paid = await press(session.id, 'pay', card);
    expect(paid.status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    const intent = await stripe.paymentIntents.retrieve(completed.payment_intent as string);
    return { session: completed, intent };
  }

  const offSession = (
    card: { customer: string; payment_method: string },
    overrides: Partial<Stripe.PaymentIntentCreateParams> = {},
  ) =>
    ({
      amount: 25000,
      currency: 'cad',
      customer: card.customer,
      payment_method: card.payment_method,
      off_session: true,
      confirm: true,
      metadata: { offer_id: 'offer-1', instalment: '2' },
      ...overrides,
    }) satisfies Stripe.PaymentIntentCreateParams;

  it('saves the card paid with to a new Customer: the session and its PaymentIntent name both', async () => {
    // Act
    const { session, intent } = await savedCard();

    // Assess
    expect(session.customer).toMatch(/^cus_test_/);
    expect(intent).toMatchObject({
      status: 'succeeded',
      customer: session.customer,
      setup_future_usage: 'off_session',
      metadata: { offer_id: 'offer-1' },
    });
    expect(intent.payment_method).toMatch(/^pm_test_/);
    const method = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(method).toMatchObject({ type: 'card', customer: session.customer, card: { last4: '4242' } });
    const customer = await stripe.customers.retrieve(session.customer as string);
    expect(customer).toMatchObject({ object: 'customer', email: 'parent@example.com' });
    const completed = deliveries
      .map((d) => JSON.parse(d.body) as { type: string; data: { object: { id: string; customer: unknown } } })
      .find((e) => e.type === 'checkout.session.completed' && e.data.object.id === session.id);
    expect(completed?.data.object.customer).toBe(session.customer);
  });

  it('saves no card when the checkout does not ask to: no Customer, and the card cannot be charged again', async () => {
    // Prepare
    const session = await stripe.checkout.sessions.create(tryoutCheckout());
    await press(session.id, 'pay');
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);

    // Act
    const refused = await stripe.paymentIntents
      .create({
        amount: 5000,
        currency: 'cad',
        payment_method: intent.payment_method as string,
        off_session: true,
        confirm: true,
      })
      .catch((e: unknown) => e);

    // Assess
    expect(paid.customer).toBeNull();
    expect(intent.customer).toBeNull();
    expect(refused).toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
  });

  it('charges a saved 4242 card off-session: succeeded, once per idempotency key, with payment_intent.succeeded', async () => {
    // Prepare
    const { intent: first } = await savedCard('4242424242424242');
    const card = { customer: first.customer as string, payment_method: first.payment_method as string };

    // Act
    const charged = await stripe.paymentIntents.create(offSession(card), {
      idempotencyKey: 'instalment:o1:2:1',
    });
    const again = await stripe.paymentIntents.create(offSession(card), {
      idempotencyKey: 'instalment:o1:2:1',
    });
    const read = await stripe.paymentIntents.retrieve(charged.id);

    // Assess
    expect(charged.id).toMatch(/^pi_test_/);
    expect(again.id).toBe(charged.id);
    expect(charged).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 25000,
      amount_received: 25000,
      currency: 'cad',
      customer: card.customer,
      payment_method: card.payment_method,
      metadata: { offer_id: 'offer-1', instalment: '2' },
    });
    expect(read.latest_charge).toMatch(/^ch_test_/);
    await vi.waitFor(() => expect(intentEvents(charged.id, 'payment_intent.succeeded')).toHaveLength(1));
    expect(intentEvents(charged.id, 'payment_intent.succeeded')[0]?.data.object).toMatchObject({
      status: 'succeeded',
      metadata: { instalment: '2' },
    });
  });

  it.each([
    ['4000000000000341', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    [
      '4000002760003184',
      'authentication_required',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
  ])(
    'a saved %s card pays at checkout, then off-session answers 402 %s (%s) with the PaymentIntent',
    async (number, code, declineCode, message) => {
      // Prepare
      const { intent: first } = await savedCard(number);
      const card = { customer: first.customer as string, payment_method: first.payment_method as string };

      // Act
      const error = await stripe.paymentIntents
        .create(offSession(card), { idempotencyKey: `decline-${number}` })
        .catch((e: unknown) => e as Stripe.errors.StripeCardError);
      const replay = await stripe.paymentIntents
        .create(offSession(card), { idempotencyKey: `decline-${number}` })
        .catch((e: unknown) => e as Stripe.errors.StripeCardError);

      // Assess
      expect(first.status).toBe('succeeded');
      expect(error).toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code,
        decline_code: declineCode,
        message,
        payment_intent: {
          status: 'requires_payment_method',
          amount: 25000,
          customer: card.customer,
          last_payment_error: { type: 'card_error', code, decline_code: declineCode },
        },
      });
      const intentId = (error as Stripe.errors.StripeCardError).payment_intent!.id;
      expect(intentId).toMatch(/^pi_test_/);
      expect((replay as Stripe.errors.StripeCardError).payment_intent?.id).toBe(intentId);
      expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
        status: 'requires_payment_method',
        amount_received: 0,
        last_payment_error: { code, decline_code: declineCode },
      });
      await vi.waitFor(() => expect(intentEvents(intentId, 'payment_intent.payment_failed')).toHaveLength(1));
      const refund = await stripe.refunds.create({ payment_intent: intentId }).catch((e: unknown) => e);
      expect(refund).toMatchObject({ type: 'StripeInvalidRequestError' });
    },
  );

  it("refuses a charge without the card's Customer, or of another Customer's card", async () => {
    // Prepare
    const { intent: one } = await savedCard();
    const { intent: other } = await savedCard();
    const card = { customer: one.customer as string, payment_method: one.payment_method as string };

    // Act
    const noCustomer = await stripe.paymentIntents
      .create(offSession(card, { customer: undefined }))
      .catch((e: unknown) => e);
    const wrongCustomer = await stripe.paymentIntents
      .create(offSession(card, { customer: other.customer as string }))
      .catch((e: unknown) => e);
    const unknown = await stripe.paymentIntents
      .create(offSession(card, { payment_method: 'pm_test_unknown' }))
      .catch((e: unknown) => e);

    // Assess
    expect(noCustomer).toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
    expect(wrongCustomer).toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
    expect(unknown).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such PaymentMethod: 'pm_test_unknown'",
    });
  });

  it('charges the card a Customer given to a checkout saves, under that Customer', async () => {
    // Prepare
    const { session: first } = await savedCard('4000000000000341');

    // Act
    const second = await stripe.checkout.sessions.create(
      tryoutCheckout({
        customer_email: undefined,
        customer: first.customer as string,
        payment_intent_data: { setup_future_usage: 'off_session' },
      }),
    );
    await press(second.id, 'pay', '4242424242424242');
    const paid = await stripe.checkout.sessions.retrieve(second.id);
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    const charged = await stripe.paymentIntents.create(
      offSession({ customer: first.customer as string, payment_method: intent.payment_method as string }),
    );
    const unknownCustomer = await stripe.checkout.sessions
      .create(tryoutCheckout({ customer_email: undefined, customer: 'cus_test_unknown' }))
      .catch((e: unknown) => e);

    // Assess
    expect(paid.customer).toBe(first.customer);
    expect(charged.status).toBe('succeeded');
    expect(unknownCustomer).toMatchObject({ code: 'resource_missing', param: 'customer' });
  });
});

describe("every charge's balance transaction: Stripe's fee of 2.9% + 30¢, rounded, and the net", () => {
  it('a checkout payment of $750.00: fee $22.05, net $727.95, read through the payment, its charge and itself', async () => {
    // Prepare
    const session = await stripe.checkout.sessions.create(
      tryoutCheckout({
        line_items: [
          {
            price_data: { currency: 'cad', product_data: { name: 'Team fee' }, unit_amount: 75000 },
            quantity: 1,
          },
        ],
      }),
    );
    await press(session.id, 'pay');
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;

    // Act
    const intent = await stripe.paymentIntents.retrieve(intentId, {
      expand: ['latest_charge.balance_transaction'],
    });
    const plain = await stripe.paymentIntents.retrieve(intentId);
    const charge = await stripe.charges.retrieve(plain.latest_charge as string);
    const balance = await stripe.balanceTransactions.retrieve(charge.balance_transaction as string);

    // Assess
    const expanded = (intent.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction;
    expect(expanded).toMatchObject({
      object: 'balance_transaction',
      amount: 75000,
      fee: 2205,
      net: 72795,
      currency: 'cad',
      type: 'charge',
      source: charge.id,
    });
    expect(charge.balance_transaction).toBe(expanded.id);
    expect(balance).toEqual(expanded);
  });

  it.each([
    [1017, 59],
    [1018, 60],
    [25000, 755],
  ])('an off-session charge of %i cents has a fee of %i cents', async (amount, fee) => {
    // Prepare
    const session = await stripe.checkout.sessions.create(
      tryoutCheckout({
        payment_intent_data: { setup_future_usage: 'off_session' },
        customer_creation: 'always',
      }),
    );
    await press(session.id, 'pay');
    const first = await stripe.paymentIntents.retrieve(
      (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string,
    );

    // Act
    const charged = await stripe.paymentIntents.create({
      amount,
      currency: 'cad',
      customer: first.customer as string,
      payment_method: first.payment_method as string,
      off_session: true,
      confirm: true,
      expand: ['latest_charge.balance_transaction'],
    });

    // Assess
    const balance = (charged.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction;
    expect(balance).toMatchObject({ amount, fee, net: amount - fee });
  });

  it('a payment still settling has none until it clears', async () => {
    // Prepare
    const session = await stripe.checkout.sessions.create(tryoutCheckout());
    await press(session.id, 'pay-later');
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const expand = ['latest_charge.balance_transaction'];

    // Act
    const settling = await stripe.paymentIntents.retrieve(intentId, { expand });
    await press(session.id, 'settle');
    const cleared = await stripe.paymentIntents.retrieve(intentId, { expand });

    // Assess
    expect(settling.status).toBe('processing');
    expect((settling.latest_charge as Stripe.Charge).balance_transaction).toBeNull();
    expect(cleared.status).toBe('succeeded');
    expect((cleared.latest_charge as Stripe.Charge).balance_transaction).toMatchObject({
      fee: 175,
      net: 4825,
    });
  });
});
