/**
 * A season's helpers (issue 37): the admin's invitations, the link token that accepts one, and the grant an
 * accepted invitation becomes. The access check reads the grant with one strongly consistent GetItem (its key
 * is who and which job), so removing a helper ends their access on their next request.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AgeGroup, HelperRole } from '@club/shared';
import { db, queryAll, tableName } from '../platform/client';
import { expiresAt, keys } from '../platform/keys';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';

/** One invitation of a season's list, accepted or not. */
export interface HelperItem {
  helper_id: string;
  season_id: string;
  email: string;
  role: HelperRole;
  age_groups: AgeGroup[];
  /** A coach's one team (issue 45), in the helper's season. */
  team_uuid?: string;
  invited_at: string;
  invited_by: string;
  /** The waiting link's hash and its end (epoch s); gone once accepted. */
  token_hash?: string;
  link_expires_at?: number;
  /** Once accepted: by which account, its name then, and when. */
  user_id?: string;
  name?: string;
  accepted_at?: string;
}

/** What the access check reads: a live grant of one job in one season. */
export interface GrantItem {
  season_id: string;
  user_id: string;
  helper_id: string;
  role: HelperRole;
  age_groups: AgeGroup[];
  /** A coach's one team (issue 45). */
  team_uuid?: string;
  name: string;
  /** When the grant's access ended (a day after its season's last session), once a request found it had. */
  ended_at?: string;
}

/**
 * The job part of a grant's key: the role, and for a coach the team too (issue 45), so an account coaching two
 * teams holds two grants and the access check of one team's roster is one GetItem of exactly that grant.
 */
export function grantKeyRole(role: HelperRole, teamUuid?: string): string {
  return role === 'coach' && teamUuid ? `coach#${teamUuid}` : role;
}

function toHelper(item: Record<string, unknown>): HelperItem {
  const { PK: _pk, SK: _sk, type: _type, ...helper } = item;
  return helper as unknown as HelperItem;
}

function toGrant(item: Record<string, unknown>): GrantItem {
  return {
    season_id: item.season_id as string,
    user_id: item.user_id as string,
    helper_id: item.helper_id as string,
    role: item.role as HelperRole,
    age_groups: (item.age_groups as AgeGroup[] | undefined) ?? [],
    ...(typeof item.team_uuid === 'string' ? { team_uuid: item.team_uuid } : {}),
    name: item.name as string,
    ...(typeof item.ended_at === 'string' ? { ended_at: item.ended_at } : {}),
  };
}

/**
 * Puts a new invitation and its link's token in one transaction; an earlier invitation of the same address
 * and job that is still waiting is replaced (its link dies with it), so a resend leaves one working link.
 */
export async function putHelperInvite(
  helper: HelperItem & { token_hash: string; link_expires_at: number },
  replaces: HelperItem | undefined,
): Promise<boolean> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.helper(helper.season_id, helper.helper_id), type: 'helper', ...helper },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              // The token holds ids only: who was invited is on the invitation, in the season's partition.
              Item: {
                ...keys.oneTimeToken(helper.token_hash, 'HELPER'),
                type: 'helper-token',
                season_id: helper.season_id,
                helper_id: helper.helper_id,
                expiresAt: helper.link_expires_at,
              },
            },
          },
          ...(replaces ? removalOf(replaces) : []),
        ],
      }),
    ),
  );
  return codes === null;
}

/** The season's invitations and helpers, in the order they were invited (one Query of the prefix). */
export async function listHelpers(seasonId: string): Promise<HelperItem[]> {
  const prefix = keys.helpersOfSeason(seasonId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.PK, ':sk': prefix.SKPrefix },
    ConsistentRead: true,
  });
  return items.map(toHelper).sort((a, b) => a.invited_at.localeCompare(b.invited_at));
}

export async function getHelper(seasonId: string, helperId: string): Promise<HelperItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.helper(seasonId, helperId), ConsistentRead: true }),
  );
  return out.Item ? toHelper(out.Item) : null;
}

/** The transaction steps that remove an invitation with its link and its grant, each only as it was read. */
function removalOf(helper: HelperItem) {
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.helper(helper.season_id, helper.helper_id),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    ...(helper.token_hash
      ? [{ Delete: { TableName: tableName(), Key: keys.oneTimeToken(helper.token_hash, 'HELPER') } }]
      : []),
    ...(helper.user_id
      ? [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.helperGrant(
                helper.season_id,
                helper.user_id,
                grantKeyRole(helper.role, helper.team_uuid),
              ),
              ConditionExpression: 'attribute_not_exists(PK) OR helper_id = :h',
              ExpressionAttributeValues: { ':h': helper.helper_id },
            },
          },
        ]
      : []),
  ];
}

