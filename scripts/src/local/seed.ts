/**
 * First-start data: an active season (and, once accounts exist, the admin account). Runs on every start
 * and changes nothing when the data is already there, so a restart keeps what people entered.
 */
import { AGE_GROUPS, SEED_SEASON_NAME } from '@club/shared';
import { getActiveSeason } from '@club/functions/db/seasons';
import { createSeason } from '@club/functions/services/seasons';

export interface SeedResult {
  season: { name: string; created: boolean };
}

export async function seed(): Promise<SeedResult> {
  const active = await getActiveSeason();
  if (active) return { season: { name: active.name, created: false } };
  const season = await createSeason({
    name: SEED_SEASON_NAME,
    age_groups: AGE_GROUPS,
    is_registration_open: true,
  });
  return { season: { name: season.name, created: true } };
}
