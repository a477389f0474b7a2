/** Who may still do what, read from the table at the moment of the request (the token may be older). */
import * as users from '../db/users';

/**
 * Whether a user is an administrator right now: an admin demoted after their token was issued loses the
 * admin routes at once (the wrapper asks on every admin request).
 */
export function isAdminNow(userId: string): Promise<boolean> {
  return users.isAdminNow(userId);
}
