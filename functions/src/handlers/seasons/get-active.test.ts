import { describe, expect, it } from 'vitest';
import { createSeason } from '../../services/seasons/seasons';
import { call } from '../../../test/api';

/** Spec §3, admin age groups. */
const ALL_AGE_GROUPS = [
  '13U Boys',
  '15U Boys',
  '16U Boys',
  '17U Boys',
  '18U Boys',
  '15U Girls',
  '17U Girls',
] as const;

describe('GET /seasons/active', () => {
  it('answers 404 with a message while no season exists', async () => {
    const res = await call('getActiveSeason');

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No active season.' });
  });

  it('answers the newest created season as the active one', async () => {
    await createSeason({ name: 'Spring 2025', age_groups: ALL_AGE_GROUPS, now: new Date('2025-01-01') });
    const fall = await createSeason({
      name: 'Fall 2025 Tryouts',
      age_groups: ALL_AGE_GROUPS,
      is_registration_open: true,
      tryout_fee_cents: 4_500,
      reference_year: 2025,
    });

    const res = await call('getActiveSeason');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      id: fall.id,
      name: 'Fall 2025 Tryouts',
      is_active: true,
      age_groups: ['13U Boys', '15U Boys', '16U Boys', '17U Boys', '18U Boys', '15U Girls', '17U Girls'],
      is_registration_open: true,
      tryout_fee_cents: 4_500,
      // No sibling fee set: each further athlete of a family pays the fee.
      sibling_fee_cents: 4_500,
      reference_year: 2025,
      sessions: [],
      registration_opens_on: null,
      waiver_text: '',
      waiver_version: 0,
      refund_policy: '',
    });
  });

  it('starts a season without a fee or year at the $50.00 placeholder fee, counting ages from this year in Edmonton', async () => {
    // 2026-01-01 05:30 UTC is still 2025-12-31 in Edmonton.
    await createSeason({ name: 'Winter', age_groups: ALL_AGE_GROUPS, now: new Date('2026-01-01T05:30:00Z') });

    const res = await call('getActiveSeason');

    expect(res.body).toMatchObject({ name: 'Winter', tryout_fee_cents: 5000, reference_year: 2025 });
  });
});
