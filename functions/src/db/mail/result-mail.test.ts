/**
 * Issue 42: a family's rows are claimed for its one result mail together, so of two senders handed the same
 * family at once one claims them all and the other none (never one child each, which would be two mails).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedRegistrations } from '../../../test/admin';
import { openSeason } from '../../../test/players';
import { claimResultMailsTogether } from './result-mail';
import { getTryoutsOf } from '../registration/registrations';

describe('claimResultMailsTogether', () => {
  it('gives a family’s rows to exactly one of two senders at once, all of them, and to no later one', async () => {
    // Prepare: three decided rows of one family, not yet mailed.
    const season = await openSeason();
    const rows = await seedRegistrations(season.id, 3, { result: 'selected' });
    const family = rows.map((r) => ({ seasonId: season.id, playerId: r.userId, version: 1 }));
    const lease = (claim: string) => ({
      round: '2026-11-27T20:00:00.000Z#aaaaaaaa',
      claim,
      leaseUntil: Date.now() + 60_000,
      now: Date.now(),
    });
    const [a, b] = [randomUUID(), randomUUID()];

    // Act
    const [first, second] = await Promise.all([
      claimResultMailsTogether(family, lease(a)),
      claimResultMailsTogether(family, lease(b)),
    ]);
    const later = await claimResultMailsTogether(family, lease(randomUUID()));

    // Assess
    const winners = [first, second].filter((claimed) => claimed !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.map((r) => r.player_id).sort()).toEqual(family.map((r) => r.playerId).sort());
    const held = await getTryoutsOf(
      season.id,
      family.map((r) => r.playerId),
    );
    expect(new Set(held.map((r) => r.mail_claim)).size).toBe(1);
    expect(held.every((r) => r.mail_state === 'sending')).toBe(true);
    expect(later).toBeNull();
  });
});
