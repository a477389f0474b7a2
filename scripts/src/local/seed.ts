/**
 * First-start data: an active season and the admin account. Runs on every start and changes nothing when
 * the data is already there, so a restart keeps what people entered.
 */
import * as v from 'valibot';
import { AGE_GROUPS, RegistrationPasswordSchema, SEED_SEASON_NAME, type TryoutSession } from '@club/shared';
import { getActiveSeason } from '@club/functions/db/seasons/seasons';
import { ensureSeedAdmin } from '@club/functions/services/accounts/accounts';
import { createSeason } from '@club/functions/services/seasons/seasons';
import { localConfig } from './config';

export interface SeedResult {
  season: { name: string; created: boolean };
  admin: { email: string; created: boolean };
}

const TERWILLEGAR = {
  location: 'Terwillegar Community Recreation Centre',
  address: '2051 Leger Road NW, Edmonton',
};
const MEADOWS = {
  location: 'The Meadows Community Recreation Centre',
  address: '2704 17 Street NW, Edmonton',
};

/** The sessions of spec §3's four August 2025 event cards (each card holds two days), in Edmonton time. */
export const SEED_SESSIONS: readonly TryoutSession[] = [
  ...['2025-08-16', '2025-08-17'].map((day) => ({
    kind: 'tryout' as const,
    age_groups: ['15U Boys' as const, '16U Boys' as const],
    starts_at: `${day}T10:00`,
    ends_at: `${day}T12:00`,
    ...TERWILLEGAR,
  })),
  ...['2025-08-16', '2025-08-17'].map((day) => ({
    kind: 'tryout' as const,
    age_groups: ['17U Boys' as const, '18U Boys' as const],
    starts_at: `${day}T13:00`,
    ends_at: `${day}T15:00`,
    ...TERWILLEGAR,
  })),
  ...['2025-08-13', '2025-08-20'].map((day) => ({
    kind: 'open-gym' as const,
    age_groups: ['15U Girls' as const, '17U Girls' as const],
    starts_at: `${day}T18:00`,
    ends_at: `${day}T20:00`,
    ...MEADOWS,
  })),
  ...['2025-08-23', '2025-08-24'].map((day) => ({
    kind: 'tryout' as const,
    age_groups: ['15U Girls' as const, '17U Girls' as const],
    starts_at: `${day}T10:00`,
    ends_at: `${day}T12:30`,
    ...MEADOWS,
  })),
];

async function seedSeason(): Promise<SeedResult['season']> {
  const active = await getActiveSeason();
  if (active) return { name: active.name, created: false };
  const season = await createSeason({
    name: SEED_SEASON_NAME,
    age_groups: AGE_GROUPS,
    is_registration_open: true,
    // The spec's guidance is for the 2025 season (13U 2012 … 18U 2007); the fee is the placeholder default.
    reference_year: 2025,
    sessions: SEED_SESSIONS,
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
