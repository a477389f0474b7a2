/**
 * What the Stripe stand-in reads from a request: Stripe's form encoding (`line_items[0][price_data][currency]`)
 * and the Checkout Session create parameters, refused with Stripe's own error codes and messages so the
 * product's error paths see what real Stripe would send.
 */
import * as v from 'valibot';

/** Stripe's error object (`{error: …}`), as the SDK turns it into its typed errors. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';
  message: string;
  code?: string;
  /** A card error's reason from the card's bank (`generic_decline`, `insufficient_funds`, …). */
  decline_code?: string;
  param?: string;
  doc_url?: string;
  /** A card error's failed charge, and the PaymentIntent and PaymentMethod as they are after it. */
  charge?: string;
  payment_intent?: object;
  payment_method?: object;
}

/** An answer in Stripe's error shape; thrown inside the stand-in, sent by its one error handler. */
export class StripeApiError extends Error {
  readonly body: StripeErrorBody;

  constructor(
    readonly status: number,
    body: StripeErrorBody,
  ) {
    super(body.message);
    // Stripe links every coded error to its page; the SDK exposes it as `doc_url`.
    this.body = body.code
      ? { ...body, doc_url: `https://stripe.com/docs/error-codes/${body.code.replaceAll('_', '-')}` }
      : body;
  }
}

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

/**
 * Decodes an application/x-www-form-urlencoded body in Stripe's bracket notation into nested objects,
 * with runs of numeric keys (`line_items[0]`, `line_items[1]`) becoming arrays, as Stripe reads them.
 */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = match
      ? [match[1] ?? rawKey, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
      : [rawKey];
    let node = root;
    path.forEach((segment, index) => {
      // `expand[]=x` appends, as Stripe's own decoder does.
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
      node = node[key] as FormObject;
    });
  }
  return withArrays(root) as FormObject;
}

function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, withArrays(value[k] as FormValue)]));
  if (keys.length === 0 || !keys.every((k) => /^\d+$/.test(k))) return converted;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((k) => converted[String(k)] as FormValue);
}

/** `['line_items', 0, 'quantity']` → `line_items[0][quantity]`, the way Stripe names a parameter. */
export function paramName(path: ReadonlyArray<string | number>): string {
  const [first = '', ...rest] = path;
  return `${first}${rest.map((p) => `[${p}]`).join('')}`;
}

const INTEGER = /^-?\d+$/;

/** Form values are strings; Stripe reads integers from them and names the bad one. */
const integerParam = (min: number) =>
  v.pipe(
    v.string(),
    v.regex(INTEGER, (issue) => `Invalid integer: ${String(issue.input)}`),
    v.transform(Number),
    v.minValue(min, `This value must be greater than or equal to ${min}.`),
  );

const urlParam = v.pipe(v.string(), v.url('Not a valid URL'));

const currencyParam = v.pipe(
  v.string(),
  v.regex(/^[a-zA-Z]{3}$/, (issue) => `Invalid currency: ${String(issue.input)}.`),
  v.toLowerCase(),
);

const metadataParam = v.record(v.string(), v.string('Invalid metadata value'));

const ProductDataParams = v.strictObject({
  name: v.pipe(
    v.string(),
    v.nonEmpty('You passed an empty string for this parameter. Please provide a name.'),
  ),
  description: v.optional(v.string()),
  images: v.optional(v.unknown()),
  metadata: v.optional(metadataParam),
  tax_code: v.optional(v.string()),
  unit_label: v.optional(v.string()),
});

const PriceDataParams = v.strictObject({
  currency: currencyParam,
  product_data: ProductDataParams,
  unit_amount: integerParam(0),
  tax_behavior: v.optional(v.string()),
});

const LineItemParams = v.strictObject({
  price: v.optional(v.string()),
  price_data: v.optional(PriceDataParams),
  quantity: integerParam(1),
  metadata: v.optional(metadataParam),
  adjustable_quantity: v.optional(v.unknown()),
  tax_rates: v.optional(v.unknown()),
});

