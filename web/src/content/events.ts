/**
 * The Upcoming Events cards (spec §3: four cards, hard-coded for August 2025). The home page lists them and the
 * tryout information page builds its schedule and open gyms from the same cards.
 */

export interface EventCard {
  id: string;
  title: string;
  kind: 'tryout' | 'open-gym';
  /** Date-time and location lines, in the order shown. */
  details: readonly string[];
}

const TERWILLEGAR = 'Terwillegar Community Recreation Centre, 2051 Leger Road NW, Edmonton';
const MEADOWS = 'The Meadows Community Recreation Centre, 2704 17 Street NW, Edmonton';

export const UPCOMING_EVENTS: readonly EventCard[] = [
  {
    id: 'boys-15u-16u-tryouts',
    title: '15U/16U Boys Tryouts',
    kind: 'tryout',
    details: [
      'Saturday, August 16, 2025 · 10:00 a.m. – 12:00 p.m.',
      'Sunday, August 17, 2025 · 10:00 a.m. – 12:00 p.m.',
      TERWILLEGAR,
    ],
  },
  {
    id: 'boys-17-18u-tryouts',
    title: '17/18U Boys Tryouts',
    kind: 'tryout',
    details: [
      'Saturday, August 16, 2025 · 1:00 p.m. – 3:00 p.m.',
      'Sunday, August 17, 2025 · 1:00 p.m. – 3:00 p.m.',
      TERWILLEGAR,
    ],
  },
  {
    id: 'girls-15u-17u-open-gym',
    title: '15U/17U Girls Open Gym',
    kind: 'open-gym',
    details: [
      'Wednesday, August 13, 2025 · 6:00 p.m. – 8:00 p.m.',
      'Wednesday, August 20, 2025 · 6:00 p.m. – 8:00 p.m.',
      MEADOWS,
    ],
  },
  {
    id: 'girls-15u-17u-tryouts',
    title: '15U/17U Girls Tryouts',
    kind: 'tryout',
    details: [
      'Saturday, August 23, 2025 · 10:00 a.m. – 12:30 p.m.',
      'Sunday, August 24, 2025 · 10:00 a.m. – 12:30 p.m.',
      MEADOWS,
    ],
  },
];
