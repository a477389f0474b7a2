/**
 * Walk-ups at the door (issues 37 and 42): a family registers their child on the helper's phone, pays cash,
 * and the child is checked in with the season's next number, by the same rules and numbering as a
 * registration from home (services/registration/register.ts does the registering).
 *
 * All or nothing, as the door sees it: every refusal (season, group, waiver name, the helper's limit) comes
 * before anything is written. The writes that follow (the account, the child, the registration, the
 * check-in) each find what an earlier try left before making it, so a retry after a failure or a crash
 * between two of them finishes the same walk-up instead of answering 409.
 *
 * The door never learns who has an account: an address with one is answered exactly as one without. The
 * child joins that account's household and the account holder is mailed; a new address gets a family
 * account, closed until they choose a password from the mailed link.
 */
import { randomUUID } from 'node:crypto';
import {
  CONSENT_NOTICE_VERSION,
  groupsFor,
  MAIL_LINK_PAGES,
  serverMessages,
  todayInClubZone,
  isMinor,
  type AccessTokenClaims,
  type WalkUpAnswer,
  type WalkUpInput,
} from '@club/shared';
import { checkInAtDoor, type DoorRefusal } from '../../db/tryout-night/check-ins';
import * as oneTimeTokens from '../../db/accounts/one-time-tokens';
import * as seasonsTable from '../../db/seasons/seasons';
import type { RegistrationItem } from '../../db/registration/registration-item';
import * as tryoutsTable from '../../db/registration/registrations';
import * as users from '../../db/accounts/users';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';
import { siteLink, tokenLink } from '../../mail/layout';
import { sendMail } from '../../mail/ses-sender';
import { walkUpClaimMail, walkUpNoticeMail } from '../../mail/walk-up-mails';
import type { HelperAccess } from '../platform/access';
import { byHelper, doorView, sessionsOn } from './checkin';
import { mailConfirmationOnce } from '../mail/confirmation-mail';
import { addAthlete, familyOf } from '../households/households';
import { hashPassword } from '../accounts/passwords';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';
import { sameName } from '../registration/registration-rules';
import { registerForTryout } from '../registration/register';

/** How long the mailed link to claim the account works. */
export const CLAIM_LINK_DAYS = 14;

/**
 * POST /checkin/{seasonId}/walk-ups: the season must be the active one with registration open (as at home);
 * the group must fit the child's birth year and division; a season with a waiver needs the guardian's full
 * name, as typed above it; a helper registers at most 30 walk-ups an hour.
 */
export async function registerWalkUp(
  helper: HelperAccess,
  seasonId: string,
  input: WalkUpInput,
  now: Date = new Date(),
): Promise<WalkUpAnswer> {
  const season = await seasonsTable.getActiveSeason();
  if (!season || season.id !== seasonId) throw new NotFoundError(serverMessages.noActiveSeason);
  if (!season.is_registration_open) throw new ConflictError(serverMessages.registrationClosed(season.name));
  if (!season.age_groups.includes(input.age_group)) {
    throw new BadRequestError(serverMessages.ageGroupNotOffered);
  }
  const { athlete, guardian } = input;
  const fits = groupsFor(athlete, season.age_groups, season.reference_year);
  if (!fits.includes(input.age_group)) {
    throw new BadRequestError(
      serverMessages.groupMisfit(athlete.first_name, athlete.last_name, input.age_group, fits),
    );
  }
  const waiver = season.waiver_text ? signedAtTheDoor(input, season.waiver_version ?? 1) : undefined;
  // Counted by one atomic ADD (db/platform/rate-windows.ts), so helpers racing each other cannot pass it.
  await requireWithinLimit(rateLimits.walkUpHelper, helper.userId, now);
  // Made whether or not the address has an account, so the answer takes as long either way.
  const passwordHash = await hashPassword(newSecretToken());

  const account = await accountOf(input, passwordHash, now);
  // The registration is the guardian's at the door: the waiver carries the name they typed.
  const caller: AccessTokenClaims = {
    sub: account.id,
    first_name: guardian.first_name,
    last_name: guardian.last_name,
    email: account.email,
    is_admin: false,
  };
  const childId = await childOf(caller, input, now);
  const registration = await registrationOf(caller, season, childId, input, waiver, now);
  const checked = await checkInAtDoor(
    season.id,
    childId,
    // The cash taken, with the arrival, in the helper's audited entry (a free registration has none to take).
    registration.amount_cents > 0 ? { attended: true, cash_collected: true } : { attended: true },
    byHelper(helper, now),
  );
  if (typeof checked === 'string') throw refusalOf(checked, registration);

  await mailAccountHolder(account, checked, athlete, season.name, now);
  log.info('walk-up registered at the door', { seasonId: season.id, tryoutNumber: checked.tryout_number });
  return {
    player: doorView(checked, sessionsOn(season, todayInClubZone(now))),
    message: serverMessages.walkUpRegistered(athlete.first_name, checked.tryout_number),
  };
}

