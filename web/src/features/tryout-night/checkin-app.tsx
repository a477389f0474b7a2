/**
 * /checkin (issue 37): the door on tryout night, on one phone screen at 390 px. Tonight's players by number
 * (ten or more rows in view), a box that finds a number or a name, filters (not yet in, cash due), the
 * counts (in / expected / cash taken tonight), a scanner for the families' QR codes, and a status line above
 * the list that never covers a row. A tap checks in; "Cash" takes the cash in the same tap. Taps are kept on
 * the phone first and sent when the network is there (device-store.ts), so a dead Wi-Fi loses nothing.
 * Issue 42: a heading names tonight's sessions; the cash taken follows every tap (and every answer) without
 * a reload; a row checked in by mistake is undone (with its cash, if taken tonight); a child scanned again
 * reads "already in at 6:42 pm".
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatCad } from '@club/shared/money';
import { sessionTime } from '@club/shared/sessions';
import type { CheckinPlayer, HelperGrant, TonightAnswer, TonightSession } from '@club/shared/tryout-night';
import { fetchActiveSeason } from '../../lib/active-season';
import { ApiError, serverMessageOr } from '../../lib/api-client';
import { checkIn, getTonight, myGrants, scanCode } from './api';
import {
  forgetCheckin,
  newClientId,
  queueCheckin,
  readSnapshot,
  saveSnapshot,
  waitingCheckins,
  type QueuedCheckin,
} from './device-store';
import { WaitingOnPhone } from './waiting-on-phone';
import { WalkUpForm } from './walk-up-form';
import { onBackOnline } from './when-online';
import './tryout-night.css';

const Scanner = lazy(() => import('./qr-scanner'));

const tonightKey = (seasonId: string) => `tonight:${seasonId}`;
const RETRY_MS = 10_000;
type Filter = 'all' | 'not-in' | 'cash-due';

/** The seasons whose door the helper works, while the job lasts (a list kept offline ends with it too). */
function seasonsOfDoor(grants: HelperGrant[], now = Date.now()): Array<{ id: string; name: string }> {
  return grants
    .filter((g) => g.role === 'check-in' && (!g.ends_at || Date.parse(g.ends_at) > now))
    .map((g) => ({ id: g.season_id, name: g.season_name }));
}

/** "6:42 pm" in Edmonton, whatever the phone's own zone. */
const clock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Edmonton',
  hour: 'numeric',
  minute: '2-digit',
});
const timeOf = (iso: string) => clock.format(new Date(iso)).replace('a.m.', 'am').replace('p.m.', 'pm');
const sessionHours = (s: TonightSession) =>
  sessionTime(s)
    .replace(/a\.m\./g, 'am')
    .replace(/p\.m\./g, 'pm');

/**
 * Cash this door took tonight (so undoing the check-in gives it back too): taken since tonight's day began,
 * the instant the server gave (the phone's own time-zone data may name another day for an hour).
 */
const cashTakenTonight = (p: CheckinPlayer, dayStartedAt: string) =>
  p.payment_method === 'cash' &&
  p.payment_status === 'paid' &&
  p.cash_taken_at !== null &&
  Date.parse(p.cash_taken_at) >= Date.parse(dayStartedAt);

/** The player as this phone shows it: what the server said, with the taps not yet sent applied, in order. */
function applyWaiting(players: CheckinPlayer[], waiting: QueuedCheckin[]) {
  const byId = new Map(players.map((p) => [p.id, p]));
  for (const w of waiting) {
    const p = byId.get(w.tryout_id);
    if (!p) continue;
    byId.set(w.tryout_id, {
      ...p,
      attended: w.attended,
      checked_in_at: w.attended ? (p.checked_in_at ?? w.at) : null,
      ...(w.cash_collected === true
        ? {
            payment_status: 'paid' as const,
            amount_due_cents: 0,
            cash_taken_at: p.cash_taken_at ?? w.at,
            cash_taken_cents: w.cash_cents ?? p.amount_due_cents,
          }
        : {}),
      ...(w.cash_collected === false
        ? {
            payment_status: 'cash' as const,
            amount_due_cents: w.cash_cents ?? 0,
            cash_taken_at: null,
            cash_taken_cents: 0,
          }
        : {}),
    });
  }
  return players.map((p) => byId.get(p.id)!);
}

