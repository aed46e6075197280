import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Permission, permissionsOf } from '#shared/permissions';
import type { StaffRole } from '#shared/roles';
import { documentClient, tableName } from '../../adapters/dynamo.ts';
import { keys } from '../keys.ts';
import { setStaffGroups } from './cognito.ts';
import { type Actor, notFound, refuseSelf, requireProfile, requireTarget, roleOfProfile } from './common.ts';

export interface UserPermissions {
  userId: string;
  role: StaffRole | null;
  permissions: Permission[];
}

/** A user's role and what it allows. */
export async function permissionsOfUser(userId: string): Promise<UserPermissions> {
  const role = roleOfProfile(await requireProfile(userId));
  return { userId, role, permissions: permissionsOf(role) };
}

async function writeStaffRole(userId: string, role: StaffRole | null): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(userId),
        UpdateExpression: 'SET #staffRole = :role, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#staffRole': 'staffRole', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: { ':role': role, ':now': new Date().toISOString() },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw notFound();
    throw error;
  }
}

/**
 * PUT /api/admin/permissions/{userId}: grant a staff role, or revoke it with null, on the Profile (which the
 * API reads on every request) and in the Cognito groups (which the next token carries). A grant changes the
 * groups first and a revoke the Profile first, so a failure half-way never leaves more access than asked.
 */
export async function setStaffRole(
  actor: Actor,
  userId: string,
  role: StaffRole | null,
): Promise<UserPermissions> {
  refuseSelf(actor, userId);
  const profile = await requireTarget(actor, userId);
  if (profile.status === 'deleting') throw notFound();
  if (role) {
    await setStaffGroups(userId, role);
    await writeStaffRole(userId, role);
  } else {
    await writeStaffRole(userId, null);
    await setStaffGroups(userId, null);
  }
  return permissionsOfUser(userId);
}
