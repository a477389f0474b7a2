/**
 * Team fees in instalments (issue 46 §1): how a fee is split (property tests: whatever the fee and the count,
 * the parts add up to the fee and differ by a cent at most), and the team's instalment settings as the admin
 * sets them (both sides of each limit, with the messages the form shows).
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { todayInClubZone } from './dates';
import { isRetriedDecline, splitFee } from './instalments';
import { TeamCreateSchema, TeamUpdateSchema } from './team-schemas';

/** A date `days` from today, in the club's day (YYYY-MM-DD). */
function inDays(days: number): string {
  const [y, m, d] = todayInClubZone().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

describe('splitFee', () => {
  it('splits $750 in 3 and $100 in 3 (the first parts a cent more)', () => {
    expect(splitFee(75_000, 3)).toEqual([25_000, 25_000, 25_000]);
    expect(splitFee(10_000, 3)).toEqual([3_334, 3_333, 3_333]);
    expect(splitFee(10_001, 4)).toEqual([2_501, 2_500, 2_500, 2_500]);
    expect(splitFee(35_000, 1)).toEqual([35_000]);
  });

  it('always adds up to the fee, in 1 to 4 parts that differ by a cent at most, larger first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 1, max: 4 }), (fee, count) => {
        const parts = splitFee(fee, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(fee);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect(parts.every((p, i) => Number.isInteger(p) && p >= 0 && (i === 0 || p <= parts[i - 1]!))).toBe(
          true,
        );
      }),
    );
  });

  it('refuses 0 parts and 5 parts', () => {
    expect(() => splitFee(75_000, 0)).toThrow(RangeError);
    expect(() => splitFee(75_000, 5)).toThrow(RangeError);
  });
});

describe('a team’s instalment settings', () => {
  const team = { name: 'Sabres 15U Black', age_group: '15U Boys', capacity: 12, fee_cents: 75_000 };
  const issues = (schema: typeof TeamCreateSchema | typeof TeamUpdateSchema, input: unknown) => {
    const out = v.safeParse(schema, input);
    return out.success ? [] : out.issues.map((i) => i.message);
  };

  it('takes up to three due dates, each after the one before, from today on', () => {
    expect(issues(TeamCreateSchema, { ...team, instalment_due_dates: [] })).toEqual([]);
    expect(issues(TeamCreateSchema, { ...team, instalment_due_dates: [inDays(0)] })).toEqual([]);
    expect(
      issues(TeamCreateSchema, { ...team, instalment_due_dates: [inDays(10), inDays(40), inDays(70)] }),
    ).toEqual([]);
    expect(issues(TeamUpdateSchema, { instalment_due_dates: [inDays(30), inDays(60)] })).toEqual([]);
  });

  it('refuses four due dates, a date not in order, yesterday and a date that is no date', () => {
    expect(
      issues(TeamCreateSchema, {
        ...team,
        instalment_due_dates: [inDays(10), inDays(20), inDays(30), inDays(40)],
      }),
    ).toEqual(['Give at most 3 due dates for the later instalments, each a date (YYYY-MM-DD).']);
    expect(issues(TeamUpdateSchema, { instalment_due_dates: [inDays(20), inDays(20)] })).toEqual([
      'Each instalment’s due date must come after the one before.',
    ]);
    expect(issues(TeamUpdateSchema, { instalment_due_dates: [inDays(-1)] })).toEqual([
      'An instalment’s due date cannot be in the past.',
    ]);
    expect(issues(TeamUpdateSchema, { instalment_due_dates: ['2026-02-30'] })).toContain(
      'Give at most 3 due dates for the later instalments, each a date (YYYY-MM-DD).',
    );
  });

  it('takes 0 to 3 retries after a decline, and refuses -1, 4 and 1.5', () => {
    expect(issues(TeamCreateSchema, { ...team, instalment_retries: 0 })).toEqual([]);
    expect(issues(TeamUpdateSchema, { instalment_retries: 3 })).toEqual([]);
    for (const retries of [-1, 4, 1.5]) {
      expect(issues(TeamUpdateSchema, { instalment_retries: retries })).toEqual([
        'Retries after a decline are between 0 and 3.',
      ]);
    }
  });
});

describe('which declines the sweep tries again', () => {
  it('tries again after a refusal a later day can turn, never after an expired card or a request to confirm', () => {
    for (const reason of ['card_declined', 'insufficient_funds', 'other', null, undefined]) {
      expect(isRetriedDecline(reason), String(reason)).toBe(true);
    }
    for (const reason of ['authentication_required', 'expired_card']) {
      expect(isRetriedDecline(reason), reason).toBe(false);
    }
  });
});
