/**
 * The tryout result mails, text and HTML in the shared layout: selected (the team link and the next steps)
 * and not selected (kind, and what comes next). Site links come from SITE_URL only; the one other link is
 * the team link, which the admin entered and the server checked as an https URL.
 *
 * A player's own account reads the mail as it always has ("Hi Leila, … You have been selected …"). A family
 * (issue 42) gets one mail per round that greets its guardians and names each child's result ("Hi Priya,
 * … Freya has been selected …").
 */
import type { AgeGroup, TryoutResult } from '@club/shared';
import { CLUB_NAME, compose, siteLink, type MailLink } from './layout';
import { namesOf } from './registration-mails';
import type { MailMessage } from './ses-sender';

export interface ResultMailInput {
  /** The athlete's household's guardians (one message to them all). */
  to: string | readonly string[];
  firstName: string;
  seasonName: string;
  ageGroup: AgeGroup;
  result: TryoutResult;
  /** The season's team link for the player's age group, if the admin has set one. */
  teamLink: string | null;
}

/** The result mail for a decided result. */
export function resultMail(input: ResultMailInput): MailMessage {
  return input.result === 'selected' ? selectedMail(input) : notSelectedMail(input);
}

function selectedMail(input: ResultMailInput): MailMessage {
  const dashboard = siteLink('/dashboard');
  return compose({
    to: input.to,
    kind: 'result-selected',
    subject: `You made the team: ${input.ageGroup}, ${input.seasonName}`,
    firstName: input.firstName,
    paragraphs: [
      `Congratulations! You have been selected for the ${CLUB_NAME} ${input.ageGroup} team for ${input.seasonName}.`,
      input.teamLink
        ? 'Next step: join your team on TeamSnap with the button below. Your coach shares the practice schedule, tournaments and uniform sizing there.'
        : "Next step: your coach will send you the team's TeamSnap invitation shortly, with the practice schedule, tournaments and uniform sizing.",
      input.teamLink
        ? 'Your result and the team link are also on your dashboard.'
        : 'Your result is also on your dashboard, and the team link will be there once the coach adds it.',
    ],
    action: input.teamLink
      ? { label: 'Join Your Team on TeamSnap', url: input.teamLink }
      : { label: 'View my dashboard', url: dashboard },
    links: input.teamLink ? [{ label: 'Your dashboard', url: dashboard }] : [],
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}

function notSelectedMail(input: ResultMailInput): MailMessage {
  return compose({
    to: input.to,
    kind: 'result-not-selected',
    subject: `Your tryout result: ${input.seasonName}`,
    firstName: input.firstName,
    paragraphs: [
      `Thank you for trying out for the ${CLUB_NAME} ${input.ageGroup} team for ${input.seasonName}. It takes courage, and the coaches saw your effort.`,
      'We were not able to offer you a spot on a team this season. The decisions were close, and this is not the end of the road.',
      "What comes next: keep playing and growing with us in winter programming, camps and training, and next season's tryouts. We would love to see you there.",
    ],
    action: { label: 'See camps and training', url: siteLink('/Training') },
    links: [
      { label: 'Winter programming', url: siteLink('/WinterProgramming') },
      { label: 'Spring season', url: siteLink('/SpringTeams') },
      { label: 'Your dashboard', url: siteLink('/dashboard') },
    ],
    footer: `Would feedback from the coaches help? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}

/** One registration a family's result mail names. */
export interface FamilyResult {
  /** The child's first name; null for the account holder's own registration ("you"). */
  firstName: string | null;
  ageGroup: AgeGroup;
  result: TryoutResult;
  /** The season's team link for the group, if the admin has set one. */
  teamLink: string | null;
}

export interface FamilyResultMailInput {
  /** The household's guardians (one message to them all). */
  to: string | readonly string[];
  /** Who the mail greets: the guardians' first names ("Priya", "Priya and Sam"). */
  greeting: string;
  seasonName: string;
  /** The registrations this mail tells about, each once. */
  results: readonly FamilyResult[];
}

/**
 * The result mail of one family and round: a player's own registration alone is the mail it always was
 * (greeted by the player's own name); otherwise the guardians are greeted and each child named.
 */
export function familyResultMail(input: FamilyResultMailInput & { ownFirstName: string }): MailMessage {
  const [only, ...more] = input.results;
  if (only && !more.length && only.firstName === null) {
    return resultMail({
      to: input.to,
      firstName: input.ownFirstName,
      seasonName: input.seasonName,
      ageGroup: only.ageGroup,
      result: only.result,
      teamLink: only.teamLink,
    });
  }
  return input.results.length === 1 ? oneChildMail(input, input.results[0]!) : severalMail(input);
}

const possessive = (name: string | null) => (name === null ? 'your' : `${name}’s`);

function oneChildMail(input: FamilyResultMailInput, child: FamilyResult): MailMessage {
  const name = child.firstName ?? 'you';
  const dashboard = siteLink('/dashboard');
  const footerContact = `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`;
  if (child.result === 'selected') {
    return compose({
      to: input.to,
      kind: 'result-selected',
      subject: `${child.firstName ?? 'You'} made the team: ${child.ageGroup}, ${input.seasonName}`,
      firstName: input.greeting,
      paragraphs: [
        `Congratulations! ${child.firstName ?? 'You'} ${child.firstName ? 'has' : 'have'} been selected for the ${CLUB_NAME} ${child.ageGroup} team for ${input.seasonName}.`,
        child.teamLink
          ? `Next step: join ${possessive(child.firstName)} team on TeamSnap with the button below. The coach shares the practice schedule, tournaments and uniform sizing there.`
          : `Next step: the coach will send you the team's TeamSnap invitation shortly, with the practice schedule, tournaments and uniform sizing.`,
        child.teamLink
          ? `${child.firstName ? `${child.firstName}’s` : 'Your'} result and the team link are also on your dashboard.`
          : `${child.firstName ? `${child.firstName}’s` : 'Your'} result is also on your dashboard, and the team link will be there once the coach adds it.`,
      ],
      action: child.teamLink
        ? { label: `Join ${possessive(child.firstName)} team on TeamSnap`, url: child.teamLink }
        : { label: 'View my dashboard', url: dashboard },
      links: child.teamLink ? [{ label: 'Your dashboard', url: dashboard }] : [],
      footer: footerContact,
    });
  }
  return compose({
    to: input.to,
    kind: 'result-not-selected',
    subject: `${child.firstName ? `${child.firstName}’s` : 'Your'} tryout result: ${input.seasonName}`,
    firstName: input.greeting,
    paragraphs: [
      `Thank you for bringing ${name} to try out for the ${CLUB_NAME} ${child.ageGroup} team for ${input.seasonName}. It takes courage, and the coaches saw ${possessive(child.firstName)} effort.`,
      `We were not able to offer ${name} a spot on a team this season. The decisions were close, and this is not the end of the road.`,
      `What comes next: winter programming, camps and training, and next season's tryouts. We would love to see ${name} there.`,
    ],
    action: { label: 'See camps and training', url: siteLink('/Training') },
    links: [
      { label: 'Winter programming', url: siteLink('/WinterProgramming') },
      { label: 'Spring season', url: siteLink('/SpringTeams') },
      { label: 'Your dashboard', url: siteLink('/dashboard') },
    ],
    footer: `Would feedback from the coaches help? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}

function severalMail(input: FamilyResultMailInput): MailMessage {
  const names = namesOf(input.results.map((r) => r.firstName));
  const who = (r: FamilyResult) => r.firstName ?? 'You';
  const selected = input.results.filter((r) => r.result === 'selected');
  const notSelected = input.results.filter((r) => r.result !== 'selected');
  const teamLinks: MailLink[] = selected.flatMap((r) =>
    r.teamLink ? [{ label: `Join ${possessive(r.firstName)} team on TeamSnap`, url: r.teamLink }] : [],
  );
  const dashboard = siteLink('/dashboard');
  return compose({
    to: input.to,
    kind: 'result-family',
    subject: `Tryout results for ${names.replace(/^You\b/, 'you')}: ${input.seasonName}`,
    firstName: input.greeting,
    paragraphs: [
      ...input.results.map((r) =>
        r.result === 'selected'
          ? `Congratulations! ${who(r)} ${r.firstName ? 'has' : 'have'} been selected for the ${CLUB_NAME} ${r.ageGroup} team for ${input.seasonName}.${r.teamLink ? '' : ' The coach will send the team’s TeamSnap invitation shortly.'}`
          : `${who(r)} tried out for ${r.ageGroup}: we were not able to offer ${r.firstName ?? 'you'} a spot on a team this season. The decisions were close, and this is not the end of the road.`,
      ),
      ...(notSelected.length
        ? [
            "What comes next: winter programming, camps and training, and next season's tryouts. We would love to see you there.",
          ]
        : []),
      teamLinks.length < selected.length
        ? 'Every result is also on your dashboard, and each team link will be there once the coach adds it.'
        : `Every result${teamLinks.length ? ' and team link' : ''} is also on your dashboard.`,
    ],
    // One team to join: its link is the button; otherwise the dashboard, with each team's link below.
    action: teamLinks.length === 1 ? teamLinks[0]! : { label: 'View my dashboard', url: dashboard },
    links: [
      ...(teamLinks.length === 1 ? [] : teamLinks),
      ...(notSelected.length ? [{ label: 'See camps and training', url: siteLink('/Training') }] : []),
      ...(teamLinks.length === 1 ? [{ label: 'Your dashboard', url: dashboard }] : []),
    ],
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
