/**
 * What a registration request that did not succeed means for the family (issue 43). On a busy night the
 * answer can be lost (a dropped connection, a gateway timeout) while the server went on and registered: the
 * form then keeps everything and offers to try again, and a retry the server answers "already registered"
 * is the first try's success, not a refusal.
 */
import { serverMessages } from '@club/shared/messages';
import { ApiError } from '../../lib/api-client';
import { tryoutMessages as t } from './messages';

export type RegistrationFailure =
  /**
   * No answer (a dropped connection, a gateway's timeout, a crash's 5xx): it may or may not have gone
   * through; everything entered stays, to try again.
   */
  | { kind: 'unanswered'; message: string }
  /** Registered, but the card checkout could not start: the dashboard is the way on. */
  | { kind: 'saved'; message: string }
  /** The server already holds the registration (409, in its own words). */
  | { kind: 'already'; message: string }
  /** Refused, in the server's words (or "Registration failed." without any). */
  | { kind: 'refused'; message: string };

// The API's own words; anything else on a 5xx (a gateway's "Service Unavailable") means no real answer came.
const ownMessages = new Set<unknown>(Object.values(serverMessages).filter((m) => typeof m === 'string'));

/**
 * Reads a registration's failure. `names`: the first names of the household's athletes being registered,
 * whose "already registered" the server words by name; null for a player registering themself.
 */
export function registrationFailure(error: unknown, names: readonly string[] | null): RegistrationFailure {
  if (!(error instanceof ApiError)) return { kind: 'unanswered', message: t.registrationFailed };
  const said = error.serverMessage;
  if (said === serverMessages.checkoutUnavailable) return { kind: 'saved', message: said };
  // A 5xx in other words than the API's own is a gateway's or a crash's: no real answer came.
  if (error.status >= 500 && !(said && ownMessages.has(said))) {
    return { kind: 'unanswered', message: t.registrationFailed };
  }
  // The account holder alone is "You are …", even from the family form; each other athlete by name.
  const already = [
    serverMessages.alreadyRegistered,
    ...(names ?? []).map((name) => serverMessages.athleteAlreadyRegistered(name)),
  ];
  if (error.status === 409 && said && already.includes(said)) return { kind: 'already', message: said };
  return { kind: 'refused', message: said ?? t.registrationFailed };
}
