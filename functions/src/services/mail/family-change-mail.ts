/**
 * Mails a family what changed on its registration (issue 36): a withdrawal, a refund. Each once (a family
 * notice claimed by a condition, keyed by what happened), and never failing the change it follows: the
 * change stands, the dashboard shows it, and a mail the service refused is logged.
 */
import { randomUUID } from 'node:crypto';
import { amountsOf } from '@club/shared';
import * as familyNotices from '../../db/mail/family-notices';
import * as seasonsTable from '../../db/seasons/seasons';
import type { RegistrationItem } from '../../db/registration/registration-item';
import * as usersTable from '../../db/accounts/users';
import { log } from '../../lib/log';
import {
  feeSetMail,
  refundMail,
  withdrawalMail,
  type RegistrationFacts,
} from '../../mail/family-change-mails';
import { sendMailOnce, type MailMessage } from '../../mail/ses-sender';

const LEASE_MS = 60 * 1000;

async function factsOf(tryout: RegistrationItem): Promise<RegistrationFacts | null> {
  const [user, season] = await Promise.all([
    usersTable.getUser(tryout.user_id),
    seasonsTable.getSeason(tryout.season_id),
  ]);
  if (!user || !season) return null;
  return {
    to: tryout.email,
    firstName: user.first_name,
    athleteName: tryout.player_id === tryout.user_id ? null : tryout.first_name,
    seasonName: season.name,
    ageGroup: tryout.age_group,
    tryoutNumber: tryout.tryout_number,
  };
}

async function mailOnce(
  noticeId: string,
  tryout: RegistrationItem,
  make: (facts: RegistrationFacts) => MailMessage,
) {
  try {
    const claim = randomUUID();
    const claimed = await familyNotices.claimFamilyNotice({
      noticeId,
      accountId: tryout.user_id,
      claim,
      leaseUntil: Date.now() + LEASE_MS,
      now: new Date(),
    });
    if (!claimed) return;
    const facts = await factsOf(tryout);
    const delivery = facts ? await sendMailOnce(make(facts)) : { outcome: 'refused' as const };
    if (delivery.outcome === 'retry') {
      await familyNotices.releaseFamilyNotice(noticeId, tryout.user_id, claim);
      return;
    }
    await familyNotices.markFamilyNoticeSent(noticeId, tryout.user_id, claim);
  } catch (error) {
    log.error('family change mail not sent', {
      tryoutId: tryout.id,
      error: error instanceof Error ? error.name : 'unknown',
    });
  }
}

/** The family withdrew a registration: what it means for the number and the money. */
export function mailWithdrawal(tryout: RegistrationItem): Promise<void> {
  return mailOnce(`withdrawn.${tryout.id}.${tryout.withdrawn_at ?? ''}`, tryout, (facts) =>
    withdrawalMail({
      ...facts,
      paidCents: amountsOf(tryout).amount_paid_cents,
      method: tryout.payment_method,
    }),
  );
}

/** A refund went through: how much, how it comes back, and what was paid net. */
export function mailRefund(
  tryout: RegistrationItem,
  refund: { key: string; amount_cents: number; method: RegistrationItem['payment_method'] },
): Promise<void> {
  const amounts = amountsOf(tryout);
  return mailOnce(`refund.${tryout.id}.${refund.key}`, tryout, (facts) =>
    refundMail({
      ...facts,
      amountCents: refund.amount_cents,
      method: refund.method,
      paidCents: amounts.amount_paid_cents,
      refundedCents: amounts.amount_refunded_cents,
    }),
  );
}

/** The club set the fee (financial support): the new fee and how to pay it. */
export function mailFeeSet(tryout: RegistrationItem): Promise<void> {
  return mailOnce(`fee.${tryout.id}.${tryout.fee_set_at ?? ''}`, tryout, (facts) =>
    feeSetMail({ ...facts, feeCents: tryout.amount_cents, method: tryout.payment_method }),
  );
}
