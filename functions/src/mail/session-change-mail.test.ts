/**
 * Issue 42: a moved session's mail names the season's tryout once ("A Fall 2025 Tryouts session…"), never
 * "A Fall 2025 Tryouts tryout session".
 */
import { describe, expect, it } from 'vitest';
import { sessionChangeMail } from './session-change-mail';

const GYM = { location: 'Harry Ainlay High School', address: '4350 111 St NW, Edmonton, AB' };

const changeFor = (seasonName: string) =>
  sessionChangeMail({
    to: 'family@example.test',
    firstName: 'Priya',
    seasonName,
    athletes: [{ firstName: 'Freya', ageGroup: '15U Girls' }],
    was: { starts_at: '2025-08-16T18:00', ends_at: '2025-08-16T20:00', ...GYM },
    now: { starts_at: '2025-08-17T18:00', ends_at: '2025-08-17T20:00', ...GYM },
    calendarUrl: 'webcal://example.test/api/calendar/abc.ics',
  });

describe('the moved session’s mail', () => {
  it('names a season called "… Tryouts" once, and a season without the word as its tryout', () => {
    expect(changeFor('Fall 2025 Tryouts').text).toContain(
      'A Fall 2025 Tryouts session for 15U Girls has changed.',
    );
    expect(changeFor('Fall 2025 Tryouts').text).not.toContain('Tryouts tryout');
    expect(changeFor('Spring 2026').text).toContain(
      'A Spring 2026 tryout session for 15U Girls has changed.',
    );
  });
});
