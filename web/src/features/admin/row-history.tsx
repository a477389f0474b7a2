/**
 * A registration's history, in Player Details (issue 19): what administrators changed on it, newest first,
 * read from GET /admin/audit?season_id=&tryout_id=. Entries hold ids only, so the author reads as "You" or
 * "Another administrator". It reads again whenever the row changes, so an edit made here shows at once.
 */
import { useEffect, useState } from 'react';
import { tryoutId } from '@club/shared/ids';
import { formatCad } from '@club/shared/tryouts';
import type { AdminTryoutRow, AuditEntry } from '@club/shared/types';
import { useSession } from '../../lib/session-context';
import { listAudit } from './api';
import { resultLabel } from './labels';
import { adminMessages as t } from './messages';

/** 2026-11-24T01:42:00Z → "Nov 23, 2026, 6:42 p.m." in Edmonton. */
function when(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Edmonton',
  }).format(new Date(iso));
}

const yesNo = (value: unknown) => (value ? t.yes : t.no);

/** What an entry says happened, in the table's own words. */
export function describeChange(entry: AuditEntry): string {
  const { before, after } = entry;
  switch (entry.action) {
    case 'attendance':
      return t.history.attendance(yesNo(before.attended), yesNo(after.attended));
    case 'result':
      return t.history.result(
        resultLabel((before.result ?? '') as AdminTryoutRow['result']),
        resultLabel((after.result ?? '') as AdminTryoutRow['result']),
      );
    case 'cash':
      return after.payment_status === 'paid' ? t.history.cashCollected : t.history.cashNotCollected;
    case 'etransfer_received':
      return t.history.etransferReceived;
    case 'refund':
      return t.history.refund(formatCad(Number(after.amount_cents ?? 0)), String(after.method ?? ''));
    case 'refund_released':
      return t.history.refundReleased(formatCad(Number(before.amount_cents ?? 0)));
    case 'reinstate':
      return t.history.reinstated;
    case 'fee':
      return t.history.feeSet(
        formatCad(Number(before.amount_cents ?? 0)),
        formatCad(Number(after.amount_cents ?? 0)),
      );
    case 'result_mail_resend':
      return t.history.resent;
    default:
      return entry.action;
  }
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; entries: AuditEntry[] };

export function RowHistory({ row }: { row: AdminTryoutRow }) {
  const { user } = useSession();
  const seasonId = tryoutId.parse(row.id)?.seasonId ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    listAudit(seasonId, row.id).then(
      (entries) => live && setLoaded({ state: 'ready', entries }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [seasonId, row]);

  return (
    <section className="admin-detail-group admin-history" aria-label={t.history.title}>
      <h3>{t.history.title}</h3>
      {loaded.state === 'loading' && <p className="admin-history-note">{t.history.loading}</p>}
      {loaded.state === 'failed' && <p className="admin-history-note">{t.history.failed}</p>}
      {loaded.state === 'ready' && loaded.entries.length === 0 && (
        <p className="admin-history-note">{t.history.none}</p>
      )}
      {loaded.state === 'ready' && loaded.entries.length > 0 && (
        <ol className="admin-history-list">
          {loaded.entries.map((entry) => (
            <li key={entry.id}>
              <span className="admin-history-what">{describeChange(entry)}</span>
              <span className="admin-history-meta">
                <time dateTime={entry.at}>{when(entry.at)}</time> ·{' '}
                {entry.actor_id === user?.id ? t.history.byYou : t.history.byOther}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
