/**
 * /evaluate (issue 37): an evaluator scores the players of their groups on a phone, whether or not the gym's
 * Wi-Fi works. Pick a group, tap a number, tap a score per criterion (and a note), next. Every tap is kept on
 * the device first (device-store.ts) and sent in batches whenever the network is there; the screen always says
 * how many scores are waiting to send. An evaluator sees their own scores only.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AgeGroup } from '@club/shared/constants';
import type { HelperGrant, RosterAnswer, RosterPlayer } from '@club/shared/tryout-night';
import { serverMessageOr } from '../../lib/api-client';
import { getRoster, myGrants, putScores } from './api';
import {
  countWaitingScores,
  newClientId,
  queueScore,
  readSnapshot,
  saveSnapshot,
  sendWaitingScores,
  waitingScores,
} from './device-store';
import { onBackOnline } from './when-online';
import './tryout-night.css';

const GRANTS_KEY = 'grants';
const rosterKey = (seasonId: string, group: AgeGroup) => `roster:${seasonId}:${group}`;
/** How often a phone with scores waiting tries the network again. */
const RETRY_MS = 10_000;

type Given = Record<string, { value: number; note?: string }>;
const givenKey = (tryoutId: string, criterion: string) => `${tryoutId}|${criterion}`;

/** The grants this account holds (from the network, else the last ones this phone read). */
function useGrants(): HelperGrant[] | null {
  const [grants, setGrants] = useState<HelperGrant[] | null>(null);
  useEffect(() => {
    let current = true;
    myGrants().then(
      (list) => {
        void saveSnapshot(GRANTS_KEY, list);
        if (current) setGrants(list);
      },
      async () => {
        const saved = await readSnapshot<HelperGrant[]>(GRANTS_KEY);
        if (current) setGrants(saved ?? []);
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return grants;
}

function Scorer({
  roster,
  player,
  given,
  onScore,
  onNote,
  onNext,
}: {
  roster: RosterAnswer;
  player: RosterPlayer;
  given: Given;
  onScore: (criterion: string, value: number) => void;
  onNote: (note: string) => void;
  onNext: () => void;
}) {
  const first = roster.criteria[0]?.key;
  const [note, setNote] = useState(first ? (given[givenKey(player.id, first)]?.note ?? '') : '');
  const values = Array.from({ length: roster.scale_max }, (_, i) => i + 1);
  return (
    <section className="night-scorer" aria-label={`Scoring number ${player.tryout_number}`}>
      <h2>
        #{player.tryout_number} <span>{player.name}</span>
      </h2>
      {roster.criteria.map((c) => {
        const chosen = given[givenKey(player.id, c.key)]?.value;
        return (
          <fieldset key={c.key} className="night-criterion">
            <legend>{c.label}</legend>
            <div className="night-values">
              {values.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={chosen === value}
                  aria-label={`${c.label} ${value}`}
                  onClick={() => onScore(c.key, value)}
                >
                  {value}
                </button>
              ))}
            </div>
          </fieldset>
        );
      })}
      <label className="night-note">
        Note (optional)
        <textarea
          rows={2}
          maxLength={280}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => onNote(note)}
        />
      </label>
      <button
        type="button"
        className="button night-next"
        onClick={() => {
          onNote(note);
          onNext();
        }}
      >
        Next player
      </button>
    </section>
  );
}

function GroupScoring({ seasonId, group }: { seasonId: string; group: AgeGroup }) {
  const [roster, setRoster] = useState<RosterAnswer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [given, setGiven] = useState<Given>({});
  const [waiting, setWaiting] = useState(0);
  const [current, setCurrent] = useState<string | null>(null);
  const sending = useRef(false);

  const countWaiting = useCallback(async () => {
    setWaiting(await countWaitingScores(seasonId));
  }, [seasonId]);

  const sync = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      await sendWaitingScores(seasonId, (scores) => putScores(seasonId, scores), setWaiting);
    } catch {
      // Kept on the device: the next try sends it.
    } finally {
      sending.current = false;
      await countWaiting();
    }
  }, [seasonId, countWaiting]);

  useEffect(() => {
    let live = true;
    const merge = async (answer: RosterAnswer) => {
      const mine: Given = {};
      for (const s of answer.scores) mine[givenKey(s.tryout_id, s.criterion)] = s;
      // What this phone holds and has not sent is newer than what the server answered.
      for (const s of await waitingScores(seasonId)) mine[givenKey(s.tryout_id, s.criterion)] = s;
      if (!live) return;
      setRoster(answer);
      setGiven(mine);
    };
    getRoster(seasonId, group).then(
      (answer) => {
        void saveSnapshot(rosterKey(seasonId, group), answer);
        void merge(answer);
      },
      async (error: unknown) => {
        const saved = await readSnapshot<RosterAnswer>(rosterKey(seasonId, group));
        if (saved) void merge(saved);
        else if (live) setFailed(serverMessageOr(error, 'The roster could not load. Check the connection.'));
      },
    );
    void sync();
    const retry = window.setInterval(() => void sync(), RETRY_MS);
    const stopOnline = onBackOnline(() => void sync());
    return () => {
      live = false;
      window.clearInterval(retry);
      stopOnline();
    };
  }, [seasonId, group, countWaiting, sync]);

  const players = roster?.players ?? [];
  const player = players.find((p) => p.id === current) ?? null;
  const scoredCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const key of Object.keys(given)) {
      const id = key.split('|')[0]!;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }, [given]);

  async function score(criterion: string, value: number, note?: string) {
    if (!player) return;
    const key = givenKey(player.id, criterion);
    const kept = note ?? given[key]?.note;
    await queueScore({
      season_id: seasonId,
      tryout_id: player.id,
      criterion,
      value,
      ...(kept ? { note: kept } : {}),
      scored_at: new Date().toISOString(),
      client_id: newClientId(),
    });
    setGiven((all) => ({ ...all, [key]: { value, ...(kept ? { note: kept } : {}) } }));
    await countWaiting();
    // With no network, the next try is when it comes back (or the regular retry): nothing to do per tap.
    if (navigator.onLine) void sync();
  }

  async function saveNote(note: string) {
    if (!player || !roster) return;
    // The note rides on the player's first scored criterion.
    const first = roster.criteria.find((c) => given[givenKey(player.id, c.key)]);
    const had = first && given[givenKey(player.id, first.key)];
    if (!first || !had || (had.note ?? '') === note.trim()) return;
    await score(first.key, had.value, note.trim());
  }

  if (failed && !roster) return <p role="alert">{failed}</p>;
  if (!roster) return <p role="status">Loading the roster…</p>;
  if (!roster.criteria.length)
    return <p role="alert">The club has not set this season’s scoring criteria yet.</p>;

  return (
    <div className="night-app">
      <p className="night-status" role="status" aria-live="polite">
        <span className={waiting ? 'night-waiting' : 'night-sent'}>
          {waiting === 1 ? '1 score waiting to send' : `${waiting} scores waiting to send`}
        </span>
      </p>
      {player ? (
        <Scorer
          key={player.id}
          roster={roster}
          player={player}
          given={given}
          onScore={(c, v) => void score(c, v)}
          onNote={(n) => void saveNote(n)}
          onNext={() => {
            const i = players.findIndex((p) => p.id === player.id);
            setCurrent(players[i + 1]?.id ?? null);
          }}
        />
      ) : null}
      <ol className="night-numbers" aria-label={`${group} players`}>
        {players.map((p) => {
          const done = (scoredCount.get(p.id) ?? 0) >= roster.criteria.length;
          return (
            <li key={p.id}>
              <button
                type="button"
                aria-current={p.id === current || undefined}
                className={done ? 'night-done' : undefined}
                onClick={() => setCurrent(p.id)}
              >
                <strong>{p.tryout_number}</strong>
                <span>{p.name}</span>
                <small>{done ? 'Scored' : p.checked_in ? 'In' : 'Not in'}</small>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The evaluator's screen: their seasons' groups, then a group's scoring. */
export function EvaluateApp() {
  const grants = useGrants();
  const options = (grants ?? [])
    .filter((g) => g.role === 'evaluator')
    .flatMap((g) => g.age_groups.map((group) => ({ seasonId: g.season_id, season: g.season_name, group })));
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = picked === null ? (options.length === 1 ? options[0] : undefined) : options[picked];

  if (grants === null) return <p role="status">Loading…</p>;
  if (!options.length) {
    return (
      <p role="alert">
        You are not an evaluator for a season that is on now. The club sends helpers an invitation by e-mail.
      </p>
    );
  }
  return (
    <>
      <label className="night-pick">
        Group
        <select
          value={chosen ? options.indexOf(chosen) : ''}
          onChange={(e) => setPicked(e.target.value === '' ? null : Number(e.target.value))}
        >
          {chosen ? null : <option value="">Choose a group</option>}
          {options.map((o, i) => (
            <option key={`${o.seasonId}-${o.group}`} value={i}>
              {o.group} · {o.season}
            </option>
          ))}
        </select>
      </label>
      {chosen ? (
        <GroupScoring
          key={`${chosen.seasonId}-${chosen.group}`}
          seasonId={chosen.seasonId}
          group={chosen.group}
        />
      ) : null}
    </>
  );
}
