/** The Tryouts tab's search by tryout number or name and its age-group and result filters (spec §2). */
import { useId } from 'react';
import type { AgeGroup } from '@club/shared/constants';
import { RESULT_LABELS } from '@club/shared/tryouts';
import type { PaymentFilter, ResultFilter, TryoutFilters } from './filter-tryouts';
import { adminMessages as t } from './messages';

const RESULT_FILTERS: Array<{ value: ResultFilter; label: string }> = [
  { value: 'all', label: t.allResults },
  { value: 'pending', label: RESULT_LABELS[''] },
  { value: 'selected', label: RESULT_LABELS.selected },
  { value: 'not_selected', label: RESULT_LABELS.not_selected },
  { value: 'withdrawn', label: t.withdrawnFilter },
];

const PAYMENT_FILTERS: Array<{ value: PaymentFilter; label: string }> = [
  { value: 'all', label: t.allPayments },
  { value: 'paid', label: t.paidFilter },
  { value: 'cash_due', label: t.cashDueFilter },
  { value: 'card_pending', label: t.cardPendingFilter },
  { value: 'refunded', label: t.refundedFilter },
];

export function TryoutFiltersBar({
  filters,
  ageGroups,
  onChange,
}: {
  filters: TryoutFilters;
  ageGroups: readonly AgeGroup[];
  onChange: (filters: TryoutFilters) => void;
}) {
  const id = useId();
  return (
    <div className="admin-filters" role="search">
      <div className="admin-field admin-search">
        <label htmlFor={`${id}-search`}>{t.search}</label>
        <input
          id={`${id}-search`}
          type="search"
          inputMode="search"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t.searchPlaceholder}
          value={filters.search}
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-age`}>{t.ageGroup}</label>
        <select
          id={`${id}-age`}
          value={filters.ageGroup}
          onChange={(e) => onChange({ ...filters, ageGroup: e.target.value as TryoutFilters['ageGroup'] })}
        >
          <option value="all">{t.allAgeGroups}</option>
          {ageGroups.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-result`}>{t.result}</label>
        <select
          id={`${id}-result`}
          value={filters.result}
          onChange={(e) => onChange({ ...filters, result: e.target.value as ResultFilter })}
        >
          {RESULT_FILTERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-payment`}>{t.payment}</label>
        <select
          id={`${id}-payment`}
          value={filters.payment}
          onChange={(e) => onChange({ ...filters, payment: e.target.value as PaymentFilter })}
        >
          {PAYMENT_FILTERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
