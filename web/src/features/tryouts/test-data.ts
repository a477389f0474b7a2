/** Answers of the tryout API for tests (spec §3), each overridable field by field. */
import type { MyTryout, Season } from '@club/shared/types';

export function aSeason(overrides: Partial<Season> = {}): Season {
  return {
    id: 'season-1',
    name: 'Fall 2025 Tryouts',
    is_active: true,
    age_groups: ['13U Boys', '15U Boys', '16U Boys', '17U Boys', '18U Boys', '15U Girls', '17U Girls'],
    is_registration_open: true,
    tryout_fee_cents: 5000,
    sibling_fee_cents: 5000,
    reference_year: 2025,
    registration_opens_on: null,
    waiver_text: '',
    waiver_version: 0,
    refund_policy: '',
    sessions: [],
    ...overrides,
  };
}

export function aTryout(overrides: Partial<MyTryout> = {}): MyTryout {
  return {
    hasRegistered: true,
    season: 'Fall 2025 Tryouts',
    tryout_number: 42,
    result: '',
    payment_method: 'cash',
    payment_status: 'cash',
    teamsnap_link: null,
    age_group: '15U Boys',
    withdrawal_open: true,
    ...overrides,
  };
}

/** A promise the test settles by hand, to hold a request in flight. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
