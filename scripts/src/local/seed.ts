/**
 * First-start data: an active season and the admin account. Runs on every start and changes nothing when
 * the data is already there, so a restart keeps what people entered.
 */
import * as v from 'valibot';
import { AGE_GROUPS, RegistrationPasswordSchema, SEED_SEASON_NAME } from '@club/shared';
import { getActiveSeason } from '@club/functions/db/seasons';
import { ensureSeedAdmin } from '@club/functions/services/accounts';
import { createSeason } from '@club/functions/services/seasons';
import { localConfig } from './config';

export interface SeedResult {
  season: { name: string; created: boolean };
  admin: { email: string; created: boolean };
}

async function seedSeason(): Promise<SeedResult['season']> {
  const active = await getActiveSeason();
  if (active) return { name: active.name, created: false };
  const season = await createSeason({
    name: SEED_SEASON_NAME,
    age_groups: AGE_GROUPS,
    is_registration_open: true,
    // The spec's guidance is for the 2025 season (13U 2012 … 18U 2007); the fee is the placeholder default.
    reference_year: 2025,
  });
  return { name: season.name, created: true };
}

/** The admin from ADMIN_EMAIL / ADMIN_PASSWORD: verified, is_admin true; an existing account is left alone. */
async function seedAdmin(): Promise<SeedResult['admin']> {
  const { adminEmail, adminPassword } = localConfig();
  const strong = v.safeParse(RegistrationPasswordSchema, adminPassword);
  if (!strong.success) throw new Error(`ADMIN_PASSWORD is too weak: ${strong.issues[0].message}.`);
  return ensureSeedAdmin({ email: adminEmail, password: adminPassword });
}

export async function seed(): Promise<SeedResult> {
  return { season: await seedSeason(), admin: await seedAdmin() };
}
