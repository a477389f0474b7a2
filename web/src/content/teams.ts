/**
 * The club's teams (spec §2): the fall 2025 divisions and the spring 2026 age groups, which the navigation and
 * the home page show. What only the fall pages show is in fall-program.ts.
 */
import type { AGE_GROUP_BIRTH_YEARS } from '@club/shared/constants';
import { SPRING_TEAM_SLUGS } from '@club/shared/site-paths';

export type Division = 'girls' | 'boys';
export type AgeKey = keyof typeof AGE_GROUP_BIRTH_YEARS;

export interface FallDivision {
  division: Division;
  /** 'Girls' / 'Boys' as the page and the path (/FallTeams/Girls) spell it. */
  label: 'Girls' | 'Boys';
  path: `/FallTeams/${'Girls' | 'Boys'}`;
  ageGroups: readonly AgeKey[];
}

export const FALL_DIVISIONS: readonly FallDivision[] = [
  { division: 'girls', label: 'Girls', path: '/FallTeams/Girls', ageGroups: ['15U', '17U'] },
  { division: 'boys', label: 'Boys', path: '/FallTeams/Boys', ageGroups: ['15U', '16U', '17U', '18U'] },
];

/** "15U and 17U", "15U, 16U, 17U and 18U". */
export function listAgeGroups(groups: readonly string[]): string {
  return groups.length < 2 ? groups.join('') : `${groups.slice(0, -1).join(', ')} and ${groups.at(-1)}`;
}

export type SpringTeamSlug = (typeof SPRING_TEAM_SLUGS)[number];

/** '13u-boys' → '13U Boys'. */
export function springTeamName(slug: SpringTeamSlug): string {
  const [age, division] = slug.split('-') as [string, string];
  return `${age.toUpperCase()} ${division.charAt(0).toUpperCase()}${division.slice(1)}`;
}

export const SPRING_TEAMS = SPRING_TEAM_SLUGS.map((slug) => ({
  slug,
  name: springTeamName(slug),
  path: `/SpringTeams/${slug}` as const,
}));
