/**
 * Issue 37: tryout night's personal data reaches deletion, export and retention. An evaluator's note can
 * name a child; a helper's invitation holds the helper's address and name.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { RankingsAnswer } from '@club/shared';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { call } from '../../../test/api';
import { PASSWORD } from '../../../test/accounts';
import { createPlayer, openSeason, registeredPlayer, tableText } from '../../../test/players';
import { helperOf, seasonTonight, withdrewBeforeTonight } from '../../../test/tryout-night';
import { runRetention } from './retention';
import { aHouseholdRegistration, anAthlete, ok } from '../../../test/builders';

/** A season scored tonight: one player, one evaluator (named `evaluatorLast`), one score with `note`. */
async function scoredTonight(name: string, note: string, evaluatorLast: string) {
  const { season, admin } = await seasonTonight(name);
  await ok('setCriteria', {
    token: admin.token,
    params: { id: season.id },
    body: { criteria: [{ key: 'shooting', label: 'Shooting' }], scale_max: 5 },
  });
  const player = await registeredPlayer('cash');
  const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Boys'], {
    first_name: 'Quinn',
    last_name: evaluatorLast,
  });
  const sent = await call('putScores', {
    token: evaluator.token,
    params: { seasonId: season.id },
    body: {
      scores: [
        {
          tryout_id: `${season.id}.${player.id}`,
          criterion: 'shooting',
          value: 4,
          note,
          scored_at: new Date().toISOString(),
          client_id: 'note-test-0001',
        },
      ],
    },
  });
  expect(sent.status).toBe(200);
  return { season, admin, player, evaluator };
}

const scoresOf = async (seasonId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.scoresOfGroup(seasonId, '15U Boys').PK },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('tryout night’s personal data (issue 37)', () => {
  it('exports how many evaluators saw the player, never who, and a helper’s jobs', async () => {
    const { player, evaluator } = await scoredTonight('Fall 2026 Tryouts', 'Quick first step', 'Exporter');

    const family = (await call('exportAccount', { token: player.token })).body;
    const helper = (await call('exportAccount', { token: evaluator.token })).body;

    const [registration] = family.registrations as Array<Record<string, unknown>>;
    expect(registration).toMatchObject({ seen_by_evaluators: 1 });
    expect(JSON.stringify(family)).not.toContain(evaluator.id);
    expect(helper.helper_jobs).toEqual([
      // The name the helper gave for the job is theirs too (issue 44: declared as exported).
      {
        season_name: 'Fall 2026 Tryouts',
        role: 'evaluator',
        age_groups: ['15U Boys'],
        name: 'Quinn Exporter',
      },
    ]);
  });

  it('removes the notes about a deleted athlete and keeps the anonymous score', async () => {
    const note = 'Avery rolled an ankle, watch the left side';
    const { season, player } = await scoredTonight('Winter 2026 Tryouts', note, 'Keeper');
    expect(await tableText()).toContain(note.toLowerCase());

    const res = await call('deleteAccount', { token: player.token, body: { password: PASSWORD } });

    expect(res.status).toBe(200);
    expect(await tableText()).not.toContain(note.toLowerCase());
    expect((await scoresOf(season.id)).map((s) => [s.value, s.note, s.evaluator_name])).toEqual([
      [4, undefined, 'Quinn Keeper'],
    ]);
  });

  it('removes the notes about an athlete the family removes from its household, and keeps the anonymous score', async () => {
    // Prepare: a child of a family, scored with a note that names them, then withdrawn
    const { season, admin } = await seasonTonight('Fall 2028 Tryouts');
    const set = await call('setCriteria', {
      token: admin.token,
      params: { id: season.id },
      body: { criteria: [{ key: 'shooting', label: 'Shooting' }], scale_max: 5 },
    });
    expect(set.status).toBe(200);
    const parent = await createPlayer({ first_name: 'Perpetua' });
    const added = await call('addAthlete', {
      token: parent.token,
      body: anAthlete({
        first_name: 'Oluwaseun',
        last_name: 'Featherstonehaugh',
        date_of_birth: '2010-06-15',
        emergency_contact_name: 'Gwendolyn Pasquale',
        emergency_contact_phone: '780-555-0163',
        emergency_contact_email: 'gwendolyn.pasquale@example.test',
        emergency_contact_relationship: 'other',
      }),
    });
    expect(added.status).toBe(201);
    const childId = (added.body as { id: string }).id;
    const registered = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration([{ athlete_id: childId, age_group: '15U Boys' }]),
    });
    expect(registered.status, String(registered.body.message)).toBe(201);
    const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Boys']);
    const note = 'Oluwaseun favours the right knee';
    const sent = await call('putScores', {
      token: evaluator.token,
      params: { seasonId: season.id },
      body: {
        scores: [
          {
            tryout_id: `${season.id}.${childId}`,
            criterion: 'shooting',
            value: 4,
            note,
            scored_at: new Date().toISOString(),
            client_id: 'note-test-0002',
          },
        ],
      },
    });
    expect(sent.status).toBe(200);
    await withdrewBeforeTonight(season.id, childId);
    expect(await tableText()).toContain(note.toLowerCase());

    // Act
    const removed = await call('deleteAthlete', { token: parent.token, params: { id: childId } });

    // Assess
    expect(removed.status).toBe(200);
    expect(await tableText()).not.toContain(note.toLowerCase());
    expect((await scoresOf(season.id)).map((s) => [s.value, s.note])).toEqual([[4, undefined]]);
  });

  it('ends a deleted helper’s jobs and takes their name off their scores, which still count', async () => {
    const { season, admin, evaluator } = await scoredTonight(
      'Spring 2027 Tryouts',
      'Reads the floor well',
      'Leaver',
    );

    const res = await call('deleteAccount', { token: evaluator.token, body: { password: PASSWORD } });

    expect(res.status).toBe(200);
    expect((await call('listHelpers', { token: admin.token, params: { id: season.id } })).body).toEqual([]);
    const text = await tableText();
    expect(text).not.toContain('quinn leaver');
    expect(text).not.toContain(evaluator.email.toLowerCase());
    const ranked = (
      await call('getRankings', {
        token: admin.token,
        params: { id: season.id },
        query: { age_group: '15U Boys' },
      })
    ).body as unknown as RankingsAnswer;
    expect(ranked.rows[0]!.evaluators).toEqual(['Former evaluator']);
  });

  it('deletes a past season’s scores and helpers with its personal data', async () => {
    const note = 'Left-handed, strong finisher';
    const { season, evaluator } = await scoredTonight('Summer 2027 Tryouts', note, 'Retired');
    await openSeason({ name: 'Fall 2027 Tryouts' });

    // Two days on, with no retention period: the first season is past it.
    await runRetention(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000), 0);

    expect(await scoresOf(season.id)).toEqual([]);
    const text = await tableText();
    expect(text).not.toContain(note.toLowerCase());
    expect(text).not.toContain(`"pk":"season#${season.id}","email"`);
    expect(text).not.toContain(`grant#${evaluator.id}`);
    expect(text).not.toContain('quinn retired');
  });
});
