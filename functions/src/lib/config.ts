/**
 * The functions' configuration, parsed once from the environment (STYLE #4). Secrets come from one
 * Secrets Manager secret in AWS (SECRETS_ARN) or, on the local stack, from plain variables.
 */
import * as v from 'valibot';

const EnvSchema = v.object({
  STAGE: v.optional(v.string(), 'local'),
  TABLE_NAME: v.pipe(v.string('TABLE_NAME is required'), v.nonEmpty()),
  SITE_URL: v.pipe(v.string('SITE_URL is required'), v.url()),
  MAIL_FROM: v.optional(v.string(), 'Club <no-reply@localhost>'),
  SES_CONFIGURATION_SET: v.optional(v.string()),
  AWS_REGION: v.optional(v.string(), 'ca-central-1'),
  /** Local stack only: DynamoDB Local and the SES emulator. */
  DYNAMODB_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  SES_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  STRIPE_API_BASE: v.optional(v.pipe(v.string(), v.url())),
  SECRETS_ARN: v.optional(v.string()),
  /** Local stack only; in AWS these come from the secret. */
  JWT_SECRET: v.optional(v.string()),
  STRIPE_SECRET_KEY: v.optional(v.string()),
  STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
  SENTRY_DSN: v.optional(v.string()),
});

export type Config = v.InferOutput<typeof EnvSchema>;

let config: Config | undefined;

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

const SecretsSchema = v.object({
  jwtSecret: v.pipe(v.string(), v.minLength(32, 'jwtSecret must be at least 32 characters')),
  stripeSecretKey: v.optional(v.string(), ''),
  stripeWebhookSecret: v.optional(v.string(), ''),
  sentryDsn: v.optional(v.string(), ''),
});
export type Secrets = v.InferOutput<typeof SecretsSchema>;

let secrets: Promise<Secrets> | undefined;

/** The secrets, fetched once per container (warm invocations reuse them). */
export function getSecrets(): Promise<Secrets> {
  secrets ??= loadSecrets().catch((error: unknown) => {
    secrets = undefined; // let the next invocation try again
    throw error;
  });
  return secrets;
}

async function loadSecrets(): Promise<Secrets> {
  const cfg = getConfig();
  if (cfg.SECRETS_ARN) {
    const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
    const client = new SecretsManagerClient({ region: cfg.AWS_REGION });
    const out = await client.send(new GetSecretValueCommand({ SecretId: cfg.SECRETS_ARN }));
    return v.parse(SecretsSchema, JSON.parse(out.SecretString ?? '{}'));
  }
  return v.parse(SecretsSchema, {
    jwtSecret: cfg.JWT_SECRET,
    stripeSecretKey: cfg.STRIPE_SECRET_KEY,
    stripeWebhookSecret: cfg.STRIPE_WEBHOOK_SECRET,
    sentryDsn: cfg.SENTRY_DSN,
  });
}

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
  config = undefined;
  secrets = undefined;
}
