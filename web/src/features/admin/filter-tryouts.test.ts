import { describe, expect, it } from 'vitest';
import { filterTryouts, hasFilters, NO_FILTERS, type TryoutFilters } from './filter-tryouts';
import { aRow, tryoutId } from './test-data';

const rows = [
  aRow({
    id: tryoutId(1),
    tryout_number: 1,
    first_name: 'Maya',
    last_name: 'Okafor',
    age_group: '15U Girls',
  }),
  aRow({
    id: tryoutId(2),
    tryout_number: 12,
    first_name: 'Liam',
    last_name: 'Nguyen',
    age_group: '15U Boys',
    result: 'selected',
  }),
  aRow({
    id: tryoutId(3),
    tryout_number: 120,
    first_name: 'Zoë',
    last_name: 'Côté',
    age_group: '17U Girls',
    result: 'not_selected',
  }),
  aRow({
    id: tryoutId(4),
    tryout_number: 21,
    first_name: 'Mateo',
    last_name: 'Maya-Smith',
    age_group: '15U Boys',
    withdrawn: true,
  }),
];

const numbers = (filters: Partial<TryoutFilters>) =>
  filterTryouts(rows, { ...NO_FILTERS, ...filters }).map((r) => r.tryout_number);

describe('search by tryout number or name (check-in at the door)', () => {
  it('shows every row without filters', () => {
    expect(numbers({})).toEqual([1, 12, 120, 21]);
  });

  it('finds a tryout number and the numbers it begins, in table order', () => {
    expect(numbers({ search: '12' })).toEqual([12, 120]);
    expect(numbers({ search: '120' })).toEqual([120]);
    expect(numbers({ search: '2' })).toEqual([21]);
  });

  it('takes a number written with a # sign', () => {
    expect(numbers({ search: '#12' })).toEqual([12, 120]);
  });

  it('finds a first or last name, in any case, anywhere in the name', () => {
    expect(numbers({ search: 'maya' })).toEqual([1, 21]);
    expect(numbers({ search: 'NGUY' })).toEqual([12]);
  });

  it('needs every word to match, in any order', () => {
    expect(numbers({ search: 'okafor maya' })).toEqual([1]);
    expect(numbers({ search: 'maya 2' })).toEqual([21]);
    expect(numbers({ search: 'maya liam' })).toEqual([]);
  });

  it('ignores accents both ways, and spaces around the search', () => {
    expect(numbers({ search: '  zoe cote ' })).toEqual([120]);
    expect(numbers({ search: 'Zoë' })).toEqual([120]);
  });

  it('finds nothing for a name nobody has', () => {
    expect(numbers({ search: 'xavier' })).toEqual([]);
  });
});

describe('age-group and result filters (spec §2)', () => {
  it('keeps one age group', () => {
    expect(numbers({ ageGroup: '15U Boys' })).toEqual([12, 21]);
  });

  it.each([
    ['pending', [1, 21]],
    ['selected', [12]],
    ['not_selected', [120]],
  ] as const)('keeps result %s', (result, expected) => {
    expect(numbers({ result })).toEqual(expected);
  });

  it('combines the filters with the search', () => {
    expect(numbers({ ageGroup: '15U Boys', result: 'pending', search: 'maya' })).toEqual([21]);
    expect(numbers({ ageGroup: '15U Girls', search: '12' })).toEqual([]);
  });

  it('says whether any filter is set; spaces alone are no search', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, search: '   ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, search: 'm' })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, result: 'pending' })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, ageGroup: '17U Girls' })).toBe(true);
  });
});

describe('the withdrawn filter (issue 15)', () => {
  it('lists the withdrawn registrations only, and with an age group, those of it', () => {
    expect(numbers({ result: 'withdrawn' })).toEqual([21]);
    expect(numbers({ result: 'withdrawn', ageGroup: '15U Girls' })).toEqual([]);
  });
});
