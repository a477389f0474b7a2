/**
 * Builders of the API's answers for web tests, typed by the shared types: valid defaults, each field
 * overridable. A new field in an answer is one edit here, not one in every test that serves it. (The admin
 * area's rows and seasons: features/admin/test-data.ts; a family's season and registration:
 * features/tryouts/test-data.ts.)
 */
import type { Athlete, HouseholdTryout } from '@club/shared/types';

/** An athlete of a household as GET /household answers it: Mina Quinn, born 2011-03-09, her parent's consent given. */
export function anAthlete(overrides: Partial<Athlete> = {}): Athlete {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    first_name: 'Mina',
    last_name: 'Quinn',
    date_of_birth: '2011-03-09',
    emergency_contact_name: 'Robin Quinn',
    emergency_contact_phone: '780-555-0199',
    emergency_contact_email: 'robin@example.test',
    emergency_contact_relationship: 'parent',
    parent_consent: true,
    ...overrides,
  };
}

/** An athlete of the household not registered this season, as GET /household/tryouts answers it. */
export function notRegistered(athlete_id: string, overrides: Partial<HouseholdTryout> = {}): HouseholdTryout {
  return {
    athlete_id,
    hasRegistered: false,
    season: 'Fall 2025 Tryouts',
    tryout_number: null,
    result: '',
    payment_method: null,
    payment_status: null,
    teamsnap_link: null,
    age_group: null,
    ...overrides,
  };
}
