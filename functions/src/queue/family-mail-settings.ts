/**
 * The family-mail queue's settings (confirmation mails, which are a paid registration's receipt too),
 * declared once without dependencies: CDK builds the queue and the worker's event source from them, and the
 * local stack's poller behaves by them.
 */
export const familyMailQueue = {
  /** Messages per worker invocation. */
  batchSize: 10,
  /**
   * Batches the event source runs at once (2 is the least SQS allows). The stage's sending rate is shared
   * between every mail worker's batches (infra's QUEUE_WORKERS).
   */
  maxConcurrency: 2,
  /** The worker's Lambda timeout: a batch at the slowest per-worker rate fits with room to spare. */
  workerTimeoutSeconds: 60,
  /** AWS advises at least six times the function's timeout for an SQS event source. */
  visibilityTimeoutSeconds: 360,
  /**
   * Deliveries before a message goes to the dead-letter queue. High, since a throttled send hands its
   * message back to come again: a registration night's burst must not push confirmations out of the queue.
   */
  maxReceiveCount: 20,
  /** How long the dead-letter queue keeps a message for an operator to look at or redrive. */
  deadLetterRetentionDays: 14,
  /** The SQS batch send limit. */
  sendBatchSize: 10,
} as const;
