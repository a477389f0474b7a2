import type { TestProject } from 'vitest/node';
import { startDynamo, startMail, startQueue } from '../../scripts/src/local/services';
import { freePort } from '../../scripts/src/local/ports';
import { startStripeStandIn } from '../../scripts/src/local/stripe-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    mailEndpoint: string;
    /** The SQS emulator; each test file makes its own result-mail queue on it. */
    queueEndpoint: string;
    /** The local Stripe stand-in: the real SDK talks to it, so no Stripe account is needed. */
    stripeEndpoint: string;
    stripeWebhookSecret: string;
  }
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [dynamoPort, mailPort, stripePort, queuePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // No webhook URL: tests post the events they need themselves, signed with the provided secret.
  const [dynamo, mail, stripe, queue] = await Promise.all([
    startDynamo({ port: dynamoPort }),
    // Far above SES's 14/s, since every test file shares it; sending-rate.test.ts holds the real rate.
    startMail({ port: mailPort, sendRate: 2000 }),
    // Test files share it and run side by side: Stripe's test-mode rate (25 a second) would refuse their own
    // reads of it; the tests about that limit start a stand-in of their own.
    startStripeStandIn({ port: stripePort, rateLimit: 1000 }),
    startQueue({ port: queuePort }),
  ]);
  project.provide('dynamoEndpoint', dynamo.url);
  project.provide('mailEndpoint', mail.url);
  project.provide('queueEndpoint', queue.url);
  project.provide('stripeEndpoint', stripe.url);
  project.provide('stripeWebhookSecret', stripe.webhookSecret);
  return async () => {
    await Promise.all([dynamo.stop(), mail.stop(), stripe.stop(), queue.stop()]);
  };
}
