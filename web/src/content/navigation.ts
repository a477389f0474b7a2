/** The navigation's items and dropdowns (spec §2 shared chrome), read by the top bar and the mobile sidebar. */
import { SPRING_TEAMS } from './teams';

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavMenu {
  id: string;
  label: string;
  items: readonly NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavMenu;

export function isMenu(entry: NavEntry): entry is NavMenu {
  return 'items' in entry;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    id: 'about',
    label: 'About',
    items: [
      { label: 'Our Mission', to: '/about#mission' },
      { label: 'Events', to: '/#upcoming-events' },
      { label: 'Why Choose Us', to: '/about#why-choose-us' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    id: 'fall',
    label: 'Fall Season',
    items: [
      { label: 'All Fall Teams', to: '/FallTeams' },
      { label: 'Girls Teams', to: '/FallTeams/Girls' },
      { label: 'Boys Teams', to: '/FallTeams/Boys' },
    ],
  },
  {
    id: 'spring',
    label: 'Spring Season',
    items: [
      { label: 'Tryouts Information', to: '/tryout-information' },
      { label: 'All Spring Teams', to: '/SpringTeams' },
      ...SPRING_TEAMS.map((team) => ({ label: team.name, to: team.path })),
    ],
  },
  { label: 'Winter Programming', to: '/WinterProgramming' },
  { label: 'Training/Camps', to: '/Training' },
  { label: 'Tournaments', to: '/Tournaments' },
];
