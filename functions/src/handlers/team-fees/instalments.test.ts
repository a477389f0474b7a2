/**
 * Issue 46 §1: a team fee in instalments. The admin sets a team's due dates and retries; accepting copies the
 * plan onto the offer; the first checkout pays instalment 1 and saves the card; its fulfilment schedules the
 * rest, once.
 */
import { describe, expect, it } from 'vitest';
import { todayInClubZone, type Team } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { openSeason } from '../../../test/players';
import { createdTeam } from '../../../test/teams';

/** A date `days` from today, in the club's day (YYYY-MM-DD). */
export function inDays(days: number): string {
  const [y, m, d] = todayInClubZone().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

describe('a team’s instalments (issue 46)', () => {
  it('keeps the due dates and retries the admin sets, and a team without them pays in full with 1 retry', async () => {
    // Prepare
    const season = await openSeason({ name: 'Fall 2026 Tryouts' });
    const admin = await createAdmin();

    // Act
    const plain = await createdTeam(admin, season.id);
    const planned = await createdTeam(admin, season.id, {
      name: 'Sabres 15U Red',
      fee_cents: 75_000,
      instalment_due_dates: [inDays(30), inDays(60)],
      instalment_retries: 2,
    });
    const changed = await call('updateTeam', {
      token: admin.token,
      params: { teamId: planned.id },
      body: { instalment_due_dates: [inDays(45)], instalment_retries: 0 },
    });
    const refused = await call('updateTeam', {
      token: admin.token,
      params: { teamId: planned.id },
      body: { instalment_due_dates: [inDays(-1)] },
    });

    // Assess
    expect(plain).toMatchObject({ instalment_due_dates: [], instalment_retries: 1 });
    expect(planned).toMatchObject({ instalment_due_dates: [inDays(30), inDays(60)], instalment_retries: 2 });
    expect(changed.status).toBe(200);
    expect(changed.body as unknown as Team).toMatchObject({
      instalment_due_dates: [inDays(45)],
      instalment_retries: 0,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('An instalment’s due date cannot be in the past.');
  });
});
