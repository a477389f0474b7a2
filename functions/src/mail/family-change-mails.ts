/**
 * What a family is told when its registration changes (issue 36: nothing changes silently): a withdrawal,
 * and each refund, with the amount, how it comes back and when.
 */
import { formatCad, type AgeGroup, type PaymentMethod } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

export interface RegistrationFacts {
  to: string;
  /** Whom the mail greets: the account that registered. */
  firstName: string;
  /** The athlete's first name; null for the account holder's own registration. */
  athleteName: string | null;
  seasonName: string;
  ageGroup: AgeGroup;
  tryoutNumber: number;
}

const footer = () => `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`;

export function withdrawalMail(
  input: RegistrationFacts & {
    /** What was paid (card, or cash collected); 0 when nothing was. */
    paidCents: number;
    method: PaymentMethod;
  },
): MailMessage {
  const who = input.athleteName ?? 'You';
  const whose = input.athleteName ? `${input.athleteName}’s` : 'Your';
  const money =
    input.paidCents > 0
      ? `You paid ${formatCad(input.paidCents)}. Whether any of it is refunded is ${CLUB_NAME}’s decision; if it is, you will get an e-mail saying how much and when it arrives.`
      : input.method === 'stripe'
        ? 'Nothing was charged, and the checkout page no longer takes a payment.'
        : 'There is nothing to pay.';
  return compose({
    to: input.to,
    kind: 'registration-withdrawn',
    subject: `${who} ${input.athleteName ? 'is' : 'are'} withdrawn from ${input.seasonName}`,
    firstName: input.firstName,
    paragraphs: [
      `${whose} registration for ${input.seasonName} (${input.ageGroup}, tryout #${input.tryoutNumber}) is withdrawn. The tryout number is not given to anyone else.`,
      money,
      'Changed your mind? Contact the club and an administrator can reinstate the registration.',
    ],
    action: { label: 'View my dashboard', url: siteLink('/dashboard') },
    footer: footer(),
  });
}

export function refundMail(
  input: RegistrationFacts & {
    amountCents: number;
    method: PaymentMethod;
    paidCents: number;
    refundedCents: number;
  },
): MailMessage {
  const whose = input.athleteName ? `${input.athleteName}’s` : 'your';
  const how =
    input.method === 'stripe'
      ? 'It goes back to the card you paid with. Banks usually show it within 5 to 10 business days.'
      : input.method === 'etransfer'
        ? 'The club sends it back to you by Interac e-Transfer.'
        : 'It was given back to you in cash.';
  return compose({
    to: input.to,
    kind: 'registration-refunded',
    subject: `Refund of ${formatCad(input.amountCents)} for ${whose} tryout registration`,
    firstName: input.firstName,
    paragraphs: [
      `${CLUB_NAME} refunded ${formatCad(input.amountCents)} of ${whose} ${input.seasonName} registration (${input.ageGroup}, tryout #${input.tryoutNumber}).`,
      how,
      `Paid: ${formatCad(input.paidCents)}. Refunded in all: ${formatCad(input.refundedCents)}. Net: ${formatCad(input.paidCents - input.refundedCents)}.`,
    ],
    action: { label: 'View my receipt on the dashboard', url: siteLink('/dashboard') },
    footer: footer(),
  });
}

/** The club set the fee of an unpaid registration (issue 36: financial support): the new fee and how to pay. */
export function feeSetMail(
  input: RegistrationFacts & { feeCents: number; method: PaymentMethod },
): MailMessage {
  const whose = input.athleteName ? `${input.athleteName}’s` : 'your';
  const how =
    input.feeCents === 0
      ? 'There is nothing to pay: the registration is complete.'
      : input.method === 'stripe'
        ? 'You can pay it by card from your dashboard (Complete payment), or choose to pay cash on tryout day.'
        : `Please bring ${formatCad(input.feeCents)} in cash to the first session.`;
  return compose({
    to: input.to,
    kind: 'registration-fee-set',
    subject: `The fee for ${whose} tryout registration is now ${formatCad(input.feeCents)}`,
    firstName: input.firstName,
    paragraphs: [
      `Thank you for asking about financial support. ${CLUB_NAME} set the fee for ${whose} ${input.seasonName} registration (${input.ageGroup}, tryout #${input.tryoutNumber}) to ${formatCad(input.feeCents)}.`,
      how,
    ],
    action: { label: 'View my dashboard', url: siteLink('/dashboard') },
    footer: footer(),
  });
}
