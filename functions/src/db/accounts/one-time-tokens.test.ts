import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { moveEmail, putOneTimeToken, resetPasswordWithToken } from './one-time-tokens';

const HOUR_MS = 60 * 60 * 1000;

/** An account of its own: the profile (password version 0) and the claim on its address. */
async function freshAccount(): Promise<{ userId: string; email: string }> {
  const userId = randomUUID();
  const email = `${userId}@example.test`;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.user(userId), type: 'user', email, passwordVersion: 0, passwordHash: 'old' },
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.emailClaim(email), type: 'email-claim', userId },
    }),
  );
  return { userId, email };
}

/** A link of `kind` issued now to `userId` for one hour (`email`: the new address a change-of-address link carries). */
async function linkIssuedNow(
  kind: 'RESET' | 'EMAIL',
  userId: string,
  email?: string,
): Promise<{ tokenHash: string; issuedAt: Date }> {
  const issuedAt = new Date();
  const tokenHash = `hash-${randomUUID()}`;
  await putOneTimeToken(tokenHash, kind, {
    userId,
    passwordVersion: 0,
    expires: new Date(issuedAt.getTime() + HOUR_MS),
    ...(email ? { email } : {}),
  });
  // A change of address is the profile's pending one, as the account page's request records it.
  if (kind === 'EMAIL') {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET pendingEmail = :e, pendingEmailTokenHash = :h',
        ExpressionAttributeValues: { ':e': email, ':h': tokenHash },
      }),
    );
  }
  return { tokenHash, issuedAt };
}

async function profile(userId: string): Promise<Record<string, unknown>> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }),
  );
  return out.Item!;
}

describe('spending a one-time link', () => {
  it('sets a new password once, only for the account the link was issued to and only before it expires', async () => {
    // Prepare: a reset link issued now for one hour.
    const { userId } = await freshAccount();
    const other = await freshAccount();
    const { tokenHash, issuedAt } = await linkIssuedNow('RESET', userId);
    const reset = (forUser: string, now: Date) =>
      resetPasswordWithToken({ tokenHash, userId: forUser, passwordVersion: 0, passwordHash: 'new', now });

    // Act and assess: another account, then one second past the hour, then in time, then again.
    await expect(reset(other.userId, issuedAt)).resolves.toBe(false);
    await expect(reset(userId, new Date(issuedAt.getTime() + HOUR_MS + 1000))).resolves.toBe(false);
    expect(await profile(userId)).toMatchObject({ passwordHash: 'old', passwordVersion: 0 });
    await expect(reset(userId, new Date(issuedAt.getTime() + HOUR_MS - 1000))).resolves.toBe(true);
    expect(await profile(userId)).toMatchObject({ passwordHash: 'new', passwordVersion: 1 });
    await expect(reset(userId, issuedAt)).resolves.toBe(false);
  });

  it('moves an address once, only for the account the link was issued to and only before it expires', async () => {
    // Prepare: a change-of-address link issued now for one hour.
    const { userId, email } = await freshAccount();
    const other = await freshAccount();
    const to = `${randomUUID()}@example.test`;
    const { tokenHash, issuedAt } = await linkIssuedNow('EMAIL', userId, to);
    const move = (forUser: string, from: string, now: Date) =>
      moveEmail({ tokenHash, userId: forUser, passwordVersion: 0, from, to, now });

    // Act and assess: another account, then one second past the hour, then in time, then again.
    await expect(move(other.userId, other.email, issuedAt)).resolves.toBe('invalid');
    await expect(move(userId, email, new Date(issuedAt.getTime() + HOUR_MS + 1000))).resolves.toBe('invalid');
    expect(await profile(userId)).toMatchObject({ email });
    await expect(move(userId, email, new Date(issuedAt.getTime() + HOUR_MS - 1000))).resolves.toBe('moved');
    expect(await profile(userId)).toMatchObject({ email: to });
    // Again: the spent link moves nothing (the new address is this account's now, so it reads as taken).
    await expect(move(userId, email, issuedAt)).resolves.not.toBe('moved');
    expect(await profile(userId)).toMatchObject({ email: to });
  });

  it('moves no address with a link that is not the pending one, or was issued under another password', async () => {
    // Prepare: two links in turn (the second supersedes the first), then a password change
    const { userId, email } = await freshAccount();
    const first = await linkIssuedNow('EMAIL', userId, `${randomUUID()}@example.test`);
    const second = await linkIssuedNow('EMAIL', userId, `${randomUUID()}@example.test`);
    const move = (tokenHash: string, to: string, passwordVersion: number) =>
      moveEmail({ tokenHash, userId, passwordVersion, from: email, to, now: new Date() });
    const secondTo = (await profile(userId)).pendingEmail as string;

    // Act and assess: the superseded link; the current one under a version it was not issued with
    await expect(move(first.tokenHash, 'first@example.test', 0)).resolves.toBe('invalid');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET passwordVersion = :v',
        ExpressionAttributeValues: { ':v': 1 },
      }),
    );
    await expect(move(second.tokenHash, secondTo, 0)).resolves.toBe('invalid');
    expect(await profile(userId)).toMatchObject({ email });
  });
});
