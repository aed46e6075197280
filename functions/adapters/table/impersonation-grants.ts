import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, isConditionFailure, tableName } from '../dynamo.ts';
import { Impersonation } from './entities.ts';

/**
 * Impersonation grants: one row per grant, whose status makes it single use and its session endable. The
 * row holds the session's SHA-256, never the session.
 */

/** Rows outlive their grant by a day, so a late redemption reads "expired" rather than "unknown". */
const ROW_GRACE_SECONDS = 24 * 60 * 60;

export interface GrantRow {
  grantId: string;
  staffSub: string;
  targetSub: string;
  /** Expiry, seconds since the epoch. */
  expires: number;
  status: 'issued' | 'redeemed' | 'ended';
  sessionHash?: string;
}

/** A grant's row (strongly consistent), or null. */
export async function readGrant(grantId: string): Promise<GrantRow | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: Impersonation.key({ grantId }), ConsistentRead: true }),
  );
  return (Item as GrantRow | undefined) ?? null;
}

/** Store a new grant's row, issued; DynamoDB forgets it a day after the grant expires. */
export async function putIssuedGrant(
  grant: Pick<GrantRow, 'grantId' | 'staffSub' | 'targetSub' | 'expires'>,
  now: Date,
): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...Impersonation.key({ grantId: grant.grantId }),
        entity: Impersonation.name,
        version: 1,
        grantId: grant.grantId,
        staffSub: grant.staffSub,
        targetSub: grant.targetSub,
        expires: grant.expires,
        status: 'issued',
        createdAt: now.toISOString(),
        ttl: grant.expires + ROW_GRACE_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Mark an issued grant redeemed into the session of `sessionHash`, if its row still says issued for this
 * staff member, target and expiry. False when the row says otherwise (or is gone).
 */
export async function markRedeemed(
  claims: Pick<GrantRow, 'grantId' | 'staffSub' | 'targetSub' | 'expires'>,
  sessionHash: string,
  now: Date,
): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Impersonation.key({ grantId: claims.grantId }),
        UpdateExpression: 'SET #status = :redeemed, sessionHash = :hash, redeemedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND #status = :issued AND staffSub = :staff AND targetSub = :target AND expires = :expires',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':redeemed': 'redeemed',
          ':issued': 'issued',
          ':hash': sessionHash,
          ':now': now.toISOString(),
          ':staff': claims.staffSub,
          ':target': claims.targetSub,
          ':expires': claims.expires,
        },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** Mark a grant's session ended, if the row is this staff member's. False when it is not (or is gone). */
export async function markEnded(grantId: string, staffSub: string): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Impersonation.key({ grantId }),
        UpdateExpression: 'SET #status = :ended, endedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND staffSub = :staff',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':ended': 'ended',
          ':now': new Date().toISOString(),
          ':staff': staffSub,
        },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}
