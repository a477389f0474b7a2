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
  ownPlayerId,
  serverMessages,
  type AccessTokenClaims,
  type Athlete,
  type AthleteInput,
  type AthleteUpdate,
  type GuardianContact,
  type Household,
} from '@club/shared';
import * as households from '../../db/households/households';
import * as memberDeletion from '../../db/privacy/member-deletion';
import * as scoresTable from '../../db/tryout-night/scores';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import { leaveWaitlist } from '../../db/registration/waitlist';
import * as users from '../../db/accounts/users';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { log } from '../../lib/log';
import { playerOfAccount, playerOfAthlete, type Player } from '../registration/players';

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
    ...(user.division ? { division: user.division } : {}),
    ...(user.medical_notes ? { medical_notes: user.medical_notes } : {}),
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
    ...(item.division ? { division: item.division } : {}),
    ...(item.medical_notes ? { medical_notes: item.medical_notes } : {}),
  };
}

export const { isPlayerAccount } = users;

export interface LoadedHousehold {
  /** Null for an account's household of one not yet made real (it has no items). */
  id: string | null;
  caller: users.UserItem;
  guardians: users.UserItem[];
  added: households.AthleteItem[];
}

export async function loadHousehold(caller: Pick<AccessTokenClaims, 'sub'>): Promise<LoadedHousehold> {
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

export function answerOf(household: LoadedHousehold): Household {
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
export function contactsOf(household: LoadedHousehold): GuardianContact[] {
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

/** The caller's household's athletes (the account holder's own first), for the tryout screens. */
export async function athletesOf(caller: AccessTokenClaims): Promise<Athlete[]> {
  return answerOf(await loadHousehold(caller)).athletes;
}

/**
 * The player a signed-in call acts for: the caller's own without an athlete id (the spec's calls), else
 * that athlete of the caller's household (a 404 for any other id, whoever's it is).
 */
export async function playerIdOf(caller: AccessTokenClaims, athleteId?: string): Promise<string> {
  if (athleteId === undefined) return ownPlayerId(caller.sub);
  const athletes = await athletesOf(caller);
  if (!athletes.some((a) => a.id === athleteId)) throw new NotFoundError(serverMessages.athleteNotFound);
  return athleteId;
}

/** GET /household: the caller's guardians and athletes. */
export async function getHousehold(caller: AccessTokenClaims): Promise<Household> {
  return answerOf(await loadHousehold(caller));
}

/** POST /household/athletes: a new athlete; the caller gives spec §4's consent for one under 18. */
export async function addAthlete(caller: AccessTokenClaims, input: AthleteInput): Promise<Athlete> {
  for (let attempt = 1; ; attempt += 1) {
    const added = await tryAddAthlete(caller, input);
    // Another request made the household real first (two children added at once): add to that one.
    if (added !== 'moved' || attempt === 3) {
      if (added === 'moved') throw new ConflictError(serverMessages.householdChanged);
      return added;
    }
  }
}

async function tryAddAthlete(caller: AccessTokenClaims, input: AthleteInput): Promise<Athlete | 'moved'> {
  const household = await loadHousehold(caller);
  const count = answerOf(household).athletes.length;
  if (count >= MAX_ATHLETES) throw new ConflictError(serverMessages.tooManyAthletes);
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
    ...(input.division ? { division: input.division } : {}),
    ...(input.medical_notes ? { medical_notes: input.medical_notes } : {}),
    created_at: now.toISOString(),
    ...(minor
      ? {
          consent_by: household.caller.id,
          consented_at: now.toISOString(),
          consent_notice_version: CONSENT_NOTICE_VERSION,
        }
      : {}),
  };
  // The limit holds under concurrency by the household's counter (a condition), not by the read above.
  const outcome = await households.addAthlete({
    userId: household.caller.id,
    athlete,
    now,
    count: { base: count, max: MAX_ATHLETES },
  });
  if (outcome === 'moved') {
    if (household.id) throw new ConflictError(serverMessages.householdChanged);
    return 'moved';
  }
  if (outcome === 'full') throw new ConflictError(serverMessages.tooManyAthletes);
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
      // Kept current for the admin's Player Details; '' once the family removed them (issue 36).
      medical_notes: athlete.medical_notes ?? '',
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
 * withdrawn) in the active season, and for an account holder's own athlete. The athlete's registrations, in
 * every season, keep only the club's record without identity, as an account's deletion leaves them (issue 34:
 * nothing would reach them once the athlete is gone); that happens first, so a crash leaves the athlete to be
 * removed again, never a registration no one can find. Answers the household after.
 */
export async function deleteAthlete(caller: AccessTokenClaims, athleteId: string): Promise<Household> {
  const household = await loadHousehold(caller);
  const found = findAthlete(household, athleteId);
  if (found.kind === 'own') throw new ConflictError(serverMessages.removeYourself);
  // A registration still waiting for its tryout number goes with the athlete (it never becomes one): deleted
  // before the check below, so none is numbered after it.
  const activeId = await seasonsTable.getActiveSeasonId();
  if (activeId) await memberDeletion.deleteWaitingRegistration(activeId, athleteId);
  // On a full group's waitlist (issue 45): it leaves it (a spot held for it passes on by the minute's sweep).
  if (activeId) await leaveWaitlist(activeId, athleteId);
  const registered = await activeRegistration(athleteId);
  if (registered && !registered.tryout.withdrawn) throw new ConflictError(serverMessages.athleteRegistered);
  const now = new Date();
  for (const season of await seasonsTable.listSeasons()) {
    const tryout = await tryoutsTable.getTryout(season.id, athleteId);
    if (!tryout) continue;
    // The evaluators' notes can name the child: they go with the child (the anonymous values stay).
    await scoresTable.forgetNotesAbout(season.id, tryout.age_group, athleteId);
    await memberDeletion.anonymizeRegistration(season.id, athleteId, now);
    await memberDeletion.anonymizeRefundReasons(season.id, athleteId);
    await memberDeletion.anonymizeOffer(season.id, athleteId);
    await memberDeletion.anonymizeInstalments(season.id, athleteId);
  }
  const count = answerOf(household).athletes.length;
  if (!household.id || !(await households.deleteAthlete(household.id, athleteId, count))) {
    throw new NotFoundError(serverMessages.athleteNotFound);
  }
  log.info('athlete removed', { householdId: household.id, athleteId });
  return answerOf({ ...household, added: household.added.filter((a) => a.id !== athleteId) });
}
