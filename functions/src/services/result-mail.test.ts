/**
 * Result mail after the night (issue 42): a group that still has a tryout session ahead is not mailed its
 * results unless the admin confirms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInClubZone } from '@club/shared';
import { createAdmin, startWorker, waitFor } from '../../test/admin';
import { call } from '../../test/api';
import { mailsTo } from '../../test/mailbox';
import { openSeason, registeredPlayer, type TestPlayer } from '../../test/players';
import { sessionOn } from '../../test/tryout-night';
import type { ResultMailPoller } from '../../../scripts/src/local/result-mail-poller';

let worker: ResultMailPoller;
let admin: TestPlayer;

beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdmin();
});
afterAll(async () => worker?.stop());

const dayAfter = (days: number) => todayInClubZone(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

/** An active season with these sessions, and one cash registrant of 15U Boys whose result is set. */
async function decidedPlayerIn(name: string, sessions: unknown[]) {
  const season = await openSeason({ name });
  const set = await call('updateSeason', {
    token: admin.token,
    params: { id: season.id },
    body: { sessions },
  });
  expect(set.status).toBe(200);
  const player = await registeredPlayer('cash');
  const result = await call('setSelection', {
    token: admin.token,
    params: { id: `${season.id}.${player.id}` },
    body: { result: 'selected' },
  });
  expect(result.status).toBe(200);
  return { season, player };
}

describe('sending results while a group still has a tryout session ahead (issue 42)', () => {
  it('is refused with what is ahead, mails nobody, and goes once the admin confirms', async () => {
    // Prepare: 15U Boys play again tomorrow.
    const tomorrow = dayAfter(1);
    const { season, player } = await decidedPlayerIn('Fall 2031 Tryouts', [
      sessionOn(tomorrow, ['15U Boys']),
    ]);
    const [y, m, d] = tomorrow.split('-').map(Number) as [number, number, number];
    const when = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'UTC',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date(Date.UTC(y, m - 1, d)));

    // Act
    const refused = await call('sendResults', { token: admin.token, params: { seasonId: season.id } });
    const rows = await call('listTryouts', { token: admin.token, query: { season_id: season.id } });

    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Not sent yet: 15U Boys (${when} · 6:00 p.m. – 8:00 p.m.) still has a tryout session ahead, and families would read a result before playing it. Confirm to send anyway.`,
    );
    expect((rows.body as unknown as Array<{ email_status: string }>)[0]!.email_status).toBe('not_sent');

    // Act
    const confirmed = await call('sendResults', {
      token: admin.token,
      params: { seasonId: season.id },
      query: { sessions_ahead: 'send' },
    });

    // Assess
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.details).toMatchObject({ total: 1 });
    const mails = await waitFor(
      () => mailsTo(player.email),
      (found) => found.some((m) => m.subject.startsWith('You made the team')),
    );
    expect(mails.filter((m) => m.subject.startsWith('You made the team'))).toHaveLength(1);
  }, 120_000);

  it('asks nothing once the group’s sessions are over, nor for another group’s session ahead', async () => {
    // Prepare: 15U Boys played yesterday; 17U Boys play tomorrow.
    const { season, player } = await decidedPlayerIn('Fall 2032 Tryouts', [
      sessionOn(dayAfter(-1), ['15U Boys']),
      sessionOn(dayAfter(1), ['17U Boys']),
    ]);

    // Act
    const sent = await call('sendResults', { token: admin.token, params: { seasonId: season.id } });

    // Assess
    expect(sent.status).toBe(200);
    expect(sent.body.details).toMatchObject({ total: 1 });
    await waitFor(
      () => mailsTo(player.email),
      (found) => found.some((m) => m.subject.startsWith('You made the team')),
    );
  }, 120_000);
});