/** The waiver as the guardian at the door signs it: their full name as typed above, checked before any write. */
function signedAtTheDoor(input: WalkUpInput, version: number): { version: number; signed_name: string } {
  const signed = input.waiver_signed_name;
  const name = `${input.guardian.first_name} ${input.guardian.last_name}`;
  if (!signed) {
    throw new BadRequestError(serverMessages.walkUpWaiverRequired, [
      { field: 'waiver_signed_name', msg: serverMessages.walkUpWaiverRequired },
    ]);
  }
  if (!sameName(signed, name)) {
    const msg = serverMessages.walkUpWaiverNameMismatch(name);
    throw new BadRequestError(msg, [{ field: 'waiver_signed_name', msg }]);
  }
  return { version, signed_name: signed };
}

/**
 * The account at the guardian's address: the one it has (whoever made it, at home or at the door on an
 * earlier try), or a new guardian's account, closed (an unknown password, address not yet confirmed).
 */
async function accountOf(input: WalkUpInput, passwordHash: string, now: Date): Promise<users.UserItem> {
  const { guardian } = input;
  const existing = await users.getUserByEmail(guardian.email);
  if (existing) return existing;
  const at = now.toISOString();
  const account: users.UserItem = {
    id: randomUUID(),
    email: guardian.email,
    first_name: guardian.first_name,
    last_name: guardian.last_name,
    phone_number: guardian.phone_number,
    account_type: 'guardian',
    parent_consent: false,
    consentedAt: at,
    consentNoticeVersion: CONSENT_NOTICE_VERSION,
    is_admin: false,
    createdAt: at,
    passwordHash,
    passwordVersion: 0,
  };
  if (await users.createUserClaimingEmail(account)) return account;
  // Another try of the same walk-up made it a moment ago: that is the account.
  const raced = await users.getUserByEmail(guardian.email);
  if (!raced) throw new ConflictError(serverMessages.seasonSettingsChanged);
  return raced;
}

/** The child in the account's household: the one of the same name and birth date, or added now. */
async function childOf(caller: AccessTokenClaims, input: WalkUpInput, now: Date): Promise<string> {
  const { athlete, guardian } = input;
  const family = await familyOf(caller);
  const same = family.players.find(
    (p) =>
      sameName(p.details.first_name, athlete.first_name) &&
      sameName(p.details.last_name, athlete.last_name) &&
      p.details.date_of_birth === athlete.date_of_birth,
  );
  if (same) return same.id;
  const contact = input.emergency_contact ?? {
    // The guardian at the door is the child's emergency contact unless they name someone else.
    name: `${guardian.first_name} ${guardian.last_name}`,
    phone_number: guardian.phone_number,
    email: guardian.email,
    relationship: 'parent' as const,
  };
  const child = await addAthlete(caller, {
    first_name: athlete.first_name,
    last_name: athlete.last_name,
    date_of_birth: athlete.date_of_birth,
    division: athlete.division,
    emergency_contact_name: contact.name,
    emergency_contact_phone: contact.phone_number,
    emergency_contact_email: contact.email,
    emergency_contact_relationship: contact.relationship,
    parent_consent: isMinor(athlete.date_of_birth, todayInClubZone(now)),
    ...(athlete.medical_notes ? { medical_notes: athlete.medical_notes } : {}),
  });
  return child.id;
}