/**
 * Removes a helper: the invitation, its link and its grant in one transaction. A grant that a later
 * invitation of the same account and job replaced is that invitation's, and stays. False when it was gone.
 */
export async function removeHelper(helper: HelperItem): Promise<boolean> {
  const send = (steps: ReturnType<typeof removalOf>) =>
    transactOrConditionCodes(() => db().send(new TransactWriteCommand({ TransactItems: steps })));
  const codes = await send(removalOf(helper));
  if (codes === null) return true;
  // The first step failed: the invitation is gone. Only the grant's did: it is another invitation's.
  if (codes[0] === 'ConditionalCheckFailed' || !helper.user_id) return false;
  return (await send(removalOf({ ...helper, user_id: undefined }))) === null;
}

/** The invitation a link names, while it works (strongly consistent), or null. */
export async function getInviteByToken(
  tokenHash: string,
  now: Date,
): Promise<{ season_id: string; helper_id: string } | null> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.oneTimeToken(tokenHash, 'HELPER'),
      ConsistentRead: true,
    }),
  );
  const item = out.Item;
  if (!item || (item.expiresAt as number) <= expiresAt(now)) return null;
  return { season_id: item.season_id as string, helper_id: item.helper_id as string };
}

/**
 * An invitation accepted, in one transaction: the link is spent (once), the invitation records who accepted,
 * and the grant is written. The same account accepting a second invitation for the same job keeps one grant,
 * the newer. False when the link was spent or the invitation removed meanwhile (nothing changed).
 */
export async function acceptHelperInvite(input: {
  helper: HelperItem;
  tokenHash: string;
  userId: string;
  name: string;
  now: Date;
}): Promise<boolean> {
  const { helper, userId, now } = input;
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.oneTimeToken(input.tokenHash, 'HELPER'),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.helper(helper.season_id, helper.helper_id),
              UpdateExpression:
                'SET user_id = :u, #name = :n, accepted_at = :at REMOVE token_hash, link_expires_at',
              ConditionExpression: 'attribute_exists(PK) AND token_hash = :t',
              ExpressionAttributeNames: { '#name': 'name' },
              ExpressionAttributeValues: {
                ':u': userId,
                ':n': input.name,
                ':at': now.toISOString(),
                ':t': input.tokenHash,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.helperGrant(helper.season_id, userId, grantKeyRole(helper.role, helper.team_uuid)),
                ...keys.helperGrantsIndex(
                  userId,
                  helper.season_id,
                  grantKeyRole(helper.role, helper.team_uuid),
                ),
                type: 'helper-grant',
                season_id: helper.season_id,
                user_id: userId,
                helper_id: helper.helper_id,
                role: helper.role,
                age_groups: helper.age_groups,
                ...(helper.team_uuid ? { team_uuid: helper.team_uuid } : {}),
                name: input.name,
              },
            },
          },
        ],
      }),
    ),
  );
  return codes === null;
}

/**
 * A grant of one job in one season to an account (a coach's: of one team), read strongly consistent; null
 * when it has none.
 */
export async function getGrant(
  seasonId: string,
  userId: string,
  role: HelperRole,
  teamUuid?: string,
): Promise<GrantItem | null> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.helperGrant(seasonId, userId, grantKeyRole(role, teamUuid)),
      ConsistentRead: true,
    }),
  );
  return out.Item ? toGrant(out.Item) : null;
}

/** Every grant an account holds, any season (GSI1: one Query). */
export async function grantsOf(userId: string): Promise<GrantItem[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.helperGrantsIndex(userId).GSI1PK },
    }),
  );
  return (out.Items ?? []).map(toGrant);
}

/**
 * Records that a grant's access ended, and when (issue 42): written once, only on the grant that was read
 * (a later invitation's grant is its own), so the end stays whatever the season's sessions become.
 */
export async function recordGrantEnded(grant: GrantItem, endedAt: Date): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.helperGrant(grant.season_id, grant.user_id, grantKeyRole(grant.role, grant.team_uuid)),
        UpdateExpression: 'SET ended_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND helper_id = :h AND attribute_not_exists(ended_at)',
        ExpressionAttributeValues: { ':at': endedAt.toISOString(), ':h': grant.helper_id },
      }),
    ),
  );
}

/**
 * Records the end on every grant of a season whose helpers' access has already ended (issue 42), before its
 * sessions change: a later night added, or the sessions tidied away, never reopens the door to a helper who
 * made no request since the end. Each write is the conditional one above, so a grant keeps its first end.
 */
export async function recordSeasonGrantsEnded(seasonId: string, endedAt: Date): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :grant)',
    ExpressionAttributeValues: { ':pk': keys.helperGrant(seasonId, '', '').PK, ':grant': 'GRANT#' },
  });
  await Promise.all(items.map((item) => recordGrantEnded(toGrant(item), endedAt)));
}
