/** Per test file: a fresh table on the shared DynamoDB Local, and the functions' environment pointing at it. */
import { randomUUID } from 'node:crypto';
import { beforeAll, inject } from 'vitest';
import { ensureTable } from '../../scripts/src/local/services';
import { STAND_IN_SECRET_KEY } from '../../scripts/src/local/config';

const tableName = `club-test-${randomUUID().slice(0, 8)}`;
Object.assign(process.env, {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  STAGE: 'test',
  TABLE_NAME: tableName,
  SITE_URL: 'http://localhost:5173',
  MAIL_FROM: 'Club Test <no-reply@club.test>',
  DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  SES_ENDPOINT: inject('mailEndpoint'),
  STRIPE_API_BASE: inject('stripeEndpoint'),
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: inject('stripeWebhookSecret'),
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  LOG_LEVEL: 'silent',
});

beforeAll(async () => {
  await ensureTable(inject('dynamoEndpoint'), tableName);
});
