/**
 * Send Result Emails (spec §7 POST /admin/tryouts/{seasonId}/send-results). The request records the work
 * and answers at once; the mail goes out through a queue, so while some are still `queued` the page asks
 * for progress (GET, same path) and reloads the rows whenever more went out, until none is left. A lost
 * connection changes nothing on the server: the page keeps asking, less often. Opening the page while a
 * send is under way (a row is queued) picks the progress up again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SendResultsAnswer } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { getSendProgress, sendResults } from './api';
import { adminMessages as t } from './messages';

/** How often progress is asked for while mail goes out, and the longest wait after failed asks. */
export const SEND_PROGRESS_POLL_MS = 2_000;
export const SEND_PROGRESS_MAX_WAIT_MS = 16_000;

type Details = SendResultsAnswer['details'];

export type SendPhase =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'sending'; progress: Details | null; retrying: boolean };

/** The next progress ask: after `delay`, comparing with `lastDone` (sent + failed) to know if rows changed. */
interface Poll {
  delay: number;
  lastDone: number;
  tick: number;
}

type State = { seasonId: string | null } & (
  | { phase: 'idle' }
  | { phase: 'starting' }
  | ({ phase: 'sending'; progress: Details | null; retrying: boolean } & Poll)
);

type FailedEmails = SendResultsAnswer['failedEmails'];

export function useSendResults(
  seasonId: string | null,
  hasQueuedRows: boolean,
  refreshRows: () => Promise<boolean>,
  notify: Notify,
) {
  const [state, setState] = useState<State>({ phase: 'idle', seasonId });
  const [failed, setFailed] = useState<{ seasonId: string | null; emails: FailedEmails }>({
    seasonId,
    emails: [],
  });
  const lastFinished = useRef('');

  // Another season's send is not this one's: its loop ends, and coming back picks it up from queued rows.
  const current: State = state.seasonId === seasonId ? state : { phase: 'idle', seasonId };
  const poll: Poll | null =
    current.phase === 'sending'
      ? current
      : current.phase === 'idle' && hasQueuedRows && seasonId
        ? { delay: SEND_PROGRESS_POLL_MS, lastDone: -1, tick: -1 }
        : null;

  const finish = useCallback(
    (id: string, answer: SendResultsAnswer) => {
      setState({ phase: 'idle', seasonId: id });
      setFailed({ seasonId: id, emails: answer.failedEmails });
      // A resumed watch that finds the same finished send says nothing twice.
      const key = `${id}:${JSON.stringify(answer.details)}`;
      if (key !== lastFinished.current) notify.success(t.emailsSent(answer.details));
      lastFinished.current = key;
    },
    [notify],
  );

  const { delay, lastDone, tick } = poll ?? { delay: 0, lastDone: 0, tick: 0 };
  const polling = poll !== null;
  useEffect(() => {
    if (!polling || !seasonId) return;
    const id = seasonId;
    let cancelled = false;
    const timer = setTimeout(async () => {
      let answer: SendResultsAnswer;
      try {
        answer = await getSendProgress(id);
      } catch {
        if (cancelled) return;
        setState((s) => ({
          seasonId: id,
          phase: 'sending',
          progress: s.phase === 'sending' ? s.progress : null,
          retrying: true,
          delay: Math.min(Math.max(delay * 2, SEND_PROGRESS_POLL_MS), SEND_PROGRESS_MAX_WAIT_MS),
          lastDone,
          tick: tick + 1,
        }));
        return;
      }
      if (cancelled) return;
      const { sent, failed: failures, queued } = answer.details;
      if (sent + failures !== lastDone || queued === 0) await refreshRows();
      if (cancelled) return;
      if (queued === 0) return finish(id, answer);
      setState({
        seasonId: id,
        phase: 'sending',
        progress: answer.details,
        retrying: false,
        delay: SEND_PROGRESS_POLL_MS,
        lastDone: sent + failures,
        tick: tick + 1,
      });
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [polling, seasonId, delay, lastDone, tick, refreshRows, finish]);

  const start = useCallback(
    async (options: { sessionsAhead?: boolean } = {}) => {
      if (!seasonId || current.phase !== 'idle') return;
      setFailed({ seasonId, emails: [] });
      setState({ phase: 'starting', seasonId });
      let answer: SendResultsAnswer;
      try {
        answer = await sendResults(seasonId, options);
      } catch (error) {
        setState({ phase: 'idle', seasonId });
        // A refusal the admin can act on (a session still ahead, a send already going) says why.
        notify.error(
          error instanceof ApiError && error.status === 409 && error.serverMessage
            ? error.serverMessage
            : t.sendEmailsFailed,
        );
        return;
      }
      await refreshRows();
      if (answer.details.queued === 0) return finish(seasonId, answer);
      const done = answer.details.sent + answer.details.failed;
      setState({
        seasonId,
        phase: 'sending',
        progress: answer.details,
        retrying: false,
        delay: SEND_PROGRESS_POLL_MS,
        lastDone: done,
        tick: 0,
      });
    },
    [seasonId, current.phase, notify, refreshRows, finish],
  );

  const dismissFailures = useCallback(() => setFailed({ seasonId, emails: [] }), [seasonId]);

  const phase: SendPhase =
    current.phase === 'sending'
      ? { phase: 'sending', progress: current.progress, retrying: current.retrying }
      : { phase: current.phase };
  return {
    state: phase,
    failedEmails: failed.seasonId === seasonId ? failed.emails : [],
    start,
    dismissFailures,
  };
}
