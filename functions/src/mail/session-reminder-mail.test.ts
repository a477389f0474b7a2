/**
 * Issue 42: the reminder's subject names the season's tryout once: "Fall 2025 Tryouts", never
 * "Fall 2025 Tryouts tryout".
 */
import { describe, expect, it } from 'vitest';
import { sessionReminderMail } from './session-reminder-mail';

const reminderFor = (seasonName: string) =>
  sessionReminderMail({
    to: 'family@example.test',
    firstName: 'Priya',
    seasonName,
    session: {
      starts_at: '2025-08-16T18:00',
      ends_at: '2025-08-16T20:00',
      location: 'Harry Ainlay High School',
      address: '4350 111 St NW, Edmonton, AB',
    },
    athletes: [
      {
        firstName: 'Freya',
        ageGroup: '15U Girls',
        tryoutNumber: 7,
        cashDueCents: 0,
        checkinQrUrl: 'https://example.test/api/checkin-codes/SBC1.x',
      },
    ],
  });

describe('the day-before reminder’s subject', () => {
  it('does not repeat "tryout" after a season named for its tryouts', () => {
    expect(reminderFor('Fall 2025 Tryouts').subject).toBe(
      'Tomorrow: Fall 2025 Tryouts, Saturday, August 16, 2025 · 6:00 p.m. – 8:00 p.m.',
    );
  });

  it('says "tryout" after a season whose name does not', () => {
    expect(reminderFor('Fall 2025').subject).toBe(
      'Tomorrow: Fall 2025 tryout, Saturday, August 16, 2025 · 6:00 p.m. – 8:00 p.m.',
    );
  });
});
