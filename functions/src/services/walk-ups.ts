/**
 * Walk-ups at the door (issue 37): a family with no account registers their child on the helper's phone,
 * pays cash, and the child is checked in with the season's next number, by the same rules and numbering as
 * a registration from home (services/tryouts.ts does the registering). The guardian gets a family account
 * holding the child and the registration, closed until they choose a password from the mailed link.
 * Every check is made before anything is written.
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
import { checkInAtDoor } from '../db/check-ins';
import * as oneTimeTokens from '../db/one-time-tokens';
import * as seasonsTable from '../db/seasons';
import * as users from '../db/users';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { log } from '../lib/log';
import { hashToken, newSecretToken } from '../lib/secure-tokens';
import { tokenLink } from '../mail/layout';
import { sendMail } from '../mail/ses-sender';
import { walkUpClaimMail } from '../mail/walk-up-mails';
import type { HelperAccess } from './access';
import { byHelper, doorView, sessionsOn } from './checkin';
import { addAthlete } from './households';
import { hashPassword } from './passwords';
import { registerForTryout } from './tryouts';

/** How long the mailed link to claim the account works. */
export const CLAIM_LINK_DAYS = 14;

/**
 * POST /checkin/{seasonId}/walk-ups: the season must be the active one with registration open (as at home);
 * the group must fit the child's birth year and division; a season with a waiver needs the guardian's typed
 * name; an address that already has an account is sent to register from their own phone (409).
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
  if (season.waiver_text && !input.waiver_signed_name) {
    throw new BadRequestError(serverMessages.walkUpWaiverRequired, [
      { field: 'waiver_signed_name', msg: serverMessages.walkUpWaiverRequired },
    ]);
  }
  if (await users.getUserByEmail(guardian.email)) throw new ConflictError(serverMessages.walkUpEmailTaken);

  // The guardian's account: a parent's, closed (an unknown password, address not yet confirmed).
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
    passwordHash: await hashPassword(newSecretToken()),
    passwordVersion: 0,
  };
  if (!(await users.createUserClaimingEmail(account)))
    throw new ConflictError(serverMessages.walkUpEmailTaken);
  const caller: AccessTokenClaims = {
    sub: account.id,
    first_name: account.first_name,
    last_name: account.last_name,
    email: account.email,
    is_admin: false,
  };
  const child = await addAthlete(caller, {
    first_name: athlete.first_name,
    last_name: athlete.last_name,
    date_of_birth: athlete.date_of_birth,
    division: athlete.division,
    // The guardian at the door is the child's emergency contact until the family says otherwise.
    emergency_contact_name: `${guardian.first_name} ${guardian.last_name}`,
    emergency_contact_phone: guardian.phone_number,
    emergency_contact_email: guardian.email,
    emergency_contact_relationship: 'parent',
    parent_consent: isMinor(athlete.date_of_birth, todayInClubZone(now)),
  });
  const registered = await registerForTryout(
    caller,
    {
      payment_method: 'cash',
      registrations: [
        {
          athlete_id: child.id,
          age_group: input.age_group,
          ...(input.photo_consent !== undefined ? { photo_consent: input.photo_consent } : {}),
        },
      ],
      ...(season.waiver_text
        ? { waiver: { version: season.waiver_version ?? 1, signed_name: input.waiver_signed_name! } }
        : {}),
    },
    // Paid before its confirmation is written: the mail says the cash is in, not to bring it.
    { cashTakenAt: now },
  );
  const tryout = registered.tryout;
  const checked = await checkInAtDoor(
    season.id,
    child.id,
    // The cash taken, with the arrival, in the helper's audited entry (a free season has none to take).
    tryout.amount_paid_cents ? { attended: true, cash_collected: true } : { attended: true },
    byHelper(helper, now),
  );
  if (typeof checked === 'string') throw new ConflictError(serverMessages.seasonSettingsChanged);

  const token = newSecretToken();
  const stored = await oneTimeTokens.putOneTimeToken(hashToken(token), 'RESET', {
    userId: account.id,
    passwordVersion: account.passwordVersion,
    expires: new Date(now.getTime() + CLAIM_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  if (stored) {
    await sendMail(
      walkUpClaimMail({
        to: account.email,
        firstName: account.first_name,
        athleteName: `${athlete.first_name} ${athlete.last_name}`,
        seasonName: season.name,
        tryoutNumber: checked.tryout_number,
        link: tokenLink(MAIL_LINK_PAGES.claimAccount, token),
        validDays: CLAIM_LINK_DAYS,
      }),
    ).catch((error: unknown) => {
      // The child is registered and in: the family can still claim the account with "Forgot password".
      log.warn('walk-up claim mail not sent', { error: error instanceof Error ? error.name : 'unknown' });
    });
  }
  log.info('walk-up registered at the door', { seasonId: season.id, tryoutNumber: checked.tryout_number });
  return {
    player: doorView(checked, sessionsOn(season, todayInClubZone(now))),
    message: serverMessages.walkUpRegistered(athlete.first_name, checked.tryout_number),
  };
}
