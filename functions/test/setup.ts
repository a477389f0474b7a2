/**
 * Per test file: a fresh table on the shared DynamoDB Local and fresh result-mail and family-mail queues on
 * the shared SQS emulator, and the functions' environment pointing at them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, inject } from 'vitest';
import { ensureFamilyMailQueue, ensureResultMailQueue, ensureTable } from '../../scripts/src/local/provision';
import { STAND_IN_SECRET_KEY } from '../../scripts/src/local/config';

const tableName = `club-test-${randomUUID().slice(0, 8)}`;
Object.assign(process.env, {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  STAGE: 'test',
  TABLE_NAME: tableName,
  SITE_URL: 'http://localhost:5173',
  MAIL_FROM: 'Summit Basketball <no-reply@club.test>',
  MAIL_REPLY_TO: 'info@club.test',
  DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  SES_ENDPOINT: inject('mailEndpoint'),
  STRIPE_API_BASE: inject('stripeEndpoint'),
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: inject('stripeWebhookSecret'),
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  LOG_LEVEL: 'silent',
  SQS_ENDPOINT: inject('queueEndpoint'),
  // Far above SES's real rate, so a season's worth of mail takes a moment in tests.
  RESULT_MAIL_SEND_RATE: '2000',
});

beforeAll(async () => {
  const [queueUrl, familyMailQueueUrl] = await Promise.all([
    ensureResultMailQueue(inject('queueEndpoint'), `${tableName}-result-mail`),
    ensureFamilyMailQueue(inject('queueEndpoint'), `${tableName}-family-mail`),
    ensureTable(inject('dynamoEndpoint'), tableName),
  ]);
  process.env.RESULT_MAIL_QUEUE_URL = queueUrl;
  process.env.FAMILY_MAIL_QUEUE_URL = familyMailQueueUrl;
});
