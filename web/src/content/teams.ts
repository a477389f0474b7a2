/** The club's teams (spec §2): the fall 2025 teams with their facts, and the spring 2026 age groups. */
import { AGE_GROUP_BIRTH_YEARS, FALL_PROGRAM } from '@club/shared/constants';
import { SPRING_TEAM_SLUGS } from '@club/shared/site-paths';

export type Division = 'girls' | 'boys';
type AgeKey = keyof typeof AGE_GROUP_BIRTH_YEARS;

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

export function fallDivision(division: Division): FallDivision {
  return FALL_DIVISIONS.find((d) => d.division === division)!;
}

/** "15U and 17U", "15U, 16U, 17U and 18U". */
export function listAgeGroups(groups: readonly string[]): string {
  return groups.length < 2 ? groups.join('') : `${groups.slice(0, -1).join(', ')} and ${groups.at(-1)}`;
}

/** Who may play in an age group: born in the year shown or later (spec §5). */
export function birthYearRule(age: AgeKey): string {
  return `born in ${AGE_GROUP_BIRTH_YEARS[age]} or later`;
}

export const FALL_COST_TEXT = `$${FALL_PROGRAM.costPerAthleteCad} per athlete`;

/** What the fall fee covers. */
export const FALL_INCLUSIONS = [
  'Game uniform (home and away) and a reversible practice jersey to keep',
  'Club gear: shooting shirt and backpack',
  `${FALL_PROGRAM.practicesPerWeek} coached practices every week through the season`,
  `Entry fees for ${FALL_PROGRAM.tournaments} tournaments, ${FALL_PROGRAM.gamesPerTournament} games each`,
  'A written growth report from your coach every month',
] as const;

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
