import { describe, expect, it } from 'vitest';
import { filterTryouts, hasFilters, moneySummary, NO_FILTERS, type TryoutFilters } from './filter-tryouts';
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

describe('money at a glance (issue 18)', () => {
  const money = [
    aRow({ id: tryoutId(11), tryout_number: 1, payment_method: 'cash', payment_status: 'cash' }),
    aRow({ id: tryoutId(12), tryout_number: 2, payment_method: 'cash', payment_status: 'paid' }),
    aRow({ id: tryoutId(13), tryout_number: 3, payment_method: 'stripe', payment_status: 'paid' }),
    aRow({ id: tryoutId(14), tryout_number: 4, payment_method: 'stripe', payment_status: 'pending' }),
    aRow({ id: tryoutId(15), tryout_number: 5, payment_method: 'stripe', payment_status: 'failed' }),
    aRow({
      id: tryoutId(16),
      tryout_number: 6,
      payment_method: 'cash',
      payment_status: 'cash',
      withdrawn: true,
    }),
    aRow({
      id: tryoutId(17),
      tryout_number: 7,
      payment_method: 'stripe',
      payment_status: 'partially_refunded',
      amount_paid_cents: 5000,
      amount_refunded_cents: 2000,
      amount_due_cents: 0,
    }),
  ];
  const shown = (payment: TryoutFilters['payment']) =>
    filterTryouts(money, { ...NO_FILTERS, payment }).map((r) => r.tryout_number);

  it('filters by payment: paid, cash to collect, card pending, refunded; a withdrawal owes nothing', () => {
    expect(shown('all')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shown('paid')).toEqual([2, 3, 7]);
    expect(shown('cash_due')).toEqual([1]);
    expect(shown('card_pending')).toEqual([4, 5]);
    expect(shown('refunded')).toEqual([7]);
    expect(hasFilters({ ...NO_FILTERS, payment: 'cash_due' })).toBe(true);
  });

  it('sums card payments in, cash to collect and card payments still pending', () => {
    expect(moneySummary(money)).toEqual({ cardPaidCents: 10000, cashDueCents: 5000, cashDue: 1, pending: 2 });
  });
});
