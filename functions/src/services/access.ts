/** Who may still do what, read from the table at the moment of the request (the token may be older). */
import { isSessionFamilyLive } from '../db/sessions';
import * as users from '../db/users';

/**
 * Whether a user is an administrator right now: an admin demoted after their token was issued loses the
 * admin routes at once (the wrapper asks on every admin request).
 */
export function isAdminNow(userId: string): Promise<boolean> {
  return users.isAdminNow(userId);
}

/**
 * Whether the sign-in a token was issued in is still live (issue 34): a token outlives its session only
 * until this is asked, which the wrapper does on every signed-in request.
 */
export function isSessionLive(userId: string, sessionId: string): Promise<boolean> {
  return isSessionFamilyLive(userId, sessionId, new Date());
}
