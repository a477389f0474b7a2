/** What the fall pages (spec §2: /FallTeams, /FallTeams/Girls, /FallTeams/Boys) say about the fall program. */
import { AGE_GROUP_BIRTH_YEARS, FALL_PROGRAM } from '@club/shared/constants';
import { type AgeKey, type Division, FALL_DIVISIONS, type FallDivision } from './teams';

export function fallDivision(division: Division): FallDivision {
  return FALL_DIVISIONS.find((d) => d.division === division)!;
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
