/**
 * Answers of the admin API for tests, screenshots and the bench: seasons and registrations, each field
 * overridable, and a season of many registrations with varied names, groups, payments and results.
 */
import { AGE_GROUPS } from '@club/shared/constants';
import { amountsOf } from '@club/shared/tryouts';
import type { AdminSeason, AdminTryoutRow } from '@club/shared/types';

export const SEASON_ID = '3f1c2a9e-5b7d-4c1e-9a2f-6d8e0b4c7a11';
export const OLDER_SEASON_ID = '9b2e4d6f-1a3c-4e5f-8a7b-0c1d2e3f4a55';

export function anAdminSeason(overrides: Partial<AdminSeason> = {}): AdminSeason {
  return {
    id: SEASON_ID,
    name: 'Fall 2025 Tryouts',
    is_active: true,
    age_groups: [...AGE_GROUPS],
    is_registration_open: true,
    tryout_fee_cents: 5000,
    sibling_fee_cents: 5000,
    reference_year: 2025,
    registration_opens_on: null,
    waiver_text: '',
    waiver_version: 0,
    refund_policy: '',
    sessions: [],
    teamsnap_links: {},
    created_at: '2025-06-01T15:00:00.000Z',
    offers: { enabled: false, respond_within_hours: 48, publish_at: null, auto_offer_alternates: true },
    offers_published_at: null,
    capacities: {},
    spot_hold_hours: 24,
    ...overrides,
  };
}

/** The public id of registration `n` of a season: `<seasonId>.<playerId>`. */
export function tryoutId(n: number, seasonId = SEASON_ID): string {
  return `${seasonId}.00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function aRow(overrides: Partial<AdminTryoutRow> = {}): AdminTryoutRow {
  const row = {
    id: tryoutId(1),
    withdrawn: false,
    tryout_number: 1,
    first_name: 'Maya',
    last_name: 'Okafor',
    age_group: '15U Girls',
    payment_method: 'cash',
    payment_status: 'cash',
    attended: false,
    result: '',
    email_sent: false,
    email_status: 'not_sent',
    date_of_birth: '2010-04-09',
    is_under_18: true,
    parent_consent: true,
    email: 'maya.okafor@example.com',
    phone_number: '780-555-0142',
    emergency_contact_name: 'Grace Okafor',
    emergency_contact_phone: '780-555-0199',
    emergency_contact_relationship: 'parent',
    emergency_contact_email: 'grace.okafor@example.com',
    photo_consent: false,
    financial_support_requested: false,
    ...overrides,
  } as const;
  // A $50.00 fee, paid or owed as its status says, and the account as its one guardian, unless told otherwise.
  return {
    ...amountsOf({ amount_cents: 5000, payment_status: row.payment_status }),
    guardians: [
      { name: `${row.first_name} ${row.last_name}`, email: row.email, phone_number: row.phone_number },
    ],
    ...row,
  };
}

const FIRST = [
  'Maya',
  'Liam',
  'Noah',
  'Ava',
  'Zoë',
  'Ethan',
  'Amara',
  'Lucas',
  'Priya',
  'Owen',
  'Chloé',
  'Mateo',
  'Hana',
  'Jayden',
  'Sofia',
  'Kai',
  'Nia',
  'Arjun',
  'Emma',
  'Tariq',
  'Leah',
  'Diego',
  'Aisha',
  'Ben',
];
const LAST = [
  'Okafor',
  'Nguyen',
  'Singh',
  'Tremblay',
  'Roy',
  'Gagnon',
  'Smith',
  'Chen',
  'Mbeki',
  'Kowalski',
  'Côté',
  'Haddad',
  'Brown',
  'Lee',
  'Martin',
  'Sandhu',
  'Wilson',
  'Ibrahim',
  'Fontaine',
  'Yellowhorn',
];

/** `count` registrations numbered from 1, deterministic, about a third decided and a quarter mailed. */
export function manyRows(count: number, seasonId = SEASON_ID): AdminTryoutRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const first = FIRST[(i * 7) % FIRST.length]!;
    const last = LAST[(i * 11 + Math.floor(i / 20)) % LAST.length]!;
    const cash = i % 3 === 0;
    const result = i % 5 === 0 ? 'selected' : i % 5 === 1 ? 'not_selected' : '';
    const sent = result !== '' && i % 4 === 0;
    const year = 2008 + (i % 6);
    return aRow({
      id: tryoutId(n, seasonId),
      tryout_number: n,
      first_name: first,
      last_name: last,
      age_group: AGE_GROUPS[i % AGE_GROUPS.length]!,
      payment_method: cash ? 'cash' : 'stripe',
      payment_status: cash ? (i % 2 ? 'paid' : 'cash') : i % 7 === 0 ? 'pending' : 'paid',
      attended: i % 3 !== 2,
      result,
      email_sent: sent,
      email_status: sent ? 'sent' : 'not_sent',
      date_of_birth: `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      is_under_18: year > 2007,
      parent_consent: year > 2007,
      email: `${first}.${last}.${n}@example.com`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
      phone_number: `780-555-${String(1000 + (n % 9000)).padStart(4, '0')}`,
      emergency_contact_name: `${FIRST[(i * 5 + 3) % FIRST.length]} ${last}`,
      emergency_contact_phone: `587-555-${String(2000 + (n % 7000)).padStart(4, '0')}`,
      emergency_contact_relationship: (['parent', 'guardian', 'other_family', 'other'] as const)[i % 4]!,
      emergency_contact_email: `family.${n}@example.com`,
    });
  });
}
