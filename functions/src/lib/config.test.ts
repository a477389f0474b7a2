import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSecrets, getSentryDsn, resetConfigForTests } from './config';

/** Secrets Manager stand-in: each GetSecretValue waits until the test releases it, so overlap is visible. */
const stored = new Map<string, string>();
const pending: Array<() => void> = [];
vi.mock('@aws-sdk/client-secrets-manager', () => ({
  GetSecretValueCommand: class {
    constructor(readonly input: { SecretId: string }) {}
  },
  SecretsManagerClient: class {
    send(command: { input: { SecretId: string } }): Promise<{ SecretString?: string }> {
      return new Promise((resolve) =>
        pending.push(() => resolve({ SecretString: stored.get(command.input.SecretId) })),
      );
    }
  },
}));

const APP_ARN = 'arn:aws:secretsmanager:ca-central-1:111122223333:secret:app';
const SENTRY_ARN = 'arn:aws:secretsmanager:ca-central-1:111122223333:secret:sentry';
const DSN = 'https://abc123@o42.ingest.sentry.io/4242';
const ORIGIN_ARN = 'arn:aws:secretsmanager:ca-central-1:111122223333:secret:origin';
const JWT = 'j'.repeat(64);
const ORIGIN = 'o'.repeat(48);

/** Lets every request sent so far answer, once both have been sent (or after a few turns, if not). */
async function answerWhenBothSent(): Promise<number> {
  for (let turn = 0; turn < 20 && pending.length < 2; turn++) await new Promise((r) => setTimeout(r, 1));
  const inFlight = pending.length;
  for (const release of pending.splice(0)) release();
  return inFlight;
}

describe('getSecrets in AWS', () => {
  beforeEach(() => {
    stored.clear();
    pending.length = 0;
    Object.assign(process.env, { SECRETS_ARN: APP_ARN, ORIGIN_VERIFY_SECRET_ARN: ORIGIN_ARN });
    resetConfigForTests();
  });
  afterEach(() => {
    delete process.env.SECRETS_ARN;
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    resetConfigForTests();
  });

  it('fetches the app secret and the origin secret at the same time, once per container', async () => {
    stored.set(APP_ARN, JSON.stringify({ jwtSecret: JWT }));
    stored.set(ORIGIN_ARN, ORIGIN);

    const secrets = getSecrets();
    const inFlight = await answerWhenBothSent();

    expect(inFlight).toBe(2);
    expect(await secrets).toMatchObject({ jwtSecret: JWT, originVerify: ORIGIN, sentryDsn: '' });
    expect(getSecrets()).toBe(secrets);
  });

  it('refuses an empty or short origin secret instead of turning the origin check off', async () => {
    stored.set(APP_ARN, JSON.stringify({ jwtSecret: JWT }));
    for (const value of ['', 'short']) {
      stored.set(ORIGIN_ARN, value);
      resetConfigForTests();

      const secrets = getSecrets();
      await answerWhenBothSent();

      await expect(secrets).rejects.toThrow(/origin verification secret/);
    }
  });
});

describe('getSecrets without Secrets Manager (local stack, tests)', () => {
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY;
    resetConfigForTests();
  });

  it('has no origin secret unless ORIGIN_VERIFY is set', async () => {
    resetConfigForTests();
    expect((await getSecrets()).originVerify).toBe('');

    process.env.ORIGIN_VERIFY = ORIGIN;
    resetConfigForTests();
    expect((await getSecrets()).originVerify).toBe(ORIGIN);
    expect(pending).toEqual([]);
  });
});

/** Answers every request as it arrives until `promise` settles. */
async function answerUntilSettled(promise: Promise<unknown>): Promise<void> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let turn = 0; turn < 50 && !settled; turn++) {
    for (const release of pending.splice(0)) release();
    await new Promise((r) => setTimeout(r, 1));
  }
}

