/**
 * The functions' configuration, parsed once from the environment by a valibot schema, so a missing or
 * malformed setting is refused with one line naming it instead of being misread. Secrets come from Secrets
 * Manager in AWS (SECRETS_ARN: the generated app keys; ORIGIN_VERIFY_SECRET_ARN: the value CloudFront sends
 * the API as x-origin-verify; STRIPE_SECRET_ARN: the operator-filled Stripe keys, given to the payment
 * functions only; SENTRY_SECRET_ARN: the operator-filled Sentry DSN) or, on the local stack, from plain
 * variables. Generated and operator-filled values never share a secret: CloudFormation regenerates a
 * generated secret whenever its template changes, which must never wipe what an operator pasted in.
 */
import * as v from 'valibot';
import { PERSONAL_DATA_RETENTION_MONTHS } from '@club/shared';

/**
 * The header CloudFront's API origin adds (infra web stack) with the origin verification secret, and the
 * functions check (handlers/http.ts). Here, beside the secret it carries, so infra can import it without the
 * handlers' dependencies.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const EnvSchema = v.object({
  STAGE: v.optional(v.string(), 'local'),
  TABLE_NAME: v.pipe(v.string('TABLE_NAME is required'), v.nonEmpty()),
  SITE_URL: v.pipe(v.string('SITE_URL is required'), v.url()),
  MAIL_FROM: v.optional(v.string(), 'Summit Basketball <no-reply@localhost>'),
  /** Where replies to the club's mail go: an address a person reads; none set, replies go to MAIL_FROM. */
  MAIL_REPLY_TO: v.optional(v.pipe(v.string(), v.email())),
  SES_CONFIGURATION_SET: v.optional(v.string()),
  AWS_REGION: v.optional(v.string(), 'ca-central-1'),
  /** Local stack only: DynamoDB Local and the SES emulator. */
  DYNAMODB_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  SES_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  STRIPE_API_BASE: v.optional(v.pipe(v.string(), v.url())),
  SECRETS_ARN: v.optional(v.string()),
  ORIGIN_VERIFY_SECRET_ARN: v.optional(v.string()),
  /** Payment functions only (route-table `payments`): the Stripe keys' secret. */
  STRIPE_SECRET_ARN: v.optional(v.string()),
  /** The Sentry DSN's secret, read only when an error is to be reported. */
  SENTRY_SECRET_ARN: v.optional(v.string()),
  /**
   * Local stack and tests only; in AWS these come from the secrets. With STRIPE_API_BASE set, the Stripe SDK
   * talks to the local checkout stand-in there instead of Stripe.
   */
  JWT_SECRET: v.optional(v.string()),
  STRIPE_SECRET_KEY: v.optional(v.string()),
  STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
  SENTRY_DSN: v.optional(v.string()),
  /** Unset on the local stack, which has no CloudFront in front: the origin check is then off. */
  ORIGIN_VERIFY: v.optional(v.string()),
  /** The result-mail queue (functions whose route-table row has `queue: 'resultMail'`, and the local stack). */
  RESULT_MAIL_QUEUE_URL: v.optional(v.pipe(v.string(), v.url())),
  /** The family-mail queue: confirmations (functions whose row has `queue: 'familyMail'`, and the local stack). */
  FAMILY_MAIL_QUEUE_URL: v.optional(v.pipe(v.string(), v.url())),
  /** Local stack and tests only: the SQS emulator. */
  SQS_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  /**
   * Result mails per second that this process may send (the result-mail worker). In Lambda, the stage's
   * rate divided by the worker's maximum concurrency, since each container runs one batch at a time; on the
   * local stack, where one process runs every concurrent batch, the whole rate.
   */
  /**
   * How long personal data is kept (issue 19): registrations of a season this many months after its last
   * session, and accounts unused (no sign-in, no registration) this long. A stage setting (stage-config.ts).
   */
  RETENTION_MONTHS: v.optional(
    v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(1), v.maxValue(120)),
    String(PERSONAL_DATA_RETENTION_MONTHS),
  ),
  RESULT_MAIL_SEND_RATE: v.optional(
    v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0.01), v.maxValue(10_000)),
    '1',
  ),
});

