import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StaffRole } from '#shared/roles';
import { documentClient, isConditionFailure, tableName } from '../adapters/dynamo.ts';
import { keys } from './keys.ts';

/** What the API reads on the Profile to decide a role, as Cognito last reported it. */
export interface StaffState {
  staffRole: StaffRole | null;
  emailVerified?: boolean | undefined;
}

/**
 * Bring the Profile's staff role (and e-mail verification) in step with Cognito. Reads first so the common
 * case, nothing changed, costs no write on every sign-in and refresh. Returns whether it wrote; a user
 * without a Profile (not confirmed yet, or deleted) is left alone.
 */
export async function syncStaffState(sub: string, state: StaffState): Promise<boolean> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.profile(sub),
      ProjectionExpression: 'staffRole, emailVerified',
      ConsistentRead: true,
    }),
  );
  if (!Item) return false;
  const roleChanged = (Item.staffRole ?? null) !== state.staffRole;
  const verifiedChanged = state.emailVerified !== undefined && Item.emailVerified !== state.emailVerified;
  if (!roleChanged && !verifiedChanged) return false;
  const sets = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  if (roleChanged) {
    sets.push('staffRole = :role');
    values[':role'] = state.staffRole;
  }
  if (verifiedChanged) {
    sets.push('emailVerified = :verified');
    values[':verified'] = state.emailVerified;
  }
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(sub),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  return true;
}
