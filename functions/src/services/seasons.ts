/** Seasons: which one is active, creating one. */
import { randomUUID } from 'node:crypto';
import type { AgeGroup, Season } from '@club/shared';
import * as seasonsTable from '../db/seasons';
import { NotFoundError } from '../lib/errors';

export async function getActiveSeason(): Promise<Season> {
  const season = await seasonsTable.getActiveSeason();
  if (!season) throw new NotFoundError('No active season.');
  return {
    id: season.id,
    name: season.name,
    is_active: true,
    age_groups: season.age_groups,
    is_registration_open: season.is_registration_open,
  };
}

/** Creates a season and makes it the active one (spec §4: creating a season makes it the active one). */
export async function createSeason(input: {
  name: string;
  age_groups: readonly AgeGroup[];
  is_registration_open?: boolean;
  now?: Date;
}): Promise<Season> {
  const season: seasonsTable.SeasonItem = {
    id: randomUUID(),
    name: input.name,
    age_groups: [...input.age_groups],
    is_registration_open: input.is_registration_open ?? false,
    createdAt: (input.now ?? new Date()).toISOString(),
  };
  await seasonsTable.createActiveSeason(season);
  return { ...season, is_active: true };
}
