/**
 * /evaluate (issue 37): an evaluator scores the players of their groups on a phone, whether or not the gym's
 * Wi-Fi works. Pick a group, tap a number, tap a score per criterion (and a note), next. Every tap is kept on
 * the device first (device-store.ts) and sent in batches whenever the network is there; the screen always says
 * how many players' scores wait to send, and each player whether theirs are "Saved on this phone" or "Sent".
 * What was sent is kept too, so the app opened again without a network shows it as scored (issue 42). An
 * evaluator sees their own scores only.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AgeGroup } from '@club/shared/constants';
import type { HelperGrant, RosterAnswer, RosterPlayer, Score } from '@club/shared/tryout-night';
import { serverMessageOr } from '../../lib/api-client';
import { getRoster, myGrants, putScores } from './api';
import {
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
/** The scores this phone sent for the season (the roster it keeps may be older than them). */
const sentKey = (seasonId: string) => `sent:${seasonId}`;
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
  state,
  onScore,
  onNote,
  onNext,
}: {
  roster: RosterAnswer;
  player: RosterPlayer;
  given: Given;
  state: 'Saved on this phone' | 'Sent' | null;
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
      {state ? <p className={state === 'Sent' ? 'night-sent' : 'night-waiting'}>{state}</p> : null}
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

/** What the phone shows of a player's scores: still on the phone, or taken by the server. */
function playerState(
  player: RosterPlayer,
  given: Given,
  waiting: ReadonlySet<string>,
): 'Saved on this phone' | 'Sent' | null {
  if (waiting.has(player.id)) return 'Saved on this phone';
  return Object.keys(given).some((k) => k.startsWith(`${player.id}|`)) ? 'Sent' : null;
}

/** "Scores of 3 players waiting to send": players, not criteria (a player's scores go together). */
function waitingText(players: number): string {
  if (players === 0) return 'Nothing waiting to send';
  return players === 1
    ? 'Scores of 1 player waiting to send'
    : `Scores of ${players} players waiting to send`;
}

function GroupScoring({ seasonId, group }: { seasonId: string; group: AgeGroup }) {
  const [roster, setRoster] = useState<RosterAnswer | null>(null);
  /** The group was never opened on this phone with a network, and there is none now. */
  const [unopened, setUnopened] = useState<string | null>(null);
  const [given, setGiven] = useState<Given>({});
  /** The players (registration ids) with a score still on the phone, of the whole season. */
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const sending = useRef(false);
  const fresh = useRef(false);
  const live = useRef(true);

  const readWaiting = useCallback(async () => {
    const scores = await waitingScores(seasonId);
    if (live.current) setWaiting(new Set(scores.map((s) => s.tryout_id)));
    return scores;
  }, [seasonId]);

  const load = useCallback(async () => {
    const merge = async (answer: RosterAnswer) => {
      const mine: Given = {};
      for (const s of answer.scores) mine[givenKey(s.tryout_id, s.criterion)] = s;
      // What this phone sent after the roster was read, then what it holds and has not sent: each newer.
      const sent = (await readSnapshot<Score[]>(sentKey(seasonId))) ?? [];
      const server = new Map(answer.scores.map((s) => [givenKey(s.tryout_id, s.criterion), s.scored_at]));
      for (const s of sent) {
        const key = givenKey(s.tryout_id, s.criterion);
        if ((server.get(key) ?? '') <= s.scored_at) mine[key] = s;
      }
      for (const s of await readWaiting()) mine[givenKey(s.tryout_id, s.criterion)] = s;
      if (!live.current) return;
      setRoster(answer);
      setGiven(mine);
      setUnopened(null);
    };
    try {
      const answer = await getRoster(seasonId, group);
      fresh.current = true;
      void saveSnapshot(rosterKey(seasonId, group), answer);
      await merge(answer);
    } catch (error) {
      if (fresh.current) return;
      const saved = await readSnapshot<RosterAnswer>(rosterKey(seasonId, group));
      if (saved) await merge(saved);
      else if (live.current) {
        setUnopened(
          navigator.onLine
            ? serverMessageOr(error, 'The roster could not load. Check the connection.')
            : `${group} has not been opened on this phone with a connection yet, so its players are not here. They show as soon as the phone is back online.`,
        );
      }
    }
  }, [seasonId, group, readWaiting]);

  /** Keeps what the server took, so the screen shows it as scored when it opens again without a network. */
  const keepSent = useCallback(
    async (scores: Score[]) => {
      const kept = new Map(
        ((await readSnapshot<Score[]>(sentKey(seasonId))) ?? []).map((s) => [
          givenKey(s.tryout_id, s.criterion),
          s,
        ]),
      );
      for (const s of scores) {
        const key = givenKey(s.tryout_id, s.criterion);
        if ((kept.get(key)?.scored_at ?? '') <= s.scored_at) kept.set(key, s);
      }
      await saveSnapshot(sentKey(seasonId), [...kept.values()]);
    },
    [seasonId],
  );

  const sync = useCallback(async () => {
    // Back online with a roster only from the phone (or none): read it again, by itself.
    if (!fresh.current) await load();
    if (sending.current) return;
    sending.current = true;
    const refusedKeys: string[] = [];
    try {
      await sendWaitingScores(
        seasonId,
        async (scores) => {
          const answer = await putScores(seasonId, scores);
          await keepSent(scores);
          return answer;
        },
        undefined,
        (score, error) => {
          refusedKeys.push(givenKey(score.tryout_id, score.criterion));
          setRefused(error.serverMessage ?? 'A score could not be sent. Please score the player again.');
        },
      );
    } catch {
      // Kept on the device: the next try sends it.
    } finally {
      sending.current = false;
      if (refusedKeys.length && live.current) {
        setGiven((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !refusedKeys.includes(k))));
      }
      await readWaiting();
    }
  }, [seasonId, load, keepSent, readWaiting]);

  useEffect(() => {
    live.current = true;
    fresh.current = false;
    void load().then(() => sync());
    const retry = window.setInterval(() => void sync(), RETRY_MS);
    const stopOnline = onBackOnline(() => void sync());
    return () => {
      live.current = false;
      window.clearInterval(retry);
      stopOnline();
    };
  }, [load, sync]);

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
    // The tap is on the phone: said at once, without reading the outbox again.
    setWaiting((all) => new Set(all).add(player.id));
    setRefused(null);
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

  const status = (
    <p className="night-status" role="status" aria-live="polite">
      <span className={waiting.size ? 'night-waiting' : 'night-sent'}>{waitingText(waiting.size)}</span>
    </p>
  );
  if (!roster) {
    return unopened ? (
      <div className="night-app">
        {status}
        <p role="alert">{unopened}</p>
      </div>
    ) : (
      <p role="status">Loading the roster…</p>
    );
  }
  if (!roster.criteria.length)
    return <p role="alert">The club has not set this season’s scoring criteria yet.</p>;

  const currentState = player ? playerState(player, given, waiting) : null;
  return (
    <div className="night-app">
      {status}
      {refused ? (
        <p className="night-error" role="alert">
          {refused}
        </p>
      ) : null}
      {player ? (
        <Scorer
          key={player.id}
          roster={roster}
          player={player}
          given={given}
          state={currentState}
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
          const state = playerState(p, given, waiting);
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
                <small className={state === 'Saved on this phone' ? 'night-waiting' : undefined}>
                  {state ?? (p.checked_in ? 'In' : 'Not in')}
                </small>
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
