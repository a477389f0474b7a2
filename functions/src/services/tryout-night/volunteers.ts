/**
 * A season's helpers (issue 37): the admin invites a volunteer by e-mail for one job (check-in, or scoring
 * some age groups), the invited address accepts while signed in, and the grant it becomes is what the
 * handler wrapper checks on every tryout-night request (services/platform/access.ts helperGrantNow). Access ends when
 * the admin removes the helper or a day after the season's last session.
 */
import { randomUUID } from 'node:crypto';
import {
  HELPER_INVITE_DAYS,
  MAIL_LINK_PAGES,
  normaliseEmail,
  serverMessages,
  teamId,
  type AccessTokenClaims,
  type HelperGrant,
  type HelperInviteInput,
  type SeasonHelper,
} from '@club/shared';
import * as helpersTable from '../../db/tryout-night/volunteers';
import * as seasonsTable from '../../db/seasons/seasons';
import * as users from '../../db/accounts/users';
import { expiresAt } from '../../db/platform/keys';
import { ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { log } from '../../lib/log';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';
import { helperInviteMail, helperNights } from '../../mail/helper-mails';
import { sendMail } from '../../mail/ses-sender';
import { coachGrantNow, helperAccessEnds, helperGrantNow } from '../platform/access';
import * as teamsTable from '../../db/teams/teams';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';

const INVITE_TTL_MS = HELPER_INVITE_DAYS * 24 * 60 * 60 * 1000;

function answerOf(helper: helpersTable.HelperItem, teamNames: Map<string, string>): SeasonHelper {
  return {
    id: helper.helper_id,
    email: helper.email,
    role: helper.role,
    age_groups: helper.age_groups,
    ...(helper.team_uuid
      ? {
          team_id: teamId.of(helper.season_id, helper.team_uuid),
          team_name: teamNames.get(helper.team_uuid) ?? '',
        }
      : {}),
    status: helper.user_id ? 'active' : 'invited',
    name: helper.name ?? null,
    invited_at: helper.invited_at,
    accepted_at: helper.accepted_at ?? null,
    link_expires_at: helper.link_expires_at ? new Date(helper.link_expires_at * 1000).toISOString() : null,
  };
}

async function seasonOrNotFound(seasonId: string): Promise<seasonsTable.SeasonItem> {
  const season = await seasonsTable.getSeason(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  return season;
}

/** GET /admin/seasons/{id}/helpers: invitations waiting and helpers who accepted, oldest first. */
export async function listSeasonHelpers(seasonId: string): Promise<SeasonHelper[]> {
  await seasonOrNotFound(seasonId);
  const helpers = await helpersTable.listHelpers(seasonId);
  const names = helpers.some((h) => h.team_uuid)
    ? new Map((await teamsTable.teamsOfSeason(seasonId)).map((t) => [t.team_uuid, t.name]))
    : new Map<string, string>();
  return helpers.map((h) => answerOf(h, names));
}

/**
 * POST /admin/seasons/{id}/helpers: mails the invitation (a link working 7 days). Inviting an address again
 * for the same job replaces its waiting invitation; one that already accepted that job is a 409.
 */
export async function inviteHelper(
  admin: AccessTokenClaims,
  seasonId: string,
  input: HelperInviteInput,
  now: Date = new Date(),
): Promise<SeasonHelper[]> {
  await requireWithinLimit(rateLimits.inviteUser, admin.sub);
  const season = await seasonOrNotFound(seasonId);
  const ends = helperAccessEnds(season);
  // A coach's job is the season after the tryouts (issue 45): the sessions' end does not close it.
  if (input.role !== 'coach' && ends && ends <= now) throw new ConflictError(serverMessages.seasonOver);
  const email = normaliseEmail(input.email);
  // A coach is invited with one team of this season (issue 45).
  const team = input.team_id ? await teamsTable.getTeam(input.team_id) : null;
  if (input.role === 'coach' && (!team || team.season_id !== seasonId)) {
    throw new NotFoundError(serverMessages.teamNotFound);
  }
  const same = (await helpersTable.listHelpers(seasonId)).find(
    (h) => h.email === email && h.role === input.role && h.team_uuid === team?.team_uuid,
  );
  if (same?.user_id) throw new ConflictError(serverMessages.helperAlready(email));
  const token = newSecretToken();
  const helper = {
    helper_id: randomUUID(),
    season_id: seasonId,
    email,
    role: input.role,
    age_groups: input.role === 'evaluator' ? [...(input.age_groups ?? [])] : [],
    ...(input.role === 'coach' && team ? { team_uuid: team.team_uuid } : {}),
    invited_at: now.toISOString(),
    invited_by: admin.sub,
    token_hash: hashToken(token),
    link_expires_at: expiresAt(new Date(now.getTime() + INVITE_TTL_MS)),
  };
  if (!(await helpersTable.putHelperInvite(helper, same))) {
    throw new ConflictError(serverMessages.seasonSettingsChanged);
  }
  await sendMail(
    helperInviteMail({
      to: email,
      inviterName: `${admin.first_name} ${admin.last_name}`,
      seasonName: season.name,
      role: helper.role,
      ageGroups: helper.age_groups,
      ...(team ? { teamName: team.name } : {}),
      nights: helper.role === 'coach' ? [] : helperNights(season.sessions, helper.role, helper.age_groups),
      page: MAIL_LINK_PAGES.acceptHelper,
      token,
    }),
  ).catch((error: unknown) => {
    log.warn('helper invitation not sent', { error: error instanceof Error ? error.name : 'unknown' });
    throw new ServiceUnavailableError(serverMessages.mailUnavailable);
  });
  log.info('helper invited', { seasonId, role: helper.role });
  return listSeasonHelpers(seasonId);
}

/** DELETE /admin/seasons/{id}/helpers/{helperId}: the link stops working and the access ends at once. */
export async function removeSeasonHelper(seasonId: string, helperId: string): Promise<SeasonHelper[]> {
  const helper = await helpersTable.getHelper(seasonId, helperId);
  if (!helper || !(await helpersTable.removeHelper(helper))) {
    throw new NotFoundError(serverMessages.helperNotFound);
  }
  log.info('helper removed', { seasonId, role: helper.role });
  return listSeasonHelpers(seasonId);
}

/**
 * POST /helpers/accept {token}: the signed-in account with the invited address takes the job. Accepting a
 * link already accepted by this account answers its grants as they are.
 */
export async function acceptHelper(caller: AccessTokenClaims, token: string): Promise<HelperGrant[]> {
  const now = new Date();
  const hash = hashToken(token);
  const link = await helpersTable.getInviteByToken(hash, now);
  const helper = link && (await helpersTable.getHelper(link.season_id, link.helper_id));
  if (!helper || helper.token_hash !== hash) throw new NotFoundError(serverMessages.helperLinkInvalid);
  const user = await users.getUser(caller.sub);
  if (!user || normaliseEmail(user.email) !== helper.email) {
    throw new ForbiddenError(serverMessages.helperLinkForSomeoneElse);
  }
  const accepted = await helpersTable.acceptHelperInvite({
    helper,
    tokenHash: hash,
    userId: user.id,
    name: `${user.first_name} ${user.last_name}`,
    now,
  });
  if (!accepted) throw new NotFoundError(serverMessages.helperLinkInvalid);
  log.info('helper accepted', { seasonId: helper.season_id, role: helper.role });
  return myGrants(caller);
}

/** GET /helpers/me: the jobs the signed-in account holds now, newest season first. */
export async function myGrants(caller: AccessTokenClaims): Promise<HelperGrant[]> {
  const grants = await helpersTable.grantsOf(caller.sub);
  const live = await Promise.all(
    grants.map(async (grant) => {
      if (grant.role === 'coach') return coachGrantAnswer(caller, grant);
      if (!(await helperGrantNow(caller.sub, grant.season_id, grant.role))) return null;
      const season = await seasonsTable.getSeason(grant.season_id);
      if (!season) return null;
      const ends = helperAccessEnds(season);
      const answer: HelperGrant & { created: string } = {
        season_id: grant.season_id,
        season_name: season.name,
        role: grant.role,
        age_groups: grant.age_groups,
        ends_at: ends ? ends.toISOString() : null,
        created: season.createdAt,
      };
      return answer;
    }),
  );
  return live
    .filter((g): g is HelperGrant & { created: string } => g !== null)
    .sort((a, b) => b.created.localeCompare(a.created) || a.role.localeCompare(b.role))
    .map(({ created: _created, ...grant }) => grant);
}

/** A coach's grant as GET /helpers/me lists it (issue 45): its team, while the grant and the team are there. */
async function coachGrantAnswer(
  caller: AccessTokenClaims,
  grant: helpersTable.GrantItem,
): Promise<(HelperGrant & { created: string }) | null> {
  if (!grant.team_uuid) return null;
  const [live, season, team] = await Promise.all([
    coachGrantNow(caller.sub, grant.season_id, grant.team_uuid),
    seasonsTable.getSeason(grant.season_id),
    teamsTable.getTeam(teamId.of(grant.season_id, grant.team_uuid)),
  ]);
  if (!live || !season || !team) return null;
  return {
    season_id: grant.season_id,
    season_name: season.name,
    role: 'coach',
    age_groups: [team.age_group],
    team_id: teamId.of(grant.season_id, grant.team_uuid),
    team_name: team.name,
    ends_at: null,
    created: season.createdAt,
  };
}
