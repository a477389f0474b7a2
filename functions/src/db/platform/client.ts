/** The document client, created once per container so warm invocations reuse its connections. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../../lib/config';

let documentClient: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const cfg = getConfig();
    const client = new DynamoDBClient({
      region: cfg.AWS_REGION,
      ...(cfg.DYNAMODB_ENDPOINT
        ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

export function tableName(): string {
  return getConfig().TABLE_NAME;
}

/** Every item a Query finds, page after page (the SDK's paginator), in the order the Query reads them. */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  for await (const page of paginateQuery({ client: db() }, { TableName: tableName(), ...input }))
    items.push(...(page.Items ?? []));
  return items;
}