/** The cash an answer moved: taken (+) or given back (−), judged from the server's own view before it. */
function cashMoved(before: CheckinPlayer | undefined, after: CheckinPlayer): number {
  if (!before || after.payment_method !== 'cash') return 0;
  const was = before.payment_status === 'paid';
  const now = after.payment_status === 'paid';
  if (!was && now) return before.amount_due_cents;
  if (was && !now) return -after.amount_due_cents;
  return 0;
}

/** Tonight's list with one player's answer in it, and the cash count moved by what the answer changed. */
function withAnswer(t: TonightAnswer | null, player: CheckinPlayer): TonightAnswer | null {
  if (!t) return t;
  const before = t.players.find((p) => p.id === player.id);
  return {
    ...t,
    players: t.players.map((p) => (p.id === player.id ? player : p)),
    counts: { ...t.counts, cash_taken_cents: t.counts.cash_taken_cents + cashMoved(before, player) },
  };
}

function Door({ seasonId }: { seasonId: string }) {
  const [tonight, setTonight] = useState<TonightAnswer | null>(null);
  const [waiting, setWaiting] = useState<Awaited<ReturnType<typeof waitingCheckins>>>([]);
  const [status, setStatus] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [scanning, setScanning] = useState(false);
  const [walkUp, setWalkUp] = useState(false);
  const sending = useRef(false);

  const refresh = useCallback(async () => {
    setWaiting(await waitingCheckins(seasonId));
    try {
      const answer = await getTonight(seasonId);
      setTonight(answer);
      void saveSnapshot(tonightKey(seasonId), answer);
    } catch {
      const saved = await readSnapshot<TonightAnswer>(tonightKey(seasonId));
      if (saved) setTonight((now) => now ?? saved);
    }
  }, [seasonId]);

  const sync = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (const c of await waitingCheckins(seasonId)) {
        try {
          const body = {
            attended: c.attended,
            ...(c.cash_collected !== undefined ? { cash_collected: c.cash_collected } : {}),
          };
          const player = await checkIn(seasonId, c.tryout_id, body);
          setTonight((t) => withAnswer(t, player));
          await forgetCheckin(c.client_id);
        } catch (error) {
          // Refused (withdrawn, card): said once, then dropped; offline: kept for the next try.
          if (
            error instanceof ApiError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 401
          ) {
            setStatus({ text: serverMessageOr(error, 'That check-in was refused.'), tone: 'error' });
            await forgetCheckin(c.client_id);
          } else break;
        }
      }
    } finally {
      sending.current = false;
      setWaiting(await waitingCheckins(seasonId));
    }
  }, [seasonId]);

  useEffect(() => {
    // Read after the first paint: the list's frame shows at once.
    const start = window.setTimeout(() => void refresh().then(sync), 0);
    const retry = window.setInterval(() => void sync(), RETRY_MS);
    const stopOnline = onBackOnline(() => void sync().then(refresh));
    return () => {
      window.clearTimeout(start);
      window.clearInterval(retry);
      stopOnline();
    };
  }, [refresh, sync]);

  const players = useMemo(() => applyWaiting(tonight?.players ?? [], waiting), [tonight, waiting]);
  const shown = players.filter((p) => {
    if (filter === 'not-in' && (p.attended || p.withdrawn)) return false;
    if (filter === 'cash-due' && !(p.payment_method === 'cash' && p.amount_due_cents > 0 && !p.withdrawn))
      return false;
    const q = query.trim().toLowerCase();
    if (!q) return true;
    return /^\d+$/.test(q)
      ? String(p.tryout_number).startsWith(q)
      : `${p.first_name} ${p.last_name}`.toLowerCase().includes(q);
  });
  // The cash the server counted (moved by every answer since), and what this phone's waiting taps move.
  const sent = new Map((tonight?.players ?? []).map((p) => [p.id, p]));
  const shownById = new Map(players.map((p) => [p.id, p]));
  let waitingCash = 0;
  for (const p of sent.values()) {
    const now = shownById.get(p.id);
    if (now && now !== p) waitingCash += cashMoved(p, now);
  }
  const counts = {
    in: players.filter((p) => p.attended && !p.withdrawn).length,
    expected: players.filter((p) => !p.withdrawn).length,
    cash: (tonight?.counts.cash_taken_cents ?? 0) + waitingCash,
  };

  async function tap(player: CheckinPlayer, cash: boolean) {
    if (player.withdrawn) {
      setStatus({
        text: `${player.first_name} ${player.last_name} withdrew: ask an administrator.`,
        tone: 'error',
      });
      return;
    }
    await queueCheckin({
      client_id: newClientId(),
      season_id: seasonId,
      tryout_id: player.id,
      attended: true,
      ...(cash ? { cash_collected: true, cash_cents: player.amount_due_cents } : {}),
      at: new Date().toISOString(),
    });
    setWaiting(await waitingCheckins(seasonId));
    setStatus({
      text: `#${player.tryout_number} ${player.first_name} ${player.last_name} is in${cash ? `, ${formatCad(player.amount_due_cents)} cash taken` : ''}.`,
      tone: 'ok',
    });
    void sync();
  }

  /** A check-in by mistake: not in, and tonight's cash given back (audited like the tap). */
  async function undo(player: CheckinPlayer) {
    const giveBack = tonight ? cashTakenTonight(player, tonight.day_started_at) : false;
    const amount = giveBack ? player.cash_taken_cents : 0;
    await queueCheckin({
      client_id: newClientId(),
      season_id: seasonId,
      tryout_id: player.id,
      attended: false,
      ...(giveBack ? { cash_collected: false, cash_cents: amount } : {}),
      at: new Date().toISOString(),
    });
    setWaiting(await waitingCheckins(seasonId));
    setStatus({
      text: `#${player.tryout_number} ${player.first_name} ${player.last_name} is not in${giveBack ? `: give back ${formatCad(amount)}` : ''}.`,
      tone: 'ok',
    });
    void sync();
  }

  async function scanned(code: string) {
    setScanning(false);
    try {
      const { already_in: alreadyIn, ...player } = await scanCode(seasonId, code);
      setTonight((t) => withAnswer(t, player));
      const due = player.payment_method === 'cash' && player.amount_due_cents > 0;
      const who = `#${player.tryout_number} ${player.first_name} ${player.last_name}`;
      const since =
        alreadyIn && player.checked_in_at ? ` already in at ${timeOf(player.checked_in_at)}` : ' in';
      setStatus({
        text: `${who} is${since}${due ? ` · ${formatCad(player.amount_due_cents)} cash due` : ''}.`,
        tone: 'ok',
      });
    } catch (error) {
      setStatus({
        text: serverMessageOr(error, 'Could not check that code in. Type the number instead.'),
        tone: 'error',
      });
    }
  }

  if (!tonight) return <p role="status">Loading tonight’s list…</p>;
  return (
    <div className="night-app">
      {tonight.sessions.length ? (
        <h2 className="night-tonight">
          {tonight.season_name}
          {tonight.sessions.map((s) => (
            <small key={s.id}>
              {s.age_groups.join(', ')}: <span className="night-hours">{sessionHours(s)}</span>, {s.location}
            </small>
          ))}
        </h2>
      ) : null}
      <p className="night-counts">
        <span>
          <strong>{counts.in}</strong> in / {counts.expected} expected
        </span>
        <span>
          <strong>{formatCad(counts.cash)}</strong> cash taken
        </span>
        {waiting.length ? <span className="night-waiting">{waiting.length} waiting to send</span> : null}
      </p>
      <WaitingOnPhone />
      {tonight.sessions.length === 0 ? (
        <p className="form-note">
          No tryout session of {tonight.season_name} today ({tonight.date}).
        </p>
      ) : null}
      <div className="night-tools">
        <label className="visually-hidden" htmlFor="night-find">
          Number or name
        </label>
        <input
          id="night-find"
          type="search"
          inputMode="search"
          placeholder="Number or name"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="button" className="button" onClick={() => setScanning((s) => !s)}>
          {scanning ? 'Close scanner' : 'Scan QR'}
        </button>
      </div>
      <div className="night-filters" role="group" aria-label="Show">
        {(
          [
            ['all', 'All'],
            ['not-in', 'Not yet in'],
            ['cash-due', 'Cash due'],
          ] as const
        ).map(([value, label]) => (
          <button key={value} type="button" aria-pressed={filter === value} onClick={() => setFilter(value)}>
            {label}
          </button>
        ))}
        {tonight.walk_up.open ? (
          <button
            type="button"
            className="night-walk-up-button"
            aria-expanded={walkUp}
            aria-label={walkUp ? 'Close walk-up registration' : 'Register a walk-up'}
            onClick={() => setWalkUp((w) => !w)}
          >
            Walk-up
          </button>
        ) : null}
      </div>
      {walkUp ? (
        <WalkUpForm
          seasonId={seasonId}
          walkUp={tonight.walk_up}
          onCancel={() => setWalkUp(false)}
          onDone={(answer) => {
            setWalkUp(false);
            setStatus({ text: answer.message, tone: 'ok' });
            void refresh();
          }}
        />
      ) : null}
      {scanning ? (
        <Suspense fallback={<p role="status">Opening the camera…</p>}>
          <Scanner onCode={(code) => void scanned(code)} onClose={() => setScanning(false)} />
        </Suspense>
      ) : null}
      {/* Above the list, in the page's flow: feedback never covers a row. */}
      <p className={`night-status night-${status?.tone ?? 'ok'}`} role="status" aria-live="polite">
        {status?.text ?? ''}
      </p>
      {players.length === 0 && tonight.sessions.length ? (
        <p className="form-note">No one is registered in tonight’s groups yet: walk-ups can register here.</p>
      ) : null}
      <ul className="night-rows">
        {shown.map((p) => {
          const cashDue = p.payment_method === 'cash' && p.amount_due_cents > 0 && !p.withdrawn;
          const undoable = p.attended && !p.withdrawn;
          return (
            <li key={p.id} className={p.withdrawn ? 'night-withdrawn' : p.attended ? 'night-in' : undefined}>
              <button
                type="button"
                className="night-row"
                disabled={p.withdrawn || p.attended}
                onClick={() => void tap(p, false)}
              >
                <strong>{p.tryout_number}</strong>
                <span className="night-who">
                  <span className="night-name">
                    {p.first_name} {p.last_name}
                  </span>
                  {/* The group first, on its own line: a long name or the cash button never hides it. */}
                  <small>
                    {p.age_group}
                    {p.withdrawn ? ' · Withdrawn' : p.attended ? ' · In' : ''}
                    {p.medical ? ' · Medical' : ''}
                    {p.photo_consent !== true ? ' · No photos' : ''}
                    {!cashDue && p.amount_due_cents > 0 && !p.withdrawn ? ' · Card not paid' : ''}
                  </small>
                </span>
              </button>
              {cashDue ? (
                <button type="button" className="night-cash" onClick={() => void tap(p, true)}>
                  {p.attended ? '' : 'In + '}
                  {formatCad(p.amount_due_cents)}
                </button>
              ) : null}
              {undoable ? (
                <button
                  type="button"
                  className="night-undo"
                  aria-label={`Undo ${p.first_name} ${p.last_name}’s check-in`}
                  onClick={() => void undo(p)}
                >
                  Undo
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The check-in screen: the season the helper works the door of, or, for an administrator without a grant, the
 * active season (administrators may work the door).
 */
export function CheckinApp({ admin = false }: { admin?: boolean }) {
  const [seasons, setSeasons] = useState<Array<{ id: string; name: string }> | null>(null);
  useEffect(() => {
    let current = true;
    const known = async (grants: HelperGrant[]) => {
      const door = seasonsOfDoor(grants);
      if (!door.length && admin) {
        const active = await readSnapshot<{ id: string; name: string }>('active-season');
        const season = await fetchActiveSeason().catch(() => active);
        if (season) {
          void saveSnapshot('active-season', { id: season.id, name: season.name });
          door.push({ id: season.id, name: season.name });
        }
      }
      if (current) setSeasons(door);
    };
    myGrants().then(
      (grants) => {
        void saveSnapshot('grants', grants);
        void known(grants);
      },
      async () => void known((await readSnapshot<HelperGrant[]>('grants')) ?? []),
    );
    return () => {
      current = false;
    };
  }, [admin]);
  if (seasons === null) return <p role="status">Loading…</p>;
  if (!seasons[0]) {
    return (
      <p role="alert">
        You are not a check-in helper for a season that is on now. The club sends helpers an invitation by
        e-mail.
      </p>
    );
  }
  return <Door seasonId={seasons[0].id} />;
}
