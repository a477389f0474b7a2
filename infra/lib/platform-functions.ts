/**
 * The API's functions that are not route-table rows, declared once: the API stack builds them, the bench
 * measures them. No CDK here, so the bench stays light (like bundling.ts).
 */
import { queueWorkers, type QueueSettings } from '@club/functions/deploy-facts';
import type { QueueName } from '@club/shared';
import type { StageConfig } from './stage-config';

export const PLATFORM_FUNCTIONS = {
  /** In front of every route: lets only CloudFront's requests through (x-origin-verify). */
  originAuthorizer: { handler: 'platform/origin-authorizer' },
  /** SES's bounces, complaints and deliveries, from EventBridge. */
  mailEvents: { handler: 'mail/ses-events' },
  /** Daily, from an EventBridge schedule: personal data past the retention period goes (issue 19). */
  retention: { handler: 'workers/retention' },
  /** Every 15 minutes: card refunds left waiting for Stripe are settled or released (issue 34). */
  refundSweep: { handler: 'workers/refund-sweep' },
  /** Hourly: the day-before reminders of tomorrow's tryout sessions, queued (issue 37). */
  sessionReminders: { handler: 'workers/session-reminders' },
  /** Every minute: registrations left waiting for their tryout number by a request that died (issue 43). */
  numberingSweep: { handler: 'workers/numbering-sweep' },
  /** Every minute: offers go out at their hour, lapse at their deadline, pass to alternates (issue 45). */
  offerSweep: { handler: 'workers/offer-sweep' },
  /** Daily: team fee instalments due are charged to the saved card, each once (issue 46). */
  instalmentSweep: { handler: 'workers/instalment-sweep' },
} as const;

/** What a queue's worker needs beyond its queue: SES, its memory, its own environment. */
export interface QueueWorkerDeclaration {
  readonly mail: boolean;
  /**
   * The worker puts messages back on its own queue, delayed (a confirmation waiting for its numbers, issue
   * 43): it gets the queue's URL and may send to it.
   */
  readonly requeues?: boolean;
  readonly memorySize: number;
  readonly environment: (config: StageConfig, settings: QueueSettings) => Record<string, string>;
}

/**
 * Each mail worker's container's share of the stage's SES rate: every concurrent batch of every mail queue
 * runs in its own container, paced on its own, so together they stay at the account's rate.
 */
function mailWorkerShare(config: StageConfig): number {
  const batches = Object.values(queueWorkers).reduce((n, w) => n + w.settings.maxConcurrency, 0);
  return config.resultMailRate / batches;
}

/**
 * One entry per queue (deploy-facts.ts queueWorkers names the handler and the queue's settings): the API
 * stack builds a QueueWorker of each, which brings its queue, dead-letter queue, alarms and graphs.
 */
export const QUEUE_WORKERS: Record<QueueName, QueueWorkerDeclaration> = {
  /** Result mails in bulk: the stage's SES rate shared by the event source's concurrent batches. */
  resultMail: {
    mail: true,
    memorySize: 256,
    environment: (config) => ({ RESULT_MAIL_SEND_RATE: String(mailWorkerShare(config)) }),
  },
  /**
   * Registration confirmations (issue 43): the same rate, shared with the result mails. A confirmation that
   * names a registration still waiting for its number is put back, 5 s later.
   */
  familyMail: {
    mail: true,
    requeues: true,
    memorySize: 256,
    environment: (config) => ({ RESULT_MAIL_SEND_RATE: String(mailWorkerShare(config)) }),
  },
};

/** Every worker's function name and handler (`<queue>Worker`), for the bench. */
export const queueWorkerFunctions = (Object.keys(queueWorkers) as QueueName[]).map((name) => ({
  name: `${name}Worker`,
  handler: queueWorkers[name].handler,
}));

/**
 * Every function a stage deploys, by name and handler: each route's, the ones beside them (the authorizer runs
 * before every route's), and each queue's worker. The synth bundles them ahead (club-app.ts), the bench
 * measures them.
 */
export function clubFunctions(
  routes: readonly { readonly name: string; readonly handler: string }[],
): Array<{ name: string; handler: string }> {
  return [
    ...routes.map(({ name, handler }) => ({ name, handler })),
    ...Object.entries(PLATFORM_FUNCTIONS).map(([name, { handler }]) => ({ name, handler })),
    ...queueWorkerFunctions,
  ];
}
