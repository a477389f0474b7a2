/**
 * Households (issue 17): a family's guardians and athletes. Every call starts from the caller's account and
 * its household; an athlete id that is not this household's is a 404 whoever owns it, so ids cannot be
 * probed. An account that never added an athlete is a household of one: itself, its own athlete (decision
 * 41). Athlete details a guardian changes reach the athlete's registration in the active season at once,
 * so the admin table and CSV show the emergency contact as it is on tryout day.
 */
import { randomUUID } from 'node:crypto';
import {
  CONSENT_NOTICE_VERSION,
  fieldMessages,
  isMinor,
  MAIL_LINK_PAGES,
  ownPlayerId,
  serverMessages,
  type AccessTokenClaims,
  type Athlete,
  type AthleteInput,
  type AthleteUpdate,
  type GuardianContact,
  type Household,
  normaliseEmail,
  type SuccessAnswer,
} from '@club/shared';
import * as households from '../db/households';
import * as seasonsTable from '../db/seasons';
import * as tryoutsTable from '../db/tryouts';
import * as users from '../db/users';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../lib/errors';
import { log } from '../lib/log';
import { hashToken, newSecretToken } from '../lib/secure-tokens';
import { guardianInviteMail } from '../mail/household-mails';
import { tokenLink } from '../mail/layout';
import { sendMail } from '../mail/ses-sender';
import { playerOfAccount, playerOfAthlete, type Player } from './players';
import { rateLimits, requireWithinLimit } from './rate-limits';

/** The most athletes one household holds (a club family; a cap keeps one household's reads small). */
export const MAX_ATHLETES = 12;

/** An account holder's own athlete (a player's account), from the profile. */
function ownAthlete(user: users.PlayerAccount): Athlete {
  return {
    id: ownPlayerId(user.id),
    first_name: user.first_name,
    last_name: user.last_name,
    date_of_birth: user.date_of_birth,
    emergency_contact_name: user.emergency_contact_name,
    emergency_contact_phone: user.emergency_contact_phone,
    emergency_contact_email: user.emergency_contact_email,
    emergency_contact_relationship: user.emergency_contact_relationship,
    parent_consent: user.parent_consent,
  };
}

function toAthlete(item: households.AthleteItem): Athlete {
  return {
    id: item.id,
    first_name: item.first_name,
    last_name: item.last_name,
    date_of_birth: item.date_of_birth,
    emergency_contact_name: item.emergency_contact_name,
    emergency_contact_phone: item.emergency_contact_phone,
    emergency_contact_email: item.emergency_contact_email,
    emergency_contact_relationship: item.emergency_contact_relationship,
    parent_consent: item.parent_consent,
  };
}

const { isPlayerAccount } = users;

interface LoadedHousehold {
  /** Null for an account's household of one not yet made real (it has no items). */
  id: string | null;
  caller: users.UserItem;
  guardians: users.UserItem[];
  added: households.AthleteItem[];
}

async function loadHousehold(caller: Pick<AccessTokenClaims, 'sub'>): Promise<LoadedHousehold> {
  const user = await users.getUser(caller.sub);
  if (!user) throw new UnauthorizedError(serverMessages.notSignedIn);
  const id = user.household_id;
  if (!id) return { id: null, caller: user, guardians: [user], added: [] };
  const items = await households.getHouseholdItems(id);
  // Every guardian sees the same household: guardians in the order they joined, the caller among them.
  const ids = items.guardianIds.includes(user.id) ? items.guardianIds : [...items.guardianIds, user.id];
  const read = await Promise.all(ids.map((gid) => (gid === user.id ? user : users.getUser(gid))));
  const guardians = read.filter((g): g is users.UserItem => g !== null && g.household_id === id);
  return { id, caller: user, guardians, added: items.athletes };
}

function answerOf(household: LoadedHousehold): Household {
  return {
    guardians: household.guardians.map((g) => ({
      id: g.id,
      first_name: g.first_name,
      last_name: g.last_name,
      email: g.email,
    })),
    athletes: [
      ...household.guardians.filter(isPlayerAccount).map(ownAthlete),
      ...household.added.map(toAthlete),
    ],
  };
}

/** A household's guardians as the admin reaches them, and as its mail is addressed. */
function contactsOf(household: LoadedHousehold): GuardianContact[] {
  return household.guardians.map((g) => ({
    name: `${g.first_name} ${g.last_name}`,
    email: g.email,
    phone_number: g.phone_number,
  }));
}

/**
 * The caller's household as registration needs it: each athlete as a player (an account holder's own from
 * the profile; an added one reached through the caller), and the guardians the registration carries.
 */
