/**
 * What a registration must satisfy beyond the season being open (issue 36): a group the athlete's birth year
 * and division fit, and the season's waiver as it is now, signed with the account holder's name. Each refusal
 * is thrown before anything is written.
 */
import {
  earliestBirthYear,
  fieldMessages,
  fitsAgeGroup,
  groupsFor,
  serverMessages,
  type AccessTokenClaims,
  type AgeGroup,
  type TryoutRegistrationInput,
} from '@club/shared';
import type * as seasonsTable from '../../db/seasons/seasons';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { BadRequestError, ConflictError } from '../../lib/errors';
import type { Player } from './players';

/**
 * A group the player's birth year or division does not fit is refused before anything is written (issue 36).
 * The spec's own call keeps its birth-year message; a family's names the child and the groups that fit.
 */
export function refuseMisfit(
  player: Player,
  group: AgeGroup,
  season: seasonsTable.SeasonItem,
  ownOnly: boolean,
) {
  const { date_of_birth, first_name, last_name } = player.details;
  const fits = groupsFor(
    { date_of_birth, division: player.division },
    season.age_groups,
    season.reference_year,
  );
  if (fits.includes(group)) return;
  const yearFits = fitsAgeGroup(date_of_birth, group, season.reference_year);
  if (ownOnly && !yearFits) {
    throw new BadRequestError(
      serverMessages.ineligibleBirthYear(group, earliestBirthYear(group, season.reference_year)),
    );
  }
  throw new BadRequestError(serverMessages.groupMisfit(first_name, last_name, group, fits));
}

/** "Dana  okafor " and "Dana Okafor" are the same name typed. */
export const sameName = (a: string, b: string) =>
  a.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-CA') ===
  b.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-CA');

/**
 * The season's waiver as accepted (issue 36): required when the season has one, of the version the season
 * has now (a family that read an older one is asked to read it again: 409), signed with the account holder's
 * full name. Null for a season without a waiver: registering is as spec §7 has it.
 */
export function acceptedWaiver(
  caller: AccessTokenClaims,
  season: seasonsTable.SeasonItem,
  input: TryoutRegistrationInput['waiver'],
  now: Date,
): RegistrationItem['waiver'] | null {
  if (!season.waiver_text) return null;
  if (!input) {
    throw new BadRequestError(fieldMessages.waiverRequired, [
      { field: 'waiver', msg: fieldMessages.waiverRequired },
    ]);
  }
  if (input.version !== (season.waiver_version ?? 1)) throw new ConflictError(serverMessages.waiverChanged);
  const name = `${caller.first_name} ${caller.last_name}`;
  if (!sameName(input.signed_name, name)) {
    const msg = serverMessages.waiverNameMismatch(name);
    throw new BadRequestError(msg, [{ field: 'waiver', msg }]);
  }
  return {
    version: input.version,
    signed_name: input.signed_name,
    accepted_at: now.toISOString(),
    accepted_by: caller.sub,
  };
}
