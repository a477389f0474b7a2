/**
 * The phone check-in view (issue 18): one compact row per player (number, name, a large Attended toggle),
 * so a volunteer at the gym door sees eight or more players on one phone screen, and a "Jump to #" box that
 * scrolls to a number and puts the finger on its toggle. Attendance saves as in the table (same actions,
 * same toast, the row's own tick).
 */
import { memo, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminTryoutRow } from '@club/shared/types';
import { rowName } from './labels';
import { adminMessages as t } from './messages';
import type { RowActions } from './use-tryout-rows';

const CheckInRow = memo(function CheckInRow({
  row,
  saving,
  saved,
  actions,
}: {
  row: AdminTryoutRow;
  saving: boolean;
  saved: boolean;
  actions: RowActions;
}) {
  const who = rowName(row);
  return (
    <li className="admin-checkin-row" data-number={row.tryout_number}>
      <label className={`admin-checkin-label${saving ? ' is-saving' : ''}`}>
        <span className="admin-checkin-number">#{row.tryout_number}</span>
        <span className="admin-checkin-name">
          {row.first_name} {row.last_name}
          {saved ? (
            <span className="admin-saved" aria-hidden="true">
              {t.savedTick}
            </span>
          ) : null}
        </span>
        <input
          type="checkbox"
          className="admin-checkin-toggle"
          checked={row.attended}
          disabled={row.withdrawn}
          aria-label={t.attendedOf(who)}
          aria-busy={saving || undefined}
          onChange={(e) => actions.setAttended(row, e.target.checked)}
        />
      </label>
    </li>
  );
});

export function CheckInList({
  rows,
  saving,
  saved,
  actions,
}: {
  rows: AdminTryoutRow[];
  saving: Record<string, Partial<AdminTryoutRow>>;
  saved: ReadonlyMap<string, number>;
  actions: RowActions;
}) {
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const [number, setNumber] = useState('');
  const [missing, setMissing] = useState(false);

  function jump(event: FormEvent) {
    event.preventDefault();
    const wanted = number.replace('#', '').trim();
    const item = list.current?.querySelector<HTMLLIElement>(`li[data-number="${CSS.escape(wanted)}"]`);
    setMissing(!item);
    if (!item) return;
    // Centred where the browser can (focusing alone would scroll it just into view).
    item.scrollIntoView?.({ block: 'center' });
    item.querySelector('input')?.focus();
  }

  return (
    <div className="admin-checkin">
      <form className="admin-checkin-jump" role="search" onSubmit={jump}>
        <label htmlFor={`${id}-jump`}>{t.jumpTo}</label>
        <input
          id={`${id}-jump`}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="go"
          value={number}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onChange={(e) => {
            setNumber(e.target.value);
            setMissing(false);
          }}
        />
        <button type="submit" className="button button-secondary">
          {t.go}
        </button>
        {missing ? (
          <p id={`${id}-missing`} role="alert" className="field-error">
            {t.noSuchNumber(number)}
          </p>
        ) : null}
      </form>
      <ol ref={list} className="admin-checkin-list" aria-label={t.checkInList}>
        {rows.map((row) => (
          <CheckInRow
            key={row.id}
            row={row}
            saving={saving[row.id]?.attended !== undefined}
            saved={saved.has(row.id)}
            actions={actions}
          />
        ))}
      </ol>
    </div>
  );
}
