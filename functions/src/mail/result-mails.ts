/**
 * The tryout result mails, text and HTML in the shared layout: selected (the team link and the next steps)
 * and not selected (kind, and what comes next). Site links come from SITE_URL only; the one other link is
 * the team link, which the admin entered and the server checked as an https URL.
 */
import type { AgeGroup, TryoutResult } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
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
