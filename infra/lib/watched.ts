/** What the watch stack alarms on and graphs, as the stacks and constructs that own it hand it over. */
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';

/** A function to watch: every endpoint's, the authorizer, the mail-events recorder, any worker. */
export interface WatchedFunction {
  readonly name: string;
  readonly function: IFunction;
}

/** A queue to watch: a dead-letter queue (any message in it failed for good) or a queue of work. */
export interface WatchedQueue {
  readonly name: string;
  readonly queue: IQueue;
}
