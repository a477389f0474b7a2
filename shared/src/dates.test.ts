import { describe, expect, it } from 'vitest';
import { ageOn, isIsoDate, isMinor, todayInClubZone } from './dates';

describe('ages against the adult threshold of 18', () => {
  it('turns 18 on the birthday itself, not the day before', () => {
    expect(ageOn('2008-08-15', '2026-08-14')).toBe(17);
    expect(ageOn('2008-08-15', '2026-08-15')).toBe(18);
    expect(isMinor('2008-08-15', '2026-08-14')).toBe(true);
    expect(isMinor('2008-08-15', '2026-08-15')).toBe(false);
  });

  it('counts a 29 February birthday as reached on 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('calendar dates', () => {
  it('accepts real dates and rejects impossible or malformed ones', () => {
    expect(isIsoDate('2012-02-29')).toBe(true);
    expect(isIsoDate('2013-02-29')).toBe(false);
    expect(isIsoDate('2013-13-01')).toBe(false);
    expect(isIsoDate('13/01/2013')).toBe(false);
  });

  it('takes today in Edmonton, where it is still the previous day after midnight UTC', () => {
    // 2026-01-01 05:00 UTC is 2025-12-31 22:00 in Edmonton (UTC-7).
    expect(todayInClubZone(new Date('2026-01-01T05:00:00Z'))).toBe('2025-12-31');
    expect(todayInClubZone(new Date('2026-01-01T08:00:00Z'))).toBe('2026-01-01');
  });
});
