/**
 * The one DynamoDB table, declared once. CDK builds the deployed table from it and the local stack and tests
 * create DynamoDB Local's table from it, so the two never drift.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** One GSI: a user's registrations, and seasons newest first. */
  gsi1: { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  /** Epoch seconds; DynamoDB deletes expired tokens, sessions and webhook markers. */
  ttlAttribute: 'expiresAt',
} as const;

/** The CreateTable request for DynamoDB Local, equivalent to the CDK table. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, gsi1 } = tableDefinition;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [partitionKey, sortKey, gsi1.partitionKey, gsi1.sortKey].map((name) => ({
      AttributeName: name,
      AttributeType: 'S',
    })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: gsi1.indexName,
        KeySchema: [
          { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}
