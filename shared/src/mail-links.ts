/**
 * The screens a mailed link opens. The link's one-time token rides in the URL fragment (`#<token>`), which a
 * browser never sends to a server: no CDN or API access log, and no Referer header, can ever hold it. The
 * screen reads the fragment and posts the token in a request body.
 */
export const MAIL_LINK_PAGES = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  /** A household's invitation to a second guardian (issue 17). */
  joinHousehold: '/household/join',
  /** A new e-mail address's confirmation, asked for on the account page (issue 18). */
  confirmEmailChange: '/account/confirm-email',
  /** A season's helper invitation (issue 37). */
  acceptHelper: '/helpers/accept',
  /** A walk-up family's account, registered at the door, waiting for its password (issue 37). */
  claimAccount: '/claim-account',
} as const;
