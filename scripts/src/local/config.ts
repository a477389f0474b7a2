/**
 * The local stack's settings, each from an environment variable with a documented default (README).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got "${raw}".`);
  }
  return value;
}

function rate(name: string, fallback: number, what = 'mails'): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 1000) {
    throw new Error(`${name} must be a number of ${what} per second (above 0, at most 1000), got "${raw}".`);
  }
  return value;
}

export interface LocalConfig {
  sitePort: number;
  apiPort: number;
  dynamoPort: number;
  mailPort: number;
  /** The local Stripe stand-in (API and checkout page); unused when real Stripe test keys are set. */
  stripePort: number;
  /** The SQS emulator holding the result-mail queue. */
  queuePort: number;
  /** Result mails per second the local worker sends (SES's rate in production is often 14). */
  resultMailRate: number;
  /** API requests a second the Stripe stand-in accepts before answering 429, as Stripe's test mode (25). */
  stripeRateLimit: number;
  /**
   * Sends per second the local SES emulator accepts before it answers TooManyRequestsException, as SES does
   * past the account's maximum send rate (14 by default; MAIL_SEND_RATE).
   */
  mailSendRate: number;
  dataDir: string;
  tableName: string;
  adminEmail: string;
  adminPassword: string;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@club.local';
export const DEFAULT_ADMIN_PASSWORD = 'ChangeMe!Admin2025';

/**
 * The secret key the local stack and the functions tests give the Stripe SDK when it talks to the stand-in
 * (which accepts any `sk_test_` key). Here, in a module without dependencies, so a test setup can name it
 * without loading the SDK.
 */
export const STAND_IN_SECRET_KEY = 'sk_test_standin';

export function localConfig(): LocalConfig {
  return {
    sitePort: port('SITE_PORT', 5173),
    apiPort: port('API_PORT', 3001),
    dynamoPort: port('DYNAMODB_PORT', 8000),
    mailPort: port('MAIL_PORT', 8005),
    stripePort: port('STRIPE_PORT', 8010),
    queuePort: port('SQS_PORT', 8015),
    resultMailRate: rate('RESULT_MAIL_RATE', 14),
    stripeRateLimit: Math.floor(rate('STRIPE_RATE_LIMIT', 25, 'Stripe API requests')),
    mailSendRate: rate('MAIL_SEND_RATE', 14),
    dataDir: resolve(process.env.LOCAL_DATA_DIR ?? join(repoRoot, '.local')),
    tableName: process.env.TABLE_NAME ?? 'club-local',
    adminEmail: process.env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    adminPassword: process.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
  };
}

/**
 * The local signing key, made once and kept beside the data so sessions survive a restart.
 * Never used outside the local stack; AWS reads its key from Secrets Manager.
 */
export function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
