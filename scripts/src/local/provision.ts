/**
 * Tables and queues on the local stand-ins (services.ts), created as CDK creates them in AWS. Kept apart from
 * the stand-ins themselves: every functions test file makes its own table and queues here, and loading the
 * emulators (about 3 s a file on a busy machine) would be wasted on each.
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createTableInput } from '@club/functions/db/platform/table-definition';
import type { QueueSettings } from '@club/functions/deploy-facts';
import { familyMailQueue } from '@club/functions/queue/family-mail-settings';
import { resultMailQueue } from '@club/functions/queue/result-mail-settings';

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'ca-central-1', credentials: LOCAL_CREDENTIALS });
}

/** Creates the table from the shared definition unless it exists (a restart keeps the data). */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'existed'> {
  const client = dynamoClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existed';
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    return 'created';
  } finally {
    client.destroy();
  }
}

export function sqsClient(endpoint: string): SQSClient {
  return new SQSClient({ endpoint, region: 'ca-central-1', credentials: LOCAL_CREDENTIALS });
}

/**
 * Creates a queue and its dead-letter queue as CDK does (same visibility timeout and receive count, from the
 * queue's shared settings) unless they exist, and answers the queue's URL.
 */
export async function ensureQueue(
  endpoint: string,
  name: string,
  settings: Pick<QueueSettings, 'deadLetterRetentionDays' | 'visibilityTimeoutSeconds' | 'maxReceiveCount'>,
): Promise<string> {
  const client = sqsClient(endpoint);
  try {
    const dlq = await client.send(
      new CreateQueueCommand({
        QueueName: `${name}-dlq`,
        Attributes: { MessageRetentionPeriod: String(settings.deadLetterRetentionDays * 86_400) },
      }),
    );
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
    );
    const queue = await client.send(
      new CreateQueueCommand({
        QueueName: name,
        Attributes: {
          VisibilityTimeout: String(settings.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: Attributes?.QueueArn,
            maxReceiveCount: settings.maxReceiveCount,
          }),
        },
      }),
    );
    return queue.QueueUrl!;
  } finally {
    client.destroy();
  }
}

/** The result-mail queue (see ensureQueue). */
export function ensureResultMailQueue(endpoint: string, name: string): Promise<string> {
  return ensureQueue(endpoint, name, resultMailQueue);
}

/** The family-mail queue: registration confirmations (see ensureQueue). */
export function ensureFamilyMailQueue(endpoint: string, name: string): Promise<string> {
  return ensureQueue(endpoint, name, familyMailQueue);
}
