/** A household's guardians, athletes, calendar and its registrations' actions. Part of the one route table, routes.ts. */
import { answer, type FileAnswer, type RouteDefinition } from './route-definition';
import type * as T from '../types';

export const householdRoutes = {
  // Households (issue 17): an account's guardians and athletes. Every id is checked against the caller's
  // household first; another household's athlete is a 404, never a 403, so ids cannot be probed.
  getHousehold: {
    method: 'GET',
    path: '/household',
    access: 'player',
    handler: 'household/get',
    table: 'read',
    answer: answer<T.Household>(),
  },
  getHouseholdTryouts: {
    method: 'GET',
    path: '/household/tryouts',
    access: 'player',
    handler: 'household/tryouts',
    table: 'read',
    answer: answer<T.HouseholdTryout[]>(),
  },
  /**
   * The dashboard's actions on one athlete's registration, as /payments/checkout, PATCH /tryouts/my,
   * /tryouts/my/withdraw and /tryouts/my/receipt do for the account holder's own: pay (again) by card,
   * switch to cash, withdraw, the receipt. Any id not of the caller's household is a 404.
   */
  /** The household's invitations still waiting (issue 36), with Resend (invite again) and Cancel. */
  listGuardianInvites: {
    method: 'GET',
    path: '/household/invitations',
    access: 'player',
    handler: 'household/list-invites',
    table: 'read',
    answer: answer<T.PendingInvitation[]>(),
  },
  cancelGuardianInvite: {
    method: 'DELETE',
    path: '/household/invitations/{id}',
    access: 'player',
    handler: 'household/cancel-invite',
    table: 'write',
    params: 'InviteParamsSchema',
    answer: answer<T.PendingInvitation[]>(),
  },
  /**
   * What an invitation is, for its page (issue 36): who invited, the children, the invited address. Public:
   * the token in the body is the capability (the link's fragment, never a URL a log keeps).
   */
  previewGuardianInvite: {
    method: 'POST',
    path: '/household/guardians/preview',
    access: 'public',
    handler: 'household/invite-preview',
    table: 'read',
    body: 'AcceptInviteSchema',
    answer: answer<T.InvitationPreview>(),
  },
  /**
   * The family's calendar subscription (issue 36): a `webcal://` link to the household's feed (every child's
   * sessions, kept current) and the same feed's https address for a one-off download.
   */
  getHouseholdCalendarLink: {
    method: 'GET',
    path: '/household/calendar-link',
    access: 'player',
    handler: 'household/calendar-link',
    table: 'read',
    answer: answer<T.CalendarLinkAnswer>(),
  },
  /**
   * A new secret for the family's calendar link (issue 42: "Reset calendar link" on /account): the old link
   * serves no more, wherever it was copied. Answers the new links.
   */
  resetHouseholdCalendarLink: {
    method: 'POST',
    path: '/household/calendar-link/reset',
    access: 'player',
    handler: 'household/reset-calendar-link',
    table: 'write',
    answer: answer<T.CalendarLinkAnswer>(),
  },
  /**
   * ONE checkout page for every unpaid card registration of the caller's household in the active season
   * (issue 36): a family pays once, on one statement line, even after a cancelled checkout.
   */
  startFamilyCheckout: {
    method: 'POST',
    path: '/household/checkout',
    access: 'player',
    handler: 'household/family-checkout',
    table: 'write',
    answer: answer<T.CheckoutAnswer>(),
    payments: true,
  },
  startHouseholdCheckout: {
    method: 'POST',
    path: '/household/tryouts/{id}/checkout',
    access: 'player',
    handler: 'household/tryout-checkout',
    table: 'write',
    params: 'AthleteParamsSchema',
    answer: answer<T.CheckoutAnswer>(),
    payments: true,

    queue: 'familyMail',
  },
  updateHouseholdTryout: {
    method: 'PATCH',
    path: '/household/tryouts/{id}',
    access: 'player',
    handler: 'household/tryout-update',
    table: 'write',
    params: 'AthleteParamsSchema',
    body: 'SwitchToCashSchema',
    answer: answer<T.MyTryout>(),
    payments: true,
    mail: true,
    queue: 'familyMail',
  },
  withdrawHouseholdTryout: {
    method: 'POST',
    path: '/household/tryouts/{id}/withdraw',
    access: 'player',
    handler: 'household/tryout-withdraw',
    table: 'write',
    params: 'AthleteParamsSchema',
    answer: answer<T.MyTryout>(),
    payments: true,
    mail: true,
    // A numbered registration withdrawn frees its spot for the waitlist: the offer's mail is queued.
    queue: 'familyMail',
  },
  getHouseholdReceipt: {
    method: 'GET',
    path: '/household/tryouts/{id}/receipt',
    access: 'player',
    handler: 'household/tryout-receipt',
    table: 'read',
    params: 'AthleteParamsSchema',
    query: 'ReceiptQuerySchema',
    answer: answer<FileAnswer>(),
  },
  addAthlete: {
    method: 'POST',
    path: '/household/athletes',
    access: 'player',
    handler: 'household/add-athlete',
    table: 'write',
    body: 'AthleteSchema',
    answer: answer<T.Athlete>(),
  },
  updateAthlete: {
    method: 'PATCH',
    path: '/household/athletes/{id}',
    access: 'player',
    handler: 'household/update-athlete',
    table: 'write',
    params: 'AthleteParamsSchema',
    body: 'AthleteUpdateSchema',
    answer: answer<T.Athlete>(),
  },
  deleteAthlete: {
    method: 'DELETE',
    path: '/household/athletes/{id}',
    access: 'player',
    handler: 'household/delete-athlete',
    table: 'write',
    params: 'AthleteParamsSchema',
    answer: answer<T.Household>(),
  },
  /** Mails an invitation to join the caller's household as a guardian (link token in the fragment). */
  inviteGuardian: {
    method: 'POST',
    path: '/household/guardians',
    access: 'player',
    handler: 'household/invite-guardian',
    table: 'write',
    body: 'InviteGuardianSchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  /** The signed-in account with the invited address joins the household. */
  acceptGuardianInvite: {
    method: 'POST',
    path: '/household/guardians/accept',
    access: 'player',
    handler: 'household/accept-invite',
    table: 'write',
    body: 'AcceptInviteSchema',
    answer: answer<T.Household>(),
  },
  /** The caller leaves its household (never the last guardian). */
  leaveHousehold: {
    method: 'DELETE',
    path: '/household/guardians/me',
    access: 'player',
    handler: 'household/leave',
    table: 'write',
    answer: answer<T.Household>(),
  },
} as const satisfies Record<string, RouteDefinition>;
