import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { createPlayer, openSeason, registeredPlayer } from '../../../test/players';

const myTryout = (token: string) => call('getMyTryout', { token });

/** What an administrator does from the admin table (not built yet): a team link, a result. */
async function adminSets(seasonId: string, userId: string, result: string, link: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.season(seasonId),
      UpdateExpression: 'SET teamsnap_links = :links',
      ExpressionAttributeValues: { ':links': { '15U Boys': link } },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.tryout(seasonId, userId),
      UpdateExpression: 'SET #result = :r',
      ExpressionAttributeNames: { '#result': 'result' },
      ExpressionAttributeValues: { ':r': result },
    }),
  );
}

// First in the file: the table has no season until a test creates one.
describe('GET /tryouts/my before any season exists', () => {
  it('answers 404 not registered', async () => {
    const player = await createPlayer();

    const res = await myTryout(player.token);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'You are not registered for the current season.' });
  });
});

describe('GET /tryouts/my', () => {
  it('answers 404 to a player who has not registered for the active season', async () => {
    await openSeason();
    const player = await createPlayer();

    const res = await myTryout(player.token);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'You are not registered for the current season.' });
  });

  it("answers the player's registration", async () => {
    await openSeason();
    const player = await registeredPlayer('cash');

    const res = await myTryout(player.token);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hasRegistered: true,
      season: 'Fall 2025 Tryouts',
      tryout_number: 1,
      result: '',
      payment_method: 'cash',
      payment_status: 'cash',
      teamsnap_link: null,
      age_group: '15U Boys',
      amount_paid_cents: 0,
      amount_refunded_cents: 0,
      amount_due_cents: 4500,
      sessions: [],
      withdrawn: false,
      withdrawal_open: true,
      refund_policy: '',
    });
  });

  it('shows the team link only once the player is selected', async () => {
    const season = await openSeason();
    const player = await registeredPlayer('cash');

    await adminSets(season.id, player.id, 'not_selected', 'https://go.teamsnap.com/15u-boys');
    const notSelected = await myTryout(player.token);
    await adminSets(season.id, player.id, 'selected', 'https://go.teamsnap.com/15u-boys');
    const selected = await myTryout(player.token);

    expect(notSelected.body).toMatchObject({ result: 'not_selected', teamsnap_link: null });
    expect(selected.body).toMatchObject({
      result: 'selected',
      teamsnap_link: 'https://go.teamsnap.com/15u-boys',
    });
  });

  it('answers 404 once a newer season is active, whose registration the player has not made', async () => {
    await openSeason();
    const player = await registeredPlayer('cash');
    await openSeason({ name: 'Spring 2026 Tryouts' });

    const res = await myTryout(player.token);

    expect(res.status).toBe(404);
  });
});

describe('a registration stored before players had ids of their own', () => {
  it("reads as its account's player: the dashboard, pay again, the switch to cash and the admin's edits", async () => {
    // Prepare: a card registration as it was stored before, with no player_id attribute
    const season = await openSeason();
    const player = await registeredPlayer('stripe');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(season.id, player.id),
        UpdateExpression: 'REMOVE player_id',
      }),
    );
    const admin = await createAdmin();

    // Act
    const mine = await myTryout(player.token);
    const payAgain = await call('startCheckout', { token: player.token });
    const toCash = await call('switchMyTryoutToCash', {
      token: player.token,
      body: { payment_method: 'cash' },
    });
    const attended = await call('setAttended', {
      token: admin.token,
      params: { id: `${season.id}.${player.id}` },
      body: { attended: true },
    });

    // Assess
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      hasRegistered: true,
      payment_method: 'stripe',
      payment_status: 'pending',
    });
    expect(payAgain.status).toBe(200);
    expect(payAgain.body.url).toEqual(expect.any(String));
    expect(toCash.status).toBe(200);
    expect(toCash.body).toMatchObject({ payment_method: 'cash', payment_status: 'cash' });
    expect(attended.status).toBe(200);
    expect(attended.body).toMatchObject({
      id: `${season.id}.${player.id}`,
      attended: true,
      payment_method: 'cash',
    });
  });
});
