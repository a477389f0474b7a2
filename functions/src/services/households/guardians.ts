/**
 * A household's guardians (issue 17): inviting another parent or guardian by mail, accepting (only the invited
 * address, once), and leaving (never the last guardian). After each change the household's registrations in
 * the active season carry the guardians as they are now, so the admin row and the result mail reach them.
 */
import { randomUUID } from 'node:crypto';
import {
  MAIL_LINK_PAGES,
  normaliseEmail,
  serverMessages,
  type AccessTokenClaims,
  type Household,
  type InvitationPreview,
  type PendingInvitation,
  type SuccessAnswer,
} from '@club/shared';
import * as guardiansTable from '../../db/households/guardians';
import * as households from '../../db/households/households';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import * as users from '../../db/accounts/users';
import { ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { log } from '../../lib/log';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';
import { guardianInviteMail } from '../../mail/household-mails';
import { tokenLink } from '../../mail/layout';
import { sendMail } from '../../mail/ses-sender';
import {
  answerOf,
  contactsOf,
  getHousehold,
  isPlayerAccount,
  loadHousehold,
  MAX_ATHLETES,
} from './households';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';

/**
 * Writes a household's guardians into its athletes' registrations in the active season, after guardians
 * joined or left, so the admin row and the result mail reach whoever is a guardian now. Idempotent.
 */
export async function refreshGuardiansOf(userId: string): Promise<void> {
  const [household, season] = await Promise.all([
    loadHousehold({ sub: userId }),
    seasonsTable.getActiveSeason(),
  ]);
  if (!season) return;
  const athletes = answerOf(household).athletes.map((a) => a.id);
  const registered = await tryoutsTable.getTryoutsOf(season.id, athletes);
  const contacts = contactsOf(household);
  await Promise.all(registered.map((t) => tryoutsTable.setGuardians(season.id, t.player_id, contacts)));
}

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * POST /household/guardians {email}: mails an invitation to join the caller's household as a guardian. The
 * household is made real first if it is still the caller's household of one. Only the account with the
 * invited address can accept (the link may be forwarded; the children's details may not).
 */
export async function inviteGuardian(caller: AccessTokenClaims, email: string): Promise<SuccessAnswer> {
  await requireWithinLimit(rateLimits.inviteUser, caller.sub);
  const household = await loadHousehold(caller);
  const invited = normaliseEmail(email);
  if (household.guardians.some((g) => normaliseEmail(g.email) === invited)) {
    throw new ConflictError(serverMessages.alreadyGuardian);
  }
  const now = new Date();
  const householdId = household.id ?? randomUUID();
  if (!household.id) {
    const made = await households.ensureHousehold({ userId: household.caller.id, householdId, now });
    if (made === 'moved') throw new ConflictError(serverMessages.householdChanged);
  }
  const token = newSecretToken();
  const stored = await guardiansTable.putInvite(hashToken(token), {
    household_id: householdId,
    invited_by: household.caller.id,
    email: invited,
    expires: new Date(now.getTime() + INVITE_TTL_MS),
  });
  if (!stored) throw new NotFoundError(serverMessages.accountNotFound);
  // Inviting an address again (Resend) replaces the invitation it had: only the newest link works.
  for (const older of await guardiansTable.listInvites(householdId, now)) {
    if (older.email === invited && older.id !== hashToken(token))
      await guardiansTable.deleteInvite(older.id, householdId);
  }
  const sent = await sendMail(
    guardianInviteMail({
      to: invited,
      inviterName: `${household.caller.first_name} ${household.caller.last_name}`,
      athleteNames: answerOf(household).athletes.map((a) => a.first_name),
      link: tokenLink(MAIL_LINK_PAGES.joinHousehold, token),
    }),
  ).catch((error: unknown) => {
    log.warn('guardian invitation not sent', { error: error instanceof Error ? error.name : 'unknown' });
    throw new ServiceUnavailableError(serverMessages.mailUnavailable);
  });
  log.info('guardian invited', { householdId, outcome: sent });
  return { success: true, message: serverMessages.invitationSent(invited) };
}

/**
 * GET /household/invitations (issue 36): the household's invitations still waiting, oldest first, with who
 * sent each. A household of one has none.
 */
export async function listGuardianInvites(caller: AccessTokenClaims): Promise<PendingInvitation[]> {
  const household = await loadHousehold(caller);
  if (!household.id) return [];
  const invites = await guardiansTable.listInvites(household.id, new Date());
  return invites.map((invite) => {
    const sender = household.guardians.find((g) => g.id === invite.invited_by);
    return {
      id: invite.id,
      email: invite.email,
      sent_by: sender ? `${sender.first_name} ${sender.last_name}` : '',
      sent_at: invite.sent_at,
      expires_at: new Date(invite.expiresAt * 1000).toISOString(),
    };
  });
}

/**
 * DELETE /household/invitations/{id} (issue 36): its link stops working. Only an invitation of the caller's
 * household; any other id reads as one no longer waiting (404). Answers the ones still waiting.
 */
export async function cancelGuardianInvite(
  caller: AccessTokenClaims,
  id: string,
): Promise<PendingInvitation[]> {
  const household = await loadHousehold(caller);
  if (!household.id || !(await guardiansTable.deleteInvite(id, household.id))) {
    throw new NotFoundError(serverMessages.invitationNotWaiting);
  }
  log.info('guardian invitation cancelled', { householdId: household.id });
  return listGuardianInvites(caller);
}

/**
 * POST /household/guardians/preview {token} (issue 36): what an invitation is, for its page, to whoever holds
 * its link (the invited mailbox): who invited, the children's first names, and the invited address (which a
 * sign-up from the page fills in). An unknown or expired link reads as one.
 */
export async function previewGuardianInvite(token: string): Promise<InvitationPreview> {
  const invite = await guardiansTable.getInvite(hashToken(token), new Date());
  const inviter = invite ? await users.getUser(invite.invited_by) : null;
  if (!invite || !inviter) throw new NotFoundError(serverMessages.invitationInvalid);
  const household = await loadHousehold({ sub: inviter.id } as AccessTokenClaims);
  return {
    inviter_name: `${inviter.first_name} ${inviter.last_name}`,
    athlete_names: answerOf(household).athletes.map((a) => a.first_name),
    email: invite.email,
  };
}

/**
 * POST /household/guardians/accept {token}: the signed-in account with the invited address joins the
 * household. If it was the last guardian of its own household, that household's athletes come along; an
 * account holder's own athlete always does (it is the account). Already a guardian there: answered as it is.
 */
export async function acceptGuardianInvite(caller: AccessTokenClaims, token: string): Promise<Household> {
  const now = new Date();
  const hash = hashToken(token);
  const invite = await guardiansTable.getInvite(hash, now);
  if (!invite) throw new NotFoundError(serverMessages.invitationInvalid);
  const from = await loadHousehold(caller);
  if (normaliseEmail(from.caller.email) !== invite.email) {
    throw new ForbiddenError(serverMessages.invitationForSomeoneElse);
  }
  if (from.id === invite.household_id) return answerOf(from);
  const target = await households.getHouseholdItems(invite.household_id);
  if (!target.guardianIds.length) throw new NotFoundError(serverMessages.invitationInvalid);
  const isLast = from.guardians.length === 1;
  const targetGuardians = await Promise.all(target.guardianIds.map((id) => users.getUser(id)));
  const base = target.athletes.length + targetGuardians.filter((g) => g && isPlayerAccount(g)).length;
  const ownAthlete = isPlayerAccount(from.caller);
  const incoming = (ownAthlete ? 1 : 0) + (isLast ? from.added.length : 0);
  if (base + incoming > MAX_ATHLETES) throw new ConflictError(serverMessages.tooManyAthletes);
  // The limit holds under concurrency by the joined household's counter, not by the reads above.
  const joined = await guardiansTable.joinHousehold({
    userId: from.caller.id,
    inviteHash: hash,
    toHouseholdId: invite.household_id,
    from: from.id ? { householdId: from.id, isLast, athletes: from.added } : null,
    now,
    athletes: {
      base,
      max: MAX_ATHLETES,
      incoming,
      ownAthlete,
      fromBase: answerOf(from).athletes.length,
    },
  });
  if (joined === 'full') throw new ConflictError(serverMessages.tooManyAthletes);
  if (joined === 'changed') throw new ConflictError(serverMessages.householdChanged);
  const stayed = isLast ? undefined : from.guardians.find((g) => g.id !== from.caller.id);
  await Promise.all([refreshGuardiansOf(from.caller.id), stayed ? refreshGuardiansOf(stayed.id) : undefined]);
  log.info('guardian joined a household', {
    householdId: invite.household_id,
    broughtAthletes: isLast ? from.added.length : 0,
  });
  return getHousehold(caller);
}

/**
 * DELETE /household/guardians/me: the caller leaves its household and is a household of one again (an
 * account holder's own athlete goes with them). The last guardian cannot leave (409): the athletes would
 * have no one.
 */
export async function leaveHousehold(caller: AccessTokenClaims): Promise<Household> {
  const household = await loadHousehold(caller);
  if (!household.id || household.guardians.length < 2) throw new ConflictError(serverMessages.lastGuardian);
  const outcome = await guardiansTable.leaveHousehold(household.caller.id, household.id, {
    base: answerOf(household).athletes.length,
    ownAthlete: isPlayerAccount(household.caller),
  });
  if (outcome === 'last') throw new ConflictError(serverMessages.lastGuardian);
  if (outcome === 'moved') throw new ConflictError(serverMessages.householdChanged);
  const stayed = household.guardians.find((g) => g.id !== household.caller.id)!;
  await Promise.all([refreshGuardiansOf(household.caller.id), refreshGuardiansOf(stayed.id)]);
  log.info('guardian left a household', { householdId: household.id });
  return getHousehold(caller);
}
