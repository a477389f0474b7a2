import { describe, expect, it } from 'vitest';
import { mapLink, sessionsOf } from './player-sessions';
import { sessionInstant } from './session-instants';
import { sessionWhen } from './sessions';
import type { TryoutSession } from './types';

const at = (starts_at: string, ends_at: string, extra: Partial<TryoutSession> = {}): TryoutSession => ({
  kind: 'tryout',
  age_groups: ['15U Boys', '16U Boys'],
  starts_at,
  ends_at,
  location: 'Terwillegar Community Recreation Centre',
  address: '2051 Leger Road NW, Edmonton',
  ...extra,
});

describe('sessionWhen', () => {
  it('writes a session as spec §3 event cards do, in Edmonton wall-clock time', () => {
    expect(sessionWhen(at('2025-08-16T10:00', '2025-08-16T12:00'))).toBe(
      'Saturday, August 16, 2025 · 10:00 a.m. – 12:00 p.m.',
    );
    expect(sessionWhen(at('2025-08-13T18:00', '2025-08-13T20:00'))).toBe(
      'Wednesday, August 13, 2025 · 6:00 p.m. – 8:00 p.m.',
    );
  });

  it('keeps a late evening session on its own day, whatever zone the reader is in', () => {
    expect(sessionWhen(at('2026-12-31T22:30', '2026-12-31T23:59'))).toBe(
      'Thursday, December 31, 2026 · 10:30 p.m. – 11:59 p.m.',
    );
  });
});

describe('sessionsOf', () => {
  it("lists one group's tryout sessions, earliest first, leaving out open gyms and other groups", () => {
    const late = at('2026-08-19T18:00', '2026-08-19T19:30');
    const early = at('2026-08-18T18:00', '2026-08-18T19:30');
    const gym = at('2026-08-10T18:00', '2026-08-10T20:00', { kind: 'open-gym' });
    const girls = at('2026-08-17T18:00', '2026-08-17T19:30', { age_groups: ['15U Girls'] });

    expect(sessionsOf([late, gym, girls, early], '15U Boys')).toEqual([early, late]);
    expect(sessionsOf([late, gym, girls, early], '17U Boys')).toEqual([]);
  });
});

describe('mapLink', () => {
  it('searches the map for the gym and its address', () => {
    expect(mapLink(at('2026-08-18T18:00', '2026-08-18T19:30'))).toBe(
      'https://www.google.com/maps/search/?api=1&query=Terwillegar%20Community%20Recreation%20Centre%2C%202051%20Leger%20Road%20NW%2C%20Edmonton',
    );
  });
});

describe('sessionInstant', () => {
  it("reads Edmonton's wall clock in summer (UTC−6) and winter (UTC−7)", () => {
    expect(sessionInstant('2026-08-18T18:00').toISOString()).toBe('2026-08-19T00:00:00.000Z');
    expect(sessionInstant('2026-01-10T10:00').toISOString()).toBe('2026-01-10T17:00:00.000Z');
  });

  it('crosses the daylight-saving changes of 2026 (Mar 8 and Nov 1) at the right hour', () => {
    expect(sessionInstant('2026-03-08T01:30').toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(sessionInstant('2026-03-08T03:30').toISOString()).toBe('2026-03-08T09:30:00.000Z');
    expect(sessionInstant('2026-11-01T03:00').toISOString()).toBe('2026-11-01T10:00:00.000Z');
  });
});