export type Config = v.InferOutput<typeof EnvSchema>;

let config: Config | undefined;

/**
 * A value loaded once per container (warm invocations reuse it); a failed load is not kept, so the next
 * invocation tries again. Every loader below is one, and resetConfigForTests forgets them all.
 */
const loaders: Array<() => void> = [];
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  loaders.push(() => (value = undefined));
  return () =>
    (value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    }));
}

/** The parsed environment; throws one clear line naming what is missing. */
export function getConfig(): Config {
  if (!config) {
    const parsed = v.safeParse(EnvSchema, process.env);
    if (!parsed.success) {
      const problems = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ');
      throw new Error(`Invalid function configuration: ${problems}`);
    }
    config = parsed.output;
  }
  return config;
}

/**
 * The generated app secret. Its `sentryDsn` field predates the Sentry secret: a DSN an operator filled in
 * there is still honoured (getSentryDsn) until it is moved, so the move never silently turns reporting off.
 */
const AppSecretSchema = v.object({
  jwtSecret: v.pipe(v.string(), v.minLength(32, 'jwtSecret must be at least 32 characters')),
  sentryDsn: v.optional(v.string(), ''),
});

/**
 * The origin secret is a bare generated string. A short one would be guessable, and an empty one fetched
 * from Secrets Manager must not silently turn the origin check off, so both are refused.
 */
const OriginVerifySchema = v.pipe(
  v.string(),
  v.minLength(32, 'the origin verification secret must be at least 32 characters'),
);

export type Secrets = v.InferOutput<typeof AppSecretSchema> & {
  /** What CloudFront sends as x-origin-verify; '' when not configured (local stack, tests): no check. */
  readonly originVerify: string;
};

/** The secrets, fetched once per container (warm invocations reuse them). */
export const getSecrets = loadedOnce(async (): Promise<Secrets> => {
  const cfg = getConfig();
  // Both secrets at once: the cold start waits for one round trip, not two.
  const [app, originVerify] = await Promise.all([
    cfg.SECRETS_ARN
      ? fetchSecret(cfg.SECRETS_ARN).then((raw) => v.parse(AppSecretSchema, JSON.parse(raw)))
      : v.parse(AppSecretSchema, { jwtSecret: cfg.JWT_SECRET, sentryDsn: cfg.SENTRY_DSN }),
    getOriginVerify(),
  ]);
  return { ...app, originVerify };
});

/** Only what the origin check needs, so the API's authorizer runs without the rest of the configuration. */
const OriginEnvSchema = v.object({
  ORIGIN_VERIFY_SECRET_ARN: v.optional(v.string()),
  ORIGIN_VERIFY: v.optional(v.string()),
});

/**
 * What CloudFront sends as x-origin-verify, fetched once per container; '' when the stage has no CloudFront
 * (local stack, tests). Read by the wrapper (getSecrets) and by the API's origin authorizer, which needs
 * nothing else: no table, no app secret.
 */
export const getOriginVerify = loadedOnce(async (): Promise<string> => {
  const env = v.parse(OriginEnvSchema, process.env);
  if (env.ORIGIN_VERIFY_SECRET_ARN) {
    return v.parse(OriginVerifySchema, await fetchSecret(env.ORIGIN_VERIFY_SECRET_ARN));
  }
  return env.ORIGIN_VERIFY ? v.parse(OriginVerifySchema, env.ORIGIN_VERIFY) : '';
});

/**
 * The Secrets Manager reader. The SDK is loaded and its client created on first use only, so the local
 * stack, which keeps its secrets in variables, never loads it.
 */