/**
 * The child's registration for the season: the one it has (an earlier try's, or the family's from home), or
 * a new one, paid in cash as it is made.
 */
async function registrationOf(
  caller: AccessTokenClaims,
  season: seasonsTable.SeasonItem,
  childId: string,
  input: WalkUpInput,
  waiver: { version: number; signed_name: string } | undefined,
  now: Date,
): Promise<RegistrationItem> {
  const existing = await tryoutsTable.getTryout(season.id, childId);
  if (existing) {
    // An earlier try that stopped before its confirmation: sent now (once, whoever sends it).
    await mailConfirmationOnce(existing, season);
    return existing;
  }
  try {
    await registerForTryout(
      caller,
      {
        payment_method: 'cash',
        registrations: [
          {
            athlete_id: childId,
            age_group: input.age_group,
            ...(input.photo_consent !== undefined ? { photo_consent: input.photo_consent } : {}),
          },
        ],
        ...(waiver ? { waiver } : {}),
      },
      // Paid before its confirmation is written: the mail says the cash is in, not to bring it.
      { cashTakenAt: now },
    );
  } catch (error) {
    // A try of the same walk-up on another request registered the child first: carry on with that one.
    if (!(error instanceof ConflictError)) throw error;
    const raced = await tryoutsTable.getTryout(season.id, childId);
    if (!raced) throw error;
    return raced;
  }
  const made = await tryoutsTable.getTryout(season.id, childId);
  if (!made) throw new ConflictError(serverMessages.seasonSettingsChanged);
  return made;
}

function refusalOf(refusal: DoorRefusal, registration: RegistrationItem): ConflictError {
  switch (refusal) {
    case 'withdrawn':
      return new ConflictError(
        serverMessages.withdrawnAtDoor(`${registration.first_name} ${registration.last_name}`),
      );
    case 'not-cash':
      return new ConflictError(serverMessages.cashOnCard);
    default:
      return new ConflictError(serverMessages.seasonSettingsChanged);
  }
}

/**
 * One mail to the account holder: an account nobody has opened yet (made at the door, now or on an earlier
 * try) gets its link to choose a password; an account in use is told what was registered on it, and where.
 * A mail that fails is logged: the child is registered and in, and "Forgot password" still opens the account.
 */
async function mailAccountHolder(
  account: users.UserItem,
  tryout: RegistrationItem,
  athlete: WalkUpInput['athlete'],
  seasonName: string,
  now: Date,
): Promise<void> {
  const athleteName = `${athlete.first_name} ${athlete.last_name}`;
  const common = {
    to: account.email,
    firstName: account.first_name,
    athleteName,
    seasonName,
    tryoutNumber: tryout.tryout_number,
  };
  let mail;
  if (account.verifiedAt) {
    mail = walkUpNoticeMail({ ...common, link: siteLink('/dashboard') });
  } else {
    const token = newSecretToken();
    const stored = await oneTimeTokens.putOneTimeToken(hashToken(token), 'RESET', {
      userId: account.id,
      passwordVersion: account.passwordVersion,
      expires: new Date(now.getTime() + CLAIM_LINK_DAYS * 24 * 60 * 60 * 1000),
    });
    if (!stored) return;
    mail = walkUpClaimMail({
      ...common,
      // The claim page names the child from the fragment, which never leaves the browser.
      link: `${tokenLink(MAIL_LINK_PAGES.claimAccount, token)}&child=${encodeURIComponent(athleteName)}`,
      validDays: CLAIM_LINK_DAYS,
    });
  }
  await sendMail(mail).catch((error: unknown) => {
    log.warn('walk-up mail not sent', { error: error instanceof Error ? error.name : 'unknown' });
  });
}
