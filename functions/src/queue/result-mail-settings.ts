/**
 * The result-mail queue's settings, declared once without dependencies: CDK builds the queue and the
 * worker's event source from them, the local stack's poller behaves by them, and the services count their
 * time budgets and requeue ages from them.
 */
export const resultMailQueue = {
  /** Messages per worker invocation (SQS's largest batch for a standard queue without a window). */
  batchSize: 10,
  /**
   * Batches the event source runs at once (2 is the least SQS allows). The stage's sending rate is shared
   * between them: each worker paces itself to rate / maxConcurrency.
   */
  maxConcurrency: 2,
  /** The worker's Lambda timeout: a batch at the slowest per-worker rate fits with room to spare. */
  workerTimeoutSeconds: 60,
  /** AWS advises at least six times the function's timeout for an SQS event source. */
  visibilityTimeoutSeconds: 360,
  /** Deliveries before a message goes to the dead-letter queue. */
  maxReceiveCount: 5,
  /** How long the dead-letter queue keeps a message for an operator to look at or redrive. */
  deadLetterRetentionDays: 14,
  /**
   * A round's rows still untried this long after it started (or was last requeued) lost their messages
   * (the local emulator restarted, or a message went to the dead-letter queue after every delivery failed):
   * the next send or progress read puts them on the queue again. Longer than a message can take through
   * every retry, so a duplicate is rare, and harmless (a row is claimed once per round).
   */
  requeueAfterMs: 6 * 360_000,
  /** The SQS batch send limit. */
  sendBatchSize: 10,
} as const;
