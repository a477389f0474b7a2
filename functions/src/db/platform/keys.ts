/**
 * The one table's key design, in one file: nothing else names a key, so an access pattern changes in one
 * place. Every request is served by a GetItem or a Query on these keys, never a Scan.
 *
 * | item                  | PK                      | SK                 | GSI1PK          | GSI1SK               |
 * |-----------------------|-------------------------|--------------------|-----------------|----------------------|
 * | user profile          | USER#<id>               | PROFILE            | ACCOUNTS        | <last active>        |
 * |   (being deleted)     |                         |                    | DELETING        | <deletion started>   |
 * | e-mail claim          | EMAIL#<lower-case>      | EMAIL              |                 |                      |
 * | one-time token        | TOKEN#<sha256>          | VERIFY/RESET/INVITE/EMAIL/SIGNIN |          |                      |
 * | refresh token         | REFRESH#<sha256>        | REFRESH            |                 |                      |
 * | session family        | USER#<id>               | SESSION#<familyId> |                 |                      |
 * | rate-limit window     | RATE#<scope>#<subject>  | <window start>     |                 |                      |
 * | season                | SEASON#<id>             | SEASON             | SEASONS         | <createdAt>          |
 * | active season pointer | CONFIG                  | ACTIVE_SEASON      |                 |                      |
 * | tryout counter        | SEASON#<id>             | COUNTER            |                 |                      |
 * | numbering turn        | SEASON#<id>             | NUMBERING          |                 |                      |
 * | waiting registration  | SEASON#<id>             | PENDING#<playerId> |                 |                      |
 * | tryout registration   | SEASON#<id>             | TRYOUT#<playerId>  | USER#<accountId>| TRYOUT#<seasonId>    |
 * | result-mail round     | SEASON#<id>             | RESULT_ROUND       |                 |                      |
 * | refund                | SEASON#<id>             | REFUND#<playerId>#<key> |            |                      |
 * | family checkout group | SEASON#<id>             | CHECKOUT#<groupId> |                 |                      |
 * | idempotency marker    | STRIPE#<eventId>        | EVENT              |                 |                      |
 * | e-mail change marker  | EMAILCHANGE#<tokenHash> | DONE               |                 |                      |
 * | mail status           | MAIL#<lower-case>       | STATUS             |                 |                      |
 * | deleted suppression   | MAILHASH#<sha256>       | STATUS             |                 |                      |
 * | household             | HOUSEHOLD#<id>          | HOUSEHOLD          |                 |                      |
 * | household guardian    | HOUSEHOLD#<id>          | GUARDIAN#<userId>  |                 |                      |
 * | household athlete     | HOUSEHOLD#<id>          | ATHLETE#<athleteId>|                 |                      |
 * | opening notice        | OPENING_NOTICES         | USER#<userId>      |                 |                      |
 * | family notice         | NOTICE#<sha256>         | NOTICE             |                 |                      |
 * | audit entry           | AUDIT#<seasonId>        | <at>#<auditId>     | AUDIT#<seasonId>#<playerId> | <at>#<auditId> |
 * | season helper         | SEASON#<id>             | HELPER#<helperId>  |                 |                      |
 * | helper's grant        | SEASON#<id>             | GRANT#<userId>#<role> | GRANTS#<userId> | SEASON#<id>#<role> |
 * | evaluator's score     | SCORES#<id>#<ageGroup>  | <evaluatorId>#<playerId>#<criterion> |  |                      |
 * | offer of a team place | SEASON#<id>             | OFFER#<playerId>   |                 |                      |
 * | team                  | SEASON#<id>             | TEAM#<teamUuid>    |                 |                      |
 * | placement / alternate | SEASON#<id>             | PLACEMENT#<playerId> |               |                      |
 * | waitlisted registration | SEASON#<id>           | WAITLIST#<playerId> |                |                      |
 * | team fee refund       | SEASON#<id>             | TEAMFEE_REFUND#<playerId>#<key> |    |                      |
 * | e-Transfer reference  | ETREF#<code>            | ETREF              |                 |                      |
 * | imported bank line    | ETROW#<rowId>           | ETROW              |                 |                      |
 * | team fee instalment   | SEASON#<id>             | INSTALMENT#<playerId>#<n> |          |                      |
 *
 * A season's partition holds the season, its counter and queue, its result-mail round and every
 * registration, so the admin table (season, round and rows) is one Query of `SEASON#<id>`
 * (db/seasons/season-partition.ts). E-mail keys are the address trimmed and lower-cased (normaliseEmail).
 */
