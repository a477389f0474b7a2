/**
 * The selected season's registrations and every change to one of them. A toggle or select shows its new
 * value at once and is sent; the server's refusal puts the old value back with the failure toast (spec §8).
 * A value still on its way is kept over a reload of the rows (they reload while result mail goes out), and
 * one field of one row has one change in flight at a time, so an answer can never undo a later change.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TryoutResult } from '@club/shared/constants';
import type { AdminTryoutRow } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import {
  listTryouts,
  reinstateTryout,
  resendResult,
  setAttended,
  setCashCollected,
  markEtransferReceived,
  setSelection,
} from './api';
import { rowName } from './labels';
import { adminMessages as t } from './messages';

export type RowsStatus = 'loading' | 'failed' | 'ready';

interface Loaded {
  seasonId: string | null;
  status: RowsStatus;
  rows: AdminTryoutRow[];
}

type Field = keyof AdminTryoutRow;
type Overrides = Record<string, Partial<AdminTryoutRow>>;

export interface RowActions {
  setAttended(row: AdminTryoutRow, attended: boolean): void;
  setResult(row: AdminTryoutRow, result: TryoutResult | ''): void;
  setCashCollected(row: AdminTryoutRow, collected: boolean): void;
  /** The family's Interac e-Transfer seen in the bank (issue 46). */
  markEtransferReceived(row: AdminTryoutRow): void;
  resend(row: AdminTryoutRow): void;
  reinstate(row: AdminTryoutRow): void;
}

const withoutFields = (o: Overrides, id: string, fields: Field[]): Overrides => {
  const rest = { ...o[id] };
  for (const f of fields) delete rest[f];
  const next = { ...o };
  if (Object.keys(rest).length) next[id] = rest;
  else delete next[id];
  return next;
};

/** How long a row shows "Saved" after its change was saved. */
const SAVED_TICK_MS = 3000;