/** The create parameters the stand-in acts on; the other real ones are accepted and have no effect here. */
const CheckoutSessionCreateParams = v.object({
  mode: v.picklist(
    ['payment'],
    (issue) =>
      `The local Stripe stand-in supports mode=payment only (one-off fees), not mode=${String(issue.input)}.`,
  ),
  line_items: v.pipe(v.array(LineItemParams), v.minLength(1, 'line_items must not be empty.')),
  success_url: v.optional(urlParam),
  cancel_url: v.optional(urlParam),
  customer_email: v.optional(
    v.pipe(
      v.string(),
      v.email((issue) => `Invalid email address: ${String(issue.input)}`),
    ),
  ),
  client_reference_id: v.optional(
    v.pipe(v.string(), v.maxLength(200, 'client_reference_id must be at most 200 characters.')),
  ),
  currency: v.optional(currencyParam),
  metadata: v.optional(metadataParam),
  payment_intent_data: v.optional(
    v.object({
      metadata: v.optional(metadataParam),
      // Saves the card the family pays with to a Customer, for charges made later without them.
      setup_future_usage: v.optional(
        v.picklist(
          ['off_session', 'on_session'],
          (issue) =>
            `Invalid payment_intent_data[setup_future_usage]: must be one of off_session or on_session (got ${String(issue.input)})`,
        ),
      ),
    }),
  ),
  customer: v.optional(v.string()),
  customer_creation: v.optional(
    v.picklist(
      ['always', 'if_required'],
      (issue) =>
        `Invalid customer_creation: must be one of always or if_required (got ${String(issue.input)})`,
    ),
  ),
  expires_at: v.optional(integerParam(0)),
  ui_mode: v.optional(
    v.picklist(
      ['hosted_page'],
      (issue) =>
        `The local Stripe stand-in serves the hosted page only (ui_mode=hosted_page), not ui_mode=${String(issue.input)}.`,
    ),
  ),
});

export type CheckoutSessionCreate = v.InferOutput<typeof CheckoutSessionCreateParams>;

/**
 * Every top-level parameter Stripe's API accepts for a Checkout Session (SDK v23's SessionCreateParams).
 * Any other name is refused, as Stripe does, so a typo fails here rather than only against real Stripe.
 */
const KNOWN_CREATE_PARAMS = new Set([
  ...Object.keys(CheckoutSessionCreateParams.entries),
  ...[
    'adaptive_pricing',
    'after_expiration',
    'allow_promotion_codes',
    'allowed_payment_method_types',
    'automatic_tax',
    'billing_address_collection',
    'branding_settings',
    'consent_collection',
    'custom_fields',
    'custom_text',
    'customer',
    'customer_account',
    'customer_creation',
    'customer_update',
    'discounts',
    'excluded_payment_method_types',
    'expand',
    'integration_identifier',
    'invoice_creation',
    'locale',
    'managed_payments',
    'name_collection',
    'optional_items',
    'origin_context',
    'payment_intent_data',
    'payment_method_collection',
    'payment_method_configuration',
    'payment_method_data',
    'payment_method_options',
    'payment_method_types',
    'permissions',
    'phone_number_collection',
    'redirect_on_completion',
    'return_url',
    'saved_payment_method_options',
    'setup_intent_data',
    'shipping_address_collection',
    'shipping_options',
    'submit_type',
    'subscription_data',
    'tax_id_collection',
    'wallet_options',
  ],
]);

function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
}