import { createHash } from 'node:crypto';
import { normaliseEmail } from '@club/shared';

export const keys = {
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /**
   * Every account by when it was last active (created, signed in, registered): the retention job (issue 19)
   * reads only the accounts idle past the retention period, with one Query, never a Scan.
   */
  accountsIndex: (activeAt: string) => ({ GSI1PK: 'ACCOUNTS', GSI1SK: activeAt }),
  accountsIndexPartition: 'ACCOUNTS',
  /**
   * Accounts whose deletion has started and not finished (issue 34): the retention job finishes any a crash
   * left half-way, with one Query. The marker replaces the account's place in ACCOUNTS.
   */
  deletingIndex: (startedAt: string) => ({ GSI1PK: 'DELETING', GSI1SK: startedAt }),
  deletingIndexPartition: 'DELETING',
  emailClaim: (email: string) => ({ PK: `EMAIL#${normaliseEmail(email)}`, SK: 'EMAIL' }),
  oneTimeToken: (
    tokenHash: string,
    purpose: 'VERIFY' | 'RESET' | 'INVITE' | 'EMAIL' | 'SIGNIN' | 'HELPER',
  ) => ({
    PK: `TOKEN#${tokenHash}`,
    SK: purpose,
  }),
  refreshSession: (tokenHash: string) => ({ PK: `REFRESH#${tokenHash}`, SK: 'REFRESH' }),
  /**
   * One sign-in's chain of rotated refresh tokens. It lives in the user's partition so a password reset
   * finds every session with one Query (no Scan); deleting it revokes every token of the chain.
   */
  sessionFamily: (userId: string, familyId: string) => ({ PK: `USER#${userId}`, SK: `SESSION#${familyId}` }),
  sessionFamiliesOfUser: (userId: string) => ({ PK: `USER#${userId}`, SKPrefix: 'SESSION#' }),
  rateWindow: (scope: string, subject: string, windowStart: number) => ({
    PK: `${keys.rateWindowPKPrefix}${scope}#${subject}`,
    SK: String(windowStart),
  }),
  /** Every rate-limit window's partition starts so (tests leave the counters out of table snapshots). */
  rateWindowPKPrefix: 'RATE#',
  season: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SK: 'SEASON' }),
  seasonsIndex: (createdAt: string) => ({ GSI1PK: 'SEASONS', GSI1SK: createdAt }),
  seasonsIndexPartition: 'SEASONS',
  activeSeason: () => ({ PK: 'CONFIG', SK: 'ACTIVE_SEASON' }),
  tryoutCounter: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SK: 'COUNTER' }),
  /** Who numbers the season's waiting registrations now, and until when (db/registration/tryout-numbers.ts). */
  numberingTurn: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SK: 'NUMBERING' }),
  /** A registration written and waiting for its tryout number (db/registration/tryout-numbers.ts). */
  waitingTryout: (seasonId: string, playerId: string) => ({
    PK: `SEASON#${seasonId}`,
    SK: `PENDING#${playerId}`,
  }),
  waitingTryoutsOf: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SKPrefix: 'PENDING#' }),
  tryout: (seasonId: string, playerId: string) => ({ PK: `SEASON#${seasonId}`, SK: `TRYOUT#${playerId}` }),
  /**
   * A registration on its age group's waitlist (issue 45 §1, db/registration/waitlist.ts): the group was full
   * when its batch came; no number, nothing to pay. The season's waitlist is one Query of the prefix.
   */
  waitlistEntry: (seasonId: string, playerId: string) => ({
    PK: `SEASON#${seasonId}`,
    SK: `WAITLIST#${playerId}`,
  }),
  waitlistOf: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SKPrefix: 'WAITLIST#' }),
  waitlistSKPrefix: 'WAITLIST#',
  /** The season's current round of result mail (db/mail/result-mail.ts). */
  resultRound: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SK: 'RESULT_ROUND' }),
  /**
   * One refund of a registration, in its season's partition: `admin:<key>` for one the admin made (the key
   * their screen made), `stripe:<refund id>` for one made in Stripe's dashboard.
   */
  refund: (seasonId: string, playerId: string, refundKey: string) => ({
    PK: `SEASON#${seasonId}`,
    SK: `REFUND#${playerId}#${refundKey}`,
  }),
  refundsOf: (seasonId: string, playerId: string) => ({
    PK: `SEASON#${seasonId}`,
    SKPrefix: `REFUND#${playerId}#`,
  }),
  /** The registrations a guardian paid for in one family checkout (db/money/payments.ts CheckoutGroup). */
  checkoutGroup: (seasonId: string, groupId: string) => ({
    PK: `SEASON#${seasonId}`,
    SK: `CHECKOUT#${groupId}`,
  }),
  tryoutsOfSeason: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SKPrefix: 'TRYOUT#' }),
  /** Everything of a season (the season item, its counter and queue, its registrations): one Query. */
  seasonPartition: (seasonId: string) => ({ PK: `SEASON#${seasonId}` }),
  /** The sort keys inside a season's partition, to tell its items apart in that one Query. */
  seasonItemSK: 'SEASON',
  resultRoundSK: 'RESULT_ROUND',
  tryoutSKPrefix: 'TRYOUT#',
  checkoutSKPrefix: 'CHECKOUT#',
  refundSKPrefix: 'REFUND#',
  /** The registrations an account made (its own player's, and later its household's). */
  tryoutsOfUserIndex: (accountId: string, seasonId: string) => ({
    GSI1PK: `USER#${accountId}`,
    GSI1SK: `TRYOUT#${seasonId}`,
  }),
  /** Every registration an account made, any season (GSI1). */
  registrationsOfUserIndex: (accountId: string) => ({ GSI1PK: `USER#${accountId}`, GSI1SKPrefix: 'TRYOUT#' }),
  /**
   * That a piece of outside news was applied (db/platform/exactly-once.ts), one key shape per scope: a Stripe event
   * keeps the key it has always had, so markers written before stay valid.
   */
  marker: (scope: MarkerScope, id: string) => MARKER_KEYS[scope](id),
  /**
   * What SES last reported for an address (delivered, bounced, complained): any address the club mails, a
   * member's or an emergency contact's, so it is keyed by the address, not by a user.
   */
  mailStatus: (email: string) => ({ PK: `MAIL#${normaliseEmail(email)}`, SK: 'STATUS' }),
  /** A deleted member's suppressed address, kept only as its SHA-256 (issue 19): never mailed again. */
  mailStatusHash: (hash: string) => ({ PK: `MAILHASH#${hash}`, SK: 'STATUS' }),
  /**
   * A household (issue 17): its guardians (accounts) and the athletes they added, in one partition, so the
   * household is one Query. An account's own athlete lives on its profile, not here.
   */
  household: (householdId: string) => ({ PK: `HOUSEHOLD#${householdId}`, SK: 'HOUSEHOLD' }),
  householdGuardian: (householdId: string, userId: string) => ({
    PK: `HOUSEHOLD#${householdId}`,
    SK: `GUARDIAN#${userId}`,
  }),
  householdAthlete: (householdId: string, athleteId: string) => ({
    PK: `HOUSEHOLD#${householdId}`,
    SK: `ATHLETE#${athleteId}`,
  }),
  householdPartition: (householdId: string) => ({ PK: `HOUSEHOLD#${householdId}` }),
  /** A household's pending invitations (GSI1 on each invitation's token item, issue 36): gone when it is. */
  householdInvitesIndex: (householdId: string) => ({ GSI1PK: `INVITES#${householdId}` }),
  /**
   * An account on the "E-mail me when it opens" list (issue 18). One partition holds the list, so opening
   * registration reads it with one Query; a club's list is hundreds, not millions.
   */
  openingNotice: (userId: string) => ({ PK: 'OPENING_NOTICES', SK: `USER#${userId}` }),
  openingNoticesPartition: { PK: 'OPENING_NOTICES' },
  /**
   * What an administrator changed in a season (issue 19), newest first by its sort key; an entry about one
   * registration is also under that registration in GSI1, so Player Details reads its history with one Query.
   */
  auditEntry: (seasonId: string, at: string, auditId: string) => ({
    PK: `AUDIT#${seasonId}`,
    SK: `${at}#${auditId}`,
  }),
  auditOfSeason: (seasonId: string) => ({ PK: `AUDIT#${seasonId}` }),
  auditOfRowIndex: (seasonId: string, playerId: string, at?: string, auditId?: string) => ({
    GSI1PK: `AUDIT#${seasonId}#${playerId}`,
    ...(at ? { GSI1SK: `${at}#${auditId}` } : {}),
  }),
  /**
   * A mail to a family that must go out once (db/mail/family-notices.ts, issue 36): a session's change, a
   * withdrawal, a refund, and later a reminder. Keyed by the SHA-256 of what it is about and the account it
   * goes to, so the item holds no id of a person (nothing to export or erase; it expires in 30 days).
   */
  familyNotice: (noticeId: string, accountId: string) => ({
    PK: `NOTICE#${createHash('sha256').update(`${noticeId}|${accountId}`).digest('hex')}`,
    SK: 'NOTICE',
  }),
  /**
   * A season's helpers (issue 37): each invitation, by its id, in the season's partition (the admin's list is
   * one Query of the prefix), and, once accepted, the grant the access check reads with one GetItem by who
   * and which job; GSI1 lists an account's grants (GET /helpers/me).
   */
  helper: (seasonId: string, helperId: string) => ({ PK: `SEASON#${seasonId}`, SK: `HELPER#${helperId}` }),
  helpersOfSeason: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SKPrefix: 'HELPER#' }),
  helperGrant: (seasonId: string, userId: string, role: string) => ({
    PK: `SEASON#${seasonId}`,
    SK: `GRANT#${userId}#${role}`,
  }),
  helperGrantsIndex: (userId: string, seasonId?: string, role?: string) => ({
    GSI1PK: `GRANTS#${userId}`,
    ...(seasonId ? { GSI1SK: `SEASON#${seasonId}#${role}` } : {}),
  }),
  /**
   * An evaluator's score of one player on one criterion (issue 37), in its season and group's own partition
   * (never the season's, which the admin table reads whole): the rankings of a group are one Query, and an
   * evaluator's own scores are the prefix `<evaluatorId>#`.
   */
  score: (seasonId: string, ageGroup: string, evaluatorId: string, playerId: string, criterion: string) => ({
    PK: `SCORES#${seasonId}#${ageGroup}`,
    SK: `${evaluatorId}#${playerId}#${criterion}`,
  }),
  scoresOfGroup: (seasonId: string, ageGroup: string) => ({ PK: `SCORES#${seasonId}#${ageGroup}` }),
  /**
   * A season's team (issue 45), in the season's partition: the season's teams are one Query of the prefix. Its
   * counters (placed, alternates; offered, accepted) are what the conditions of every change to its players read.
   */
  team: (seasonId: string, teamUuid: string) => ({ PK: `SEASON#${seasonId}`, SK: `TEAM#${teamUuid}` }),
  teamsOfSeason: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SKPrefix: 'TEAM#' }),
  teamSKPrefix: 'TEAM#',
  /**
   * Where a player of a season is placed, or is an alternate (issue 45): one item per player, so "a player is
   * on one team at most" is the key itself (a put conditioned on the key's absence, or on its team).
   */
  placement: (seasonId: string, playerId: string) => ({
    PK: `SEASON#${seasonId}`,
    SK: `PLACEMENT#${playerId}`,
  }),
  placementsOfSeason: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SKPrefix: 'PLACEMENT#' }),
  placementSKPrefix: 'PLACEMENT#',
  /**
   * A player's offer of a place on a team (issue 45, db/offers/offers.ts): one per player per season (offered
   * again, its round goes up), in the season's partition, so the season's offers are one Query of the prefix.
   */
  offer: (seasonId: string, playerId: string) => ({ PK: `SEASON#${seasonId}`, SK: `OFFER#${playerId}` }),
  offersOfSeason: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SKPrefix: 'OFFER#' }),
  offerSKPrefix: 'OFFER#',
  /**
   * One refund of a player's team fee (issue 45 §4), in its season's partition beside the offer it gives back
   * from: `admin:<key>` for one the admin made, `stripe:<refund id>` for one made in Stripe's dashboard.
   */
  teamFeeRefund: (seasonId: string, playerId: string, refundKey: string) => ({
    PK: `SEASON#${seasonId}`,
    SK: `TEAMFEE_REFUND#${playerId}#${refundKey}`,
  }),
  teamFeeRefundsOf: (seasonId: string, playerId: string) => ({
    PK: `SEASON#${seasonId}`,
    SKPrefix: `TEAMFEE_REFUND#${playerId}#`,
  }),
  teamFeeRefundSKPrefix: 'TEAMFEE_REFUND#',
  /**
   * Instalment n (2..4) of a player's team fee (issue 46, db/money/instalments.ts), beside the offer whose
   * fee it splits (instalment 1 is the offer's own fee fields): a season's instalments are one Query of the
   * prefix (the daily sweep), a player's one Query of theirs.
   */
  instalment: (seasonId: string, playerId: string, n: number) => ({
    PK: `SEASON#${seasonId}`,
    SK: `INSTALMENT#${playerId}#${n}`,
  }),
  instalmentsOf: (seasonId: string, playerId: string) => ({
    PK: `SEASON#${seasonId}`,
    SKPrefix: `INSTALMENT#${playerId}#`,
  }),
  instalmentsOfSeason: (seasonId: string) => ({ PK: `SEASON#${seasonId}`, SKPrefix: 'INSTALMENT#' }),
  instalmentSKPrefix: 'INSTALMENT#',
  /**
   * An Interac e-Transfer reference code (issue 46): claimed by a conditional put, so no two registrations
   * share one; it says whose it is, so a bank line's code finds its registration with one GetItem.
   */
  etransferReference: (code: string) => ({ PK: `ETREF#${code}`, SK: 'ETREF' }),
  /** A line of an imported bank file (issue 46): applied at most once, by its own condition. */
  etransferRow: (rowId: string) => ({ PK: `ETROW#${rowId}`, SK: 'ETROW' }),
  guardianSKPrefix: 'GUARDIAN#',
  athleteSKPrefix: 'ATHLETE#',
} as const;

/** The kinds of outside news applied exactly once, each with its marker's key. */
const MARKER_KEYS = {
  'stripe-event': (eventId: string) => ({ PK: `STRIPE#${eventId}`, SK: 'EVENT' }),
  /** A change-of-address link followed (issue 42): every click on it is answered as done. */
  'email-change': (tokenHash: string) => ({ PK: `EMAILCHANGE#${tokenHash}`, SK: 'DONE' }),
} as const;

export type MarkerScope = keyof typeof MARKER_KEYS;

/** Epoch seconds for the TTL attribute. */
export function expiresAt(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
