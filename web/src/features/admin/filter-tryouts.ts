/**
 * The Tryouts tab's filters (spec §2: by age group and by result) and the search by tryout number or name a
 * volunteer uses at the door: "12" or "#12" finds tryout 12 (and 120…), "maya", "okafor m" or "Zoë" (typed
 * "zoe") find the player.
 */
import type { AgeGroup } from '@club/shared/constants';
import { cardPaymentPending, owesCash, seasonMoney, settled } from '@club/shared/season-money';
import type { AdminTryoutRow } from '@club/shared/types';

export type ResultFilter = 'all' | 'pending' | 'selected' | 'not_selected' | 'withdrawn';

/** Money at a glance (issue 18): who has paid, whose cash is still to collect, whose card is not paid yet. */
export type PaymentFilter = 'all' | 'paid' | 'cash_due' | 'card_pending' | 'refunded';

export interface TryoutFilters {
  ageGroup: AgeGroup | 'all';
  result: ResultFilter;
  payment: PaymentFilter;
  search: string;
}

export const NO_FILTERS: TryoutFilters = { ageGroup: 'all', result: 'all', payment: 'all', search: '' };

// The money vocabulary is shared (issue 35): the server's rows, the CSV and these filters read one definition.

function passesPayment(row: AdminTryoutRow, payment: PaymentFilter): boolean {
  switch (payment) {
    case 'all':
      return true;
    case 'paid':
      return settled(row);
    case 'cash_due':
      return owesCash(row);
    case 'card_pending':
      return cardPaymentPending(row);
    case 'refunded':
      return row.amount_refunded_cents > 0;
  }
}

/** The season's money: card payments in, cash still to collect, card payments not made yet. */
export function moneySummary(rows: readonly AdminTryoutRow[]) {
  const { cardPaidCents, cashDueCents, cashDue, pending } = seasonMoney(rows);
  return { cardPaidCents, cashDueCents, cashDue, pending };
}

/** Lower case, accents dropped, so "zoe" finds "Zoë". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const nameKeys = new WeakMap<AdminTryoutRow, string>();

/** A row's folded full name, computed once per row object (rows are replaced, never changed, on update). */
function nameKey(row: AdminTryoutRow): string {
  let key = nameKeys.get(row);
  if (key === undefined) {
    key = fold(`${row.first_name} ${row.last_name}`);
    nameKeys.set(row, key);
  }
  return key;
}

/** The search split into words; a word of digits (with or without a leading #) is a tryout number. */
function searchTerms(search: string): Array<{ number: string } | { name: string }> {
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (/^#?\d+$/.test(word) ? { number: word.replace('#', '') } : { name: word }));
}

export function hasFilters(filters: TryoutFilters): boolean {
  return (
    filters.ageGroup !== 'all' ||
    filters.result !== 'all' ||
    filters.payment !== 'all' ||
    filters.search.trim() !== ''
  );
}

/** The rows that pass every filter, in their order (tryout number). */
export function filterTryouts(rows: readonly AdminTryoutRow[], filters: TryoutFilters): AdminTryoutRow[] {
  const terms = searchTerms(filters.search);
  const wanted = filters.result === 'pending' ? '' : filters.result;
  return rows.filter((row) => {
    if (filters.ageGroup !== 'all' && row.age_group !== filters.ageGroup) return false;
    if (!passesPayment(row, filters.payment)) return false;
    if (wanted === 'withdrawn') {
      if (!row.withdrawn) return false;
    } else if (wanted !== 'all' && row.result !== wanted) return false;
    return terms.every((term) =>
      'number' in term ? String(row.tryout_number).startsWith(term.number) : nameKey(row).includes(term.name),
    );
  });
}
