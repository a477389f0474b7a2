/**
 * A season's sessions keep their identity through edits (issue 36): each has an id the server gives it when
 * first saved and a sequence that goes up whenever its day, time or gym changes. A family's calendar event is
 * that id (its SEQUENCE that number), so a subscribed phone moves the event by itself; and each change mails
 * every family registered in the session's groups, once per change and family, through the mail queue.
 */
import { randomUUID } from 'node:crypto';
import type { TryoutSession } from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import { log } from '../../lib/log';
import { sessionChangeMail } from '../../mail/session-change-mail';
import { enqueueResultMails, type SessionChangeMessage } from '../../queue/result-mail-queue';
import { householdCalendarLinkOf } from '../mail/confirmation-mail';
import { familyInSession, firstNameFor, mailFamilyNoticeOnce, seasonOnce } from '../mail/family-notice-mail';

/** What a family is told a session was: its times and gym before the change. */
export type SessionWas = Pick<TryoutSession, 'starts_at' | 'ends_at' | 'location' | 'address'>;

export interface SessionChange {
  session: TryoutSession & { id: string; sequence: number };
  was: SessionWas;
}

const moved = (a: SessionWas, b: SessionWas) =>
  a.starts_at !== b.starts_at ||
  a.ends_at !== b.ends_at ||
  a.location !== b.location ||
  a.address !== b.address;

/**
 * The sessions as they will be stored, and what moved. A session sent with the id of a stored one keeps it
 * (its sequence up by one if its day, time or gym changed); any other is new (a new id, sequence 0). Sessions
 * stored before ids existed are matched by their place in the list, once.
 */
export function planSessions(
  stored: readonly TryoutSession[],
  incoming: readonly TryoutSession[],
): { sessions: Array<TryoutSession & { id: string; sequence: number }>; changes: SessionChange[] } {
  const changes: SessionChange[] = [];
  const sessions = incoming.map((next, index) => {
    const before =
      (next.id ? stored.find((s) => s.id === next.id) : undefined) ??
      (!next.id && stored[index] && !stored[index].id ? stored[index] : undefined);
    if (!before) return { ...next, id: randomUUID(), sequence: 0 };
    const id = before.id ?? randomUUID();
    const sequence = (before.sequence ?? 0) + (moved(before, next) ? 1 : 0);
    const session = { ...next, id, sequence };
    if (moved(before, next)) {
      changes.push({
        session,
        was: {
          starts_at: before.starts_at,
          ends_at: before.ends_at,
          location: before.location,
          address: before.address,
        },
      });
    }
    return session;
  });
  return { sessions, changes };
}

/**
 * Queues one message per change and family account registered (not withdrawn) in the groups the session is
 * for, before or after the change. Never fails the admin's save: a queue that cannot be reached is logged.
 */
export async function enqueueSessionChanges(
  seasonId: string,
  changes: readonly SessionChange[],
): Promise<number> {
  if (!changes.length) return 0;
  try {
    const { tryouts } = await getSeasonWithTryouts(seasonId);
    const messages: SessionChangeMessage[] = changes.flatMap(({ session, was }) => {
      const accounts = new Set(
        tryouts
          .filter(
            (t) => !t.withdrawn && session.kind === 'tryout' && session.age_groups.includes(t.age_group),
          )
          .map((t) => t.user_id),
      );
      return [...accounts].map((user_id) => ({
        kind: 'session-change' as const,
        season_id: seasonId,
        session_id: session.id,
        sequence: session.sequence,
        user_id,
        was: { starts_at: was.starts_at, ends_at: was.ends_at, location: was.location, address: was.address },
      }));
    });
    const queued = messages.length ? await enqueueResultMails(messages) : 0;
    log.info('session change notices queued', { seasonId, count: queued, changes: changes.length });
    return queued;
  } catch (error) {
    log.error('session change notices not queued', {
      seasonId,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return 0;
  }
}

/**
 * The worker's step for one change notice: dropped when the session has changed again since (the newer
 * change mails the family) or the family no longer has anyone in its groups; otherwise sent once
 * (services/mail/family-notice-mail.ts). 'retry' hands the message back with the claim given back.
 */
export async function deliverSessionChange(
  message: SessionChangeMessage,
  seasons: Map<string, Promise<seasonsTable.SeasonItem | null>>,
): Promise<'done' | 'retry'> {
  const season = await seasonOnce(seasons, message.season_id);
  const session = season?.sessions.find((s) => s.id === message.session_id);
  if (!season || !session || session.sequence !== message.sequence || session.kind !== 'tryout')
    return 'done';
  const family = await familyInSession(message.user_id, message.season_id, session);
  if (!family) return 'done';
  const sent = await mailFamilyNoticeOnce({
    noticeId: `session-change.${message.season_id}.${message.session_id}.${message.sequence}`,
    accountId: message.user_id,
    now: new Date(),
    write: async () =>
      sessionChangeMail({
        to: family.user.email,
        firstName: family.user.first_name,
        seasonName: season.name,
        athletes: family.affected.map((t) => ({ firstName: firstNameFor(t), ageGroup: t.age_group })),
        was: message.was,
        now: session,
        calendarUrl: await householdCalendarLinkOf(message.user_id),
      }),
  });
  if (sent.outcome)
    log.info('session change notice sent', { seasonId: message.season_id, outcome: sent.outcome });
  return sent.result;
}