const secretsManager = loadedOnce(async () => {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  // Lambda always sets AWS_REGION; the default only matters off AWS.
  const client = new SecretsManagerClient({ region: process.env.AWS_REGION ?? 'ca-central-1' });
  return async (id: string) =>
    (await client.send(new GetSecretValueCommand({ SecretId: id }))).SecretString ?? '';
});

/** One secret's string from Secrets Manager. */
async function fetchSecret(secretId: string): Promise<string> {
  return (await secretsManager())(secretId);
}

/**
 * The Stripe keys, in their own operator-filled secret: CloudFormation regenerates a secret whose generated
 * template changes, which must never wipe keys an operator pasted in. Both are required: a payment function
 * without them fails loudly at its first call instead of taking registrations it cannot charge.
 */
const StripeSecretSchema = v.object({
  secretKey: v.pipe(
    v.string('the Stripe secret has no secretKey'),
    v.regex(/^(sk|rk)_(test|live)_\w+$/, 'secretKey must be a Stripe secret key (sk_… or rk_…)'),
  ),
  webhookSecret: v.pipe(
    v.string('the Stripe secret has no webhookSecret'),
    v.regex(/^whsec_\w+$/, 'webhookSecret must be a Stripe webhook signing secret (whsec_…)'),
  ),
});
export type StripeSecrets = v.InferOutput<typeof StripeSecretSchema>;

/**
 * The Stripe keys, fetched once per container (payment functions only), and refused unless the key's mode
 * fits the stage: prod charges real cards with a live key only, every other stage takes test keys only, so a
 * pasted key in the wrong stage fails the first payment call loudly instead of charging (or not charging) for
 * real.
 */
export const getStripeSecrets = loadedOnce(async (): Promise<StripeSecrets> => {
  const cfg = getConfig();
  const where = cfg.STRIPE_SECRET_ARN ? 'the Stripe secret (secretKey)' : 'STRIPE_SECRET_KEY';
  const secrets = cfg.STRIPE_SECRET_ARN
    ? v.parse(StripeSecretSchema, JSON.parse(await fetchSecret(cfg.STRIPE_SECRET_ARN)))
    : v.parse(StripeSecretSchema, {
        secretKey: cfg.STRIPE_SECRET_KEY,
        webhookSecret: cfg.STRIPE_WEBHOOK_SECRET,
      });
  const live = /^(sk|rk)_live_/.test(secrets.secretKey);
  const prod = cfg.STAGE === 'prod';
  if (prod !== live) {
    const held = secrets.secretKey.slice(0, secrets.secretKey.indexOf('_', 3) + 1);
    throw new Error(
      `${where} holds a ${live ? 'live' : 'test'} key (${held}…), but stage ${cfg.STAGE} takes ${
        prod ? 'live keys only (sk_live_…)' : 'test keys only (sk_test_…)'
      }`,
    );
  }
  return secrets;
});

/**
 * The operator-filled Sentry secret: `{"dsn":""}` until a DSN is pasted in; empty means no error reports.
 * A malformed DSN is refused rather than handed to the SDK.
 */
const SentrySecretSchema = v.object({
  dsn: v.union([
    v.literal(''),
    v.pipe(v.string(), v.url('the Sentry secret’s dsn must be a DSN URL (https://…@…/…)')),
  ]),
});

/**
 * The DSN errors are reported to ('' = none), fetched on the first error of a container: a function that
 * never fails never reads it. The Sentry secret wins; the app secret's legacy `sentryDsn` is the fallback.
 */
export const getSentryDsn = loadedOnce(async (): Promise<string> => {
  const cfg = getConfig();
  const own = cfg.SENTRY_SECRET_ARN
    ? v.parse(SentrySecretSchema, JSON.parse(await fetchSecret(cfg.SENTRY_SECRET_ARN))).dsn
    : '';
  return own || (await getSecrets()).sentryDsn;
});

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
  config = undefined;
  for (const forget of loaders) forget();
}