/** Stripe reports the first problem only, naming the parameter in its bracket form. */
function fromIssue(issue: v.BaseIssue<unknown>): StripeApiError {
  const param = paramName((issue.path ?? []).map((item) => item.key as string | number));
  if (issue.type === 'strict_object' && issue.expected === 'never')
    return invalid(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
  if (issue.input === undefined)
    return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  const isInteger = (issue.type === 'regex' && issue.requirement === INTEGER) || issue.type === 'min_value';
  const code = isInteger
    ? 'parameter_invalid_integer'
    : issue.type === 'email'
      ? 'email_invalid'
      : issue.type === 'url'
        ? 'url_invalid'
        : undefined;
  return invalid(issue.message, param, code);
}

/** Reads a create request's parameters, or throws the 400 Stripe would answer. */
export function parseCheckoutSessionCreate(form: FormObject): CheckoutSessionCreate {
  const unknown = Object.keys(form).find((key) => !KNOWN_CREATE_PARAMS.has(key));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  const parsed = v.safeParse(CheckoutSessionCreateParams, form);
  if (!parsed.success) throw fromIssue(parsed.issues[0]);
  parsed.output.line_items.forEach((item, index) => {
    // The product sends its prices inline; the stand-in keeps no catalogue of Price objects.
    if (item.price !== undefined) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such price: '${item.price}'`,
        param: `line_items[${index}][price]`,
      });
    }
    if (item.price_data === undefined) {
      throw invalid(
        `Missing required param: line_items[${index}][price_data].`,
        `line_items[${index}][price_data]`,
        'parameter_missing',
      );
    }
  });
  if (parsed.output.customer !== undefined && parsed.output.customer_email !== undefined) {
    throw invalid('You may only specify one of these parameters: customer, customer_email.');
  }
  const currencies = new Set(parsed.output.line_items.map((item) => item.price_data?.currency));
  if (currencies.size > 1) {
    throw invalid('All line items must use the same currency.', 'line_items', 'currency_mismatch');
  }
  return parsed.output;
}

/** The refund create parameters the stand-in acts on (a refund of a PaymentIntent's payment). */
const RefundCreateParams = v.strictObject({
  payment_intent: v.optional(v.string()),
  charge: v.optional(v.string()),
  amount: v.optional(integerParam(1)),
  reason: v.optional(
    v.picklist(
      ['duplicate', 'fraudulent', 'requested_by_customer'],
      (issue) =>
        `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer (got ${String(issue.input)})`,
    ),
  ),
  metadata: v.optional(metadataParam),
  expand: v.optional(v.unknown()),
  instructions_email: v.optional(v.string()),
  refund_application_fee: v.optional(v.string()),
  reverse_transfer: v.optional(v.string()),
});
export type RefundCreate = v.InferOutput<typeof RefundCreateParams>;

/** Reads a refund create request, or throws the 400 Stripe would answer. */
export function parseRefundCreate(form: FormObject): RefundCreate {
  const parsed = v.safeParse(RefundCreateParams, form);
  if (!parsed.success) throw fromIssue(parsed.issues[0]);
  if (!parsed.output.payment_intent && !parsed.output.charge) {
    throw invalid(
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  }
  return parsed.output;
}

const booleanParam = v.picklist(['true', 'false'], (issue) => `Invalid boolean: ${String(issue.input)}`);

/**
 * The PaymentIntent create parameters the stand-in acts on: a charge of a saved card, created and confirmed in
 * one request (`confirm=true`), usually without the cardholder (`off_session=true`).
 */
const PaymentIntentCreateParams = v.object({
  amount: integerParam(1),
  currency: currencyParam,
  customer: v.optional(v.string()),
  payment_method: v.optional(v.string()),
  confirm: v.optional(booleanParam),
  off_session: v.optional(
    v.picklist(
      ['true', 'false', 'one_off', 'recurring'],
      (issue) => `Invalid off_session: ${String(issue.input)}`,
    ),
  ),
  metadata: v.optional(metadataParam),
  description: v.optional(v.string()),
  receipt_email: v.optional(v.string()),
  setup_future_usage: v.optional(v.picklist(['off_session', 'on_session'])),
  error_on_requires_action: v.optional(booleanParam),
  expand: v.optional(v.unknown()),
});
export type PaymentIntentCreate = v.InferOutput<typeof PaymentIntentCreateParams>;

/** Every top-level parameter Stripe accepts for a PaymentIntent (SDK v23's PaymentIntentCreateParams). */
const KNOWN_PAYMENT_INTENT_PARAMS = new Set([
  ...Object.keys(PaymentIntentCreateParams.entries),
  ...[
    'allowed_payment_method_types',
    'amount_details',
    'application_fee_amount',
    'automatic_payment_methods',
    'capture_method',
    'confirmation_method',
    'confirmation_token',
    'customer_account',
    'excluded_payment_method_types',
    'hooks',
    'mandate',
    'mandate_data',
    'on_behalf_of',
    'payment_details',
    'payment_method_configuration',
    'payment_method_data',
    'payment_method_options',
    'payment_method_types',
    'radar_options',
    'return_url',
    'shipping',
    'statement_descriptor',
    'statement_descriptor_suffix',
    'transfer_data',
    'transfer_group',
    'use_stripe_sdk',
  ],
]);

/** Reads a PaymentIntent create request, or throws the 400 Stripe would answer. */
export function parsePaymentIntentCreate(form: FormObject): PaymentIntentCreate {
  const unknown = Object.keys(form).find((key) => !KNOWN_PAYMENT_INTENT_PARAMS.has(key));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  const parsed = v.safeParse(PaymentIntentCreateParams, form);
  if (!parsed.success) throw fromIssue(parsed.issues[0]);
  if (parsed.output.off_session !== undefined && parsed.output.confirm !== 'true') {
    throw invalid(
      'The parameter `off_session` can only be passed when `confirm` is set to true.',
      'off_session',
    );
  }
  return parsed.output;
}