export function useTryoutRows(seasonId: string | null, notify: Notify) {
  const [loaded, setLoaded] = useState<Loaded>({ seasonId: null, status: 'loading', rows: [] });
  const [overrides, setOverrides] = useState<Overrides>({});
  const [resending, setResending] = useState<ReadonlySet<string>>(new Set());
  /** Rows whose last change was just saved, with the time of that save (each shows its tick a moment). */
  const [saved, setSaved] = useState<ReadonlyMap<string, number>>(new Map());
  // The ticks' timers end with the screen, so none sets state after it is gone.
  const tickTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = tickTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  const markSaved = useCallback((id: string) => {
    const at = Date.now();
    setSaved((all) => new Map(all).set(id, at));
    const timer = setTimeout(
      () =>
        setSaved((all) => {
          tickTimers.current.delete(timer);
          if (all.get(id) !== at) return all;
          const next = new Map(all);
          next.delete(id);
          return next;
        }),
      SAVED_TICK_MS,
    );
    tickTimers.current.add(timer);
  }, []);
  const [attempt, setAttempt] = useState(0);
  /** Which fields of which rows have a change in flight, read synchronously by the next click. */
  const inFlight = useRef(new Map<string, Set<Field>>());
  const latestRequest = useRef(0);
  const seasonRef = useRef(seasonId);
  /**
   * Changes the server confirmed, numbered in order: a list requested before a change was confirmed does
   * not have it yet, so it is laid over that list when it arrives (a refresh must not undo a tick).
   */
  const confirmed = useRef<Array<{ n: number; id: string; patch: Partial<AdminTryoutRow> }>>([]);
  const confirmedCount = useRef(0);

  /** Starts a list request: its number, and how many changes were confirmed when it left. */
  const begin = () => ({ request: ++latestRequest.current, since: confirmedCount.current });

  /** Keeps a list that is the latest asked for, of the selected season, with the changes it missed. */
  const receive = useCallback(
    (asked: { request: number; since: number }, id: string, rows: AdminTryoutRow[]): boolean => {
      if (asked.request !== latestRequest.current || seasonRef.current !== id) return false;
      const missed = confirmed.current.filter((c) => c.n > asked.since);
      confirmed.current = missed;
      const patches = new Map<string, Partial<AdminTryoutRow>>();
      for (const c of missed) patches.set(c.id, { ...patches.get(c.id), ...c.patch });
      setLoaded({
        seasonId: id,
        status: 'ready',
        rows: patches.size ? rows.map((r) => (patches.has(r.id) ? { ...r, ...patches.get(r.id) } : r)) : rows,
      });
      return true;
    },
    [],
  );

  useEffect(() => {
    seasonRef.current = seasonId;
    if (!seasonId) return;
    const asked = begin();
    listTryouts(seasonId).then(
      (rows) => receive(asked, seasonId, rows),
      () => {
        if (asked.request !== latestRequest.current || seasonRef.current !== seasonId) return;
        setLoaded({ seasonId, status: 'failed', rows: [] });
        notify.error(t.fetchTryoutsFailed);
      },
    );
  }, [seasonId, attempt, notify, receive]);

  /**
   * Reloads the rows while result mail goes out, without a toast: a refresh that fails keeps the rows it
   * had, and the next one tries again. True when fresh rows arrived.
   */
  const refresh = useCallback(async (): Promise<boolean> => {
    const id = seasonRef.current;
    if (!id) return false;
    const asked = begin();
    try {
      const rows = await listTryouts(id);
      receive(asked, id, rows);
      return true;
    } catch {
      return false;
    }
  }, [receive]);

  const retry = useCallback(() => {
    setLoaded((l) => ({ ...l, status: 'loading' }));
    setAttempt((n) => n + 1);
  }, []);

  // Rows of another season are never shown: until the selected season's arrive, it is loading.
  const current = loaded.seasonId === seasonId ? loaded : { seasonId, status: 'loading' as const, rows: [] };
  const rows = useMemo(
    () => current.rows.map((row) => (overrides[row.id] ? { ...row, ...overrides[row.id] } : row)),
    [current.rows, overrides],
  );

  /** Keeps a change the server confirmed. */
  const applyToRow = useCallback((id: string, patch: Partial<AdminTryoutRow>) => {
    confirmed.current.push({ n: ++confirmedCount.current, id, patch });
    setLoaded((l) => ({ ...l, rows: l.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) }));
  }, []);

  /** Shows `patch` at once, sends it, and keeps it (with `settled`'s consequences) or takes it back. */
  const change = useCallback(
    async (
      row: AdminTryoutRow,
      patch: Partial<AdminTryoutRow>,
      send: () => Promise<unknown>,
      words: { ok: string; failed: string },
      settled: Partial<AdminTryoutRow> | ((answer: AdminTryoutRow) => Partial<AdminTryoutRow>) = {},
    ) => {
      const fields = Object.keys(patch) as Field[];
      const busy = inFlight.current.get(row.id) ?? new Set<Field>();
      if (fields.some((f) => busy.has(f))) return;
      fields.forEach((f) => busy.add(f));
      inFlight.current.set(row.id, busy);
      setOverrides((o) => ({ ...o, [row.id]: { ...o[row.id], ...patch } }));
      let ok = true;
      let answer: unknown;
      try {
        answer = await send();
      } catch {
        ok = false;
      }
      fields.forEach((f) => busy.delete(f));
      const consequences = typeof settled === 'function' ? settled(answer as AdminTryoutRow) : settled;
      if (ok) applyToRow(row.id, { ...patch, ...consequences });
      setOverrides((o) => withoutFields(o, row.id, fields));
      if (ok) {
        markSaved(row.id);
        notify.success(words.ok);
      } else notify.error(words.failed);
    },
    [applyToRow, markSaved, notify],
  );

  const actions = useMemo<RowActions>(
    () => ({
      setAttended: (row, attended) =>
        void change(row, { attended }, () => setAttended(row.id, attended), {
          ok: t.attendanceUpdated,
          failed: t.attendanceFailed,
        }),
      setResult: (row, result) =>
        void change(
          row,
          { result },
          () => setSelection(row.id, result),
          { ok: t.selectionUpdated, failed: t.selectionFailed },
          // A changed result has not been mailed (the server sets email_sent back to false), unless its
          // mail is already on its way: the next refresh says how that ended.
          row.email_status === 'queued' ? {} : { email_sent: false, email_status: 'not_sent' },
        ),
      setCashCollected: (row, collected) =>
        void change(
          row,
          { payment_status: collected ? 'paid' : 'cash' },
          () => setCashCollected(row.id, collected),
          { ok: t.cashUpdated, failed: t.cashFailed },
          // What is paid and owed follows, as the server counted it (Player Details' money panel reads it).
          (answer) =>
            answer?.id === row.id
              ? {
                  amount_paid_cents: answer.amount_paid_cents,
                  amount_due_cents: answer.amount_due_cents,
                  amount_refunded_cents: answer.amount_refunded_cents,
                }
              : {},
        ),
      markEtransferReceived: (row) =>
        void change(
          row,
          { payment_status: 'paid' },
          () => markEtransferReceived(row.id),
          { ok: t.etransferMarked, failed: t.etransferMarkFailed },
          (answer) =>
            answer?.id === row.id
              ? { amount_paid_cents: answer.amount_paid_cents, amount_due_cents: answer.amount_due_cents }
              : {},
        ),
      reinstate: (row) =>
        void change(row, { withdrawn: false }, () => reinstateTryout(row.id), {
          ok: t.reinstated(rowName(row)),
          failed: t.reinstateFailed,
        }),
      resend: (row) => {
        if (inFlight.current.get(row.id)?.has('email_sent')) return;
        const busy = inFlight.current.get(row.id) ?? new Set<Field>();
        busy.add('email_sent');
        inFlight.current.set(row.id, busy);
        setResending((s) => new Set(s).add(row.id));
        void resendResult(row.id)
          .then(
            () => {
              applyToRow(row.id, { email_sent: true, email_status: 'sent' });
              notify.success(t.emailSent);
            },
            () => notify.error(t.sendEmailFailed),
          )
          .finally(() => {
            busy.delete('email_sent');
            setResending((s) => {
              const next = new Set(s);
              next.delete(row.id);
              return next;
            });
          });
      },
    }),
    [change, applyToRow, notify],
  );

  /** A row as the server answered it after a change made elsewhere (a refund, in Player Details). */
  const replaceRow = useCallback((row: AdminTryoutRow) => applyToRow(row.id, row), [applyToRow]);

  return {
    status: current.status,
    rows,
    saving: overrides,
    saved,
    resending,
    actions,
    refresh,
    retry,
    replaceRow,
  };
}
