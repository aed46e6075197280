import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AssistantMessage } from '#shared/ai';
import { documentClient, tableName } from '../dynamo.ts';
import { AssistantHistory } from './entities.ts';

/** The resume assistant's conversation about one resume (deleted with the resume, in its transaction). */

/** The messages kept about a resume; none when there is no conversation. */
export async function readConversation(sub: string, resumeId: string): Promise<AssistantMessage[]> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: AssistantHistory.key({ sub, resumeId }) }),
  );
  return Array.isArray(Item?.messages) ? (Item.messages as AssistantMessage[]) : [];
}

export async function deleteConversation(sub: string, resumeId: string): Promise<void> {
  await documentClient.send(
    new DeleteCommand({ TableName: tableName(), Key: AssistantHistory.key({ sub, resumeId }) }),
  );
}

/** Replace the conversation with `messages`, stamped `updatedAt`. */
export async function writeConversation(
  sub: string,
  resumeId: string,
  messages: AssistantMessage[],
  updatedAt: string,
): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...AssistantHistory.key({ sub, resumeId }),
        entity: AssistantHistory.name,
        version: 1,
        resumeId,
        messages,
        updatedAt,
      },
    }),
  );
}