export async function familyOf(
  caller: AccessTokenClaims,
): Promise<{ players: Player[]; contacts: GuardianContact[] }> {
  const household = await loadHousehold(caller);
  return {
    players: [
      ...household.guardians.filter(isPlayerAccount).map(playerOfAccount),
      ...household.added.map((athlete) => playerOfAthlete(athlete, household.caller)),
    ],
    contacts: contactsOf(household),
  };
}

/**
 * Writes a household's guardians into its athletes' registrations in the active season, after guardians
 * joined or left, so the admin row and the result mail reach whoever is a guardian now. Idempotent.
 */
async function refreshGuardiansOf(userId: string): Promise<void> {
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

/** The caller's household's athletes (the account holder's own first), for the tryout screens. */
export async function athletesOf(caller: AccessTokenClaims): Promise<Athlete[]> {
  return answerOf(await loadHousehold(caller)).athletes;
}

/** GET /household: the caller's guardians and athletes. */
export async function getHousehold(caller: AccessTokenClaims): Promise<Household> {
  return answerOf(await loadHousehold(caller));
}

/** POST /household/athletes: a new athlete; the caller gives spec §4's consent for one under 18. */
export async function addAthlete(caller: AccessTokenClaims, input: AthleteInput): Promise<Athlete> {
  const household = await loadHousehold(caller);
  if (answerOf(household).athletes.length >= MAX_ATHLETES) {
    throw new ConflictError(serverMessages.tooManyAthletes);
  }
  const now = new Date();
  const minor = isMinor(input.date_of_birth);
  const athlete: households.AthleteItem = {
    id: randomUUID(),
    household_id: household.id ?? randomUUID(),
    first_name: input.first_name,
    last_name: input.last_name,
    date_of_birth: input.date_of_birth,
    emergency_contact_name: input.emergency_contact_name,
    emergency_contact_phone: input.emergency_contact_phone,
    emergency_contact_email: input.emergency_contact_email,
    emergency_contact_relationship: input.emergency_contact_relationship,
    parent_consent: minor && input.parent_consent,
    created_at: now.toISOString(),
    ...(minor
      ? {
          consent_by: household.caller.id,
          consented_at: now.toISOString(),
          consent_notice_version: CONSENT_NOTICE_VERSION,
        }
      : {}),
  };
  const outcome = await households.addAthlete({ userId: household.caller.id, athlete, now });
  if (outcome === 'moved') throw new ConflictError(serverMessages.householdChanged);
  log.info('athlete added', { householdId: athlete.household_id, athleteId: athlete.id });
  return toAthlete(athlete);
}

type Found =
  | { kind: 'own'; user: users.UserItem; athlete: Athlete }
  | { kind: 'added'; item: households.AthleteItem; athlete: Athlete };

/** The household's athlete with that id, or a 404 (another household's athlete reads the same as none). */
function findAthlete(household: LoadedHousehold, athleteId: string): Found {
  const guardian = household.guardians.filter(isPlayerAccount).find((g) => ownPlayerId(g.id) === athleteId);
  if (guardian) return { kind: 'own', user: guardian, athlete: ownAthlete(guardian) };
  const item = household.added.find((a) => a.id === athleteId);
  if (item) return { kind: 'added', item, athlete: toAthlete(item) };
  throw new NotFoundError(serverMessages.athleteNotFound);
}

/** The athlete's registration in the active season, if it has one. */
async function activeRegistration(athleteId: string) {
  const season = await seasonsTable.getActiveSeason();
  const tryout = season ? await tryoutsTable.getTryout(season.id, athleteId) : null;
  return season && tryout ? { season, tryout } : null;
}

/**
 * PATCH /household/athletes/{id}: changes an athlete's details. Consent is checked against the birth date
 * the athlete will have; a birth date is locked while the athlete is registered in the active season (it
 * decided the age group). The registration shows the new details at once.
 */
export async function updateAthlete(
  caller: AccessTokenClaims,
  athleteId: string,
  changes: AthleteUpdate,
): Promise<Athlete> {
  const household = await loadHousehold(caller);
  const found = findAthlete(household, athleteId);
  const next = { ...found.athlete, ...changes };
  if (isMinor(next.date_of_birth) && !next.parent_consent) {
    throw new BadRequestError(fieldMessages.parentConsentRequired, [
      { field: 'parent_consent', msg: fieldMessages.parentConsentRequired },
    ]);
  }
  const registered = await activeRegistration(athleteId);
  if (
    registered &&
    changes.date_of_birth !== undefined &&
    changes.date_of_birth !== found.athlete.date_of_birth
  ) {
    throw new ConflictError(serverMessages.athleteBirthDateLocked);
  }
  const now = new Date().toISOString();
  const consenting = next.parent_consent && !found.athlete.parent_consent && isMinor(next.date_of_birth);
  let athlete: Athlete;
  if (found.kind === 'own') {
    const written = await users.updateOwnAthlete(found.user.id, {
      ...changes,
      ...(consenting ? { consentedAt: now, consentNoticeVersion: CONSENT_NOTICE_VERSION } : {}),
    });
    if (!written || !isPlayerAccount(written)) throw new NotFoundError(serverMessages.athleteNotFound);
    athlete = ownAthlete(written);
  } else {
    const written = await households.updateAthlete(found.item.household_id, athleteId, {
      ...changes,
      updated_at: now,
      ...(consenting
        ? {
            consent_by: household.caller.id,
            consented_at: now,
            consent_notice_version: CONSENT_NOTICE_VERSION,
          }
        : {}),
    });
    if (!written) throw new NotFoundError(serverMessages.athleteNotFound);
    athlete = toAthlete(written);
  }
  if (registered) {
    await tryoutsTable.refreshAthleteSnapshot(registered.season.id, athleteId, {
      first_name: athlete.first_name,
      last_name: athlete.last_name,
      parent_consent: athlete.parent_consent,
      emergency_contact_name: athlete.emergency_contact_name,
      emergency_contact_phone: athlete.emergency_contact_phone,
      emergency_contact_email: athlete.emergency_contact_email,
      emergency_contact_relationship: athlete.emergency_contact_relationship,
    });
  }
  log.info('athlete changed', {
    householdId: household.id,
    athleteId,
    fields: Object.keys(changes).join(','),
  });
  return athlete;
}

/**
 * DELETE /household/athletes/{id}: removes an athlete a guardian added; refused while it is registered (not
 * withdrawn) in the active season, and for an account holder's own athlete. Answers the household after.
 */
export async function deleteAthlete(caller: AccessTokenClaims, athleteId: string): Promise<Household> {
  const household = await loadHousehold(caller);
  const found = findAthlete(household, athleteId);
  if (found.kind === 'own') throw new ConflictError(serverMessages.removeYourself);
  const registered = await activeRegistration(athleteId);
  if (registered && !registered.tryout.withdrawn) throw new ConflictError(serverMessages.athleteRegistered);
  if (!household.id || !(await households.deleteAthlete(household.id, athleteId))) {
    throw new NotFoundError(serverMessages.athleteNotFound);
  }
  log.info('athlete removed', { householdId: household.id, athleteId });
  return answerOf({ ...household, added: household.added.filter((a) => a.id !== athleteId) });
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
  await households.putInvite(hashToken(token), {
    household_id: householdId,
    invited_by: household.caller.id,
    email: invited,
    expires: new Date(now.getTime() + INVITE_TTL_MS),
  });
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
 * POST /household/guardians/accept {token}: the signed-in account with the invited address joins the
 * household. If it was the last guardian of its own household, that household's athletes come along; an
 * account holder's own athlete always does (it is the account). Already a guardian there: answered as it is.
 */
export async function acceptGuardianInvite(caller: AccessTokenClaims, token: string): Promise<Household> {
  const now = new Date();
  const hash = hashToken(token);
  const invite = await households.getInvite(hash, now);
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
  const athletes =
    target.athletes.length +
    targetGuardians.filter((g) => g && isPlayerAccount(g)).length +
    (isPlayerAccount(from.caller) ? 1 : 0) +
    (isLast ? from.added.length : 0);
  if (athletes > MAX_ATHLETES) throw new ConflictError(serverMessages.tooManyAthletes);
  const joined = await households.joinHousehold({
    userId: from.caller.id,
    inviteHash: hash,
    toHouseholdId: invite.household_id,
    from: from.id ? { householdId: from.id, isLast, athletes: from.added } : null,
    now,
  });
  if (!joined) throw new ConflictError(serverMessages.householdChanged);
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
  const outcome = await households.leaveHousehold(household.caller.id, household.id);
  if (outcome === 'last') throw new ConflictError(serverMessages.lastGuardian);
  if (outcome === 'moved') throw new ConflictError(serverMessages.householdChanged);
  const stayed = household.guardians.find((g) => g.id !== household.caller.id)!;
  await Promise.all([refreshGuardiansOf(household.caller.id), refreshGuardiansOf(stayed.id)]);
  log.info('guardian left a household', { householdId: household.id });
  return getHousehold(caller);
}