describe('getSentryDsn in AWS', () => {
  beforeEach(() => {
    stored.clear();
    pending.length = 0;
    Object.assign(process.env, {
      SECRETS_ARN: APP_ARN,
      ORIGIN_VERIFY_SECRET_ARN: ORIGIN_ARN,
      SENTRY_SECRET_ARN: SENTRY_ARN,
    });
    stored.set(ORIGIN_ARN, ORIGIN);
    resetConfigForTests();
  });
  afterEach(() => {
    delete process.env.SECRETS_ARN;
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    delete process.env.SENTRY_SECRET_ARN;
    resetConfigForTests();
  });

  it('reads the DSN the operator put in the Sentry secret', async () => {
    stored.set(APP_ARN, JSON.stringify({ jwtSecret: JWT, sentryDsn: '' }));
    stored.set(SENTRY_ARN, JSON.stringify({ dsn: DSN }));

    const dsn = getSentryDsn();
    await answerUntilSettled(dsn);

    expect(await dsn).toBe(DSN);
  });

  it('is not fetched with the other secrets: a function that never fails never reads it', async () => {
    stored.set(APP_ARN, JSON.stringify({ jwtSecret: JWT }));
    stored.set(SENTRY_ARN, JSON.stringify({ dsn: DSN }));

    const secrets = getSecrets();
    const inFlight = await answerWhenBothSent();
    await secrets;

    expect(inFlight).toBe(2); // the app and origin secrets only
    expect(pending).toEqual([]);
  });

  it('keeps reporting to a DSN still in the app secret while the Sentry secret is the empty placeholder', async () => {
    stored.set(APP_ARN, JSON.stringify({ jwtSecret: JWT, sentryDsn: DSN }));
    stored.set(SENTRY_ARN, JSON.stringify({ dsn: '' }));

    const dsn = getSentryDsn();
    await answerUntilSettled(dsn);

    expect(await dsn).toBe(DSN);
  });

  it('prefers the Sentry secret’s DSN to the app secret’s old one, and is empty when neither has one', async () => {
    const other = 'https://def456@o7.ingest.sentry.io/77';
    stored.set(APP_ARN, JSON.stringify({ jwtSecret: JWT, sentryDsn: other }));
    stored.set(SENTRY_ARN, JSON.stringify({ dsn: DSN }));
    const preferred = getSentryDsn();
    await answerUntilSettled(preferred);
    expect(await preferred).toBe(DSN);

    stored.set(APP_ARN, JSON.stringify({ jwtSecret: JWT, sentryDsn: '' }));
    stored.set(SENTRY_ARN, JSON.stringify({ dsn: '' }));
    resetConfigForTests();
    const none = getSentryDsn();
    await answerUntilSettled(none);
    expect(await none).toBe('');
  });

  it('refuses a Sentry secret whose dsn is not a URL', async () => {
    stored.set(APP_ARN, JSON.stringify({ jwtSecret: JWT }));
    stored.set(SENTRY_ARN, JSON.stringify({ dsn: 'not a dsn' }));

    const dsn = getSentryDsn();
    await answerUntilSettled(dsn);

    await expect(dsn).rejects.toThrow(/dsn must be a DSN URL/);
  });
});

describe('getStripeSecrets: a key that does not fit the stage is refused', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfigForTests();
  });

  async function stripeSecretsAt(stage: string, secretKey: string) {
    Object.assign(process.env, {
      STAGE: stage,
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    delete process.env.STRIPE_SECRET_ARN;
    resetConfigForTests();
    const { getStripeSecrets } = await import('./config');
    return getStripeSecrets();
  }

  it('refuses a test key in prod, saying which key is where', async () => {
    await expect(stripeSecretsAt('prod', 'sk_test_abc123')).rejects.toThrow(
      'STRIPE_SECRET_KEY holds a test key (sk_test_…), but stage prod takes live keys only (sk_live_…)',
    );
  });

  it('refuses a live key in dev', async () => {
    await expect(stripeSecretsAt('dev', 'sk_live_abc123')).rejects.toThrow(
      'STRIPE_SECRET_KEY holds a live key (sk_live_…), but stage dev takes test keys only (sk_test_…)',
    );
  });

  it('takes a live key in prod and a test key in dev', async () => {
    await expect(stripeSecretsAt('prod', 'sk_live_abc123')).resolves.toMatchObject({
      secretKey: 'sk_live_abc123',
    });
    await expect(stripeSecretsAt('dev', 'sk_test_abc123')).resolves.toMatchObject({
      secretKey: 'sk_test_abc123',
    });
    await expect(stripeSecretsAt('dev', 'rk_test_abc123')).resolves.toMatchObject({
      secretKey: 'rk_test_abc123',
    });
  });
});
