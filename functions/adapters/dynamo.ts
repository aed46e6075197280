import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '#infra/app-manifest';

/**
 * The document client, created once per process. Endpoints come from the SDK's own settings
 * (AWS_ENDPOINT_URL_DYNAMODB in the local cloud), so the code is the same in both runtimes.
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

/** The single table's name, read when first needed so tests can set it. */
export function tableName(): string {
  const name = process.env[env.tableName];
  if (!name) throw new Error(`${env.tableName} is not set`);
  return name;
}
