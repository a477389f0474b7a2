/**
 * The family's "e-Transfer received" mail (issue 46 §2): the call that recorded the e-Transfer (the admin's
 * hand, an import's line, a line applied) puts one message on the family-mail queue, and the family-mail
 * worker claims the registration by a condition (once per payment) and sends it at the account's rate, so a
 * large import's hundreds of mails are paced instead of refused by SES. A mail the mail service held back
 * gives the claim back and comes again; it never fails the call it rides on (the dashboard shows paid).
 */
import * as usersTable from '../../db/accounts/users';
import * as etransfers from '../../db/money/etransfers';
import * as seasonsTable from '../../db/seasons/seasons';
import { log } from '../../lib/log';
import { etransferReceivedMail } from '../../mail/etransfer-mails';
import { takeSendSlot } from '../../mail/send-pacing';
import { sendMailOnce } from '../../mail/ses-sender';
import { enqueueFamilyMail, type EtransferReceivedMessage } from '../../queue/family-mail-queue';
import { CLAIM_BUDGET_MS } from './result-mail';

/** Queues the mail of an e-Transfer recorded received; the worker's claim makes a second message harmless. */
export async function mailEtransferReceivedOnce(tryout: {
  id: string;
  season_id: string;
  player_id: string;
  etransfer_mailed_at?: string;
}): Promise<void> {
  if (tryout.etransfer_mailed_at) return;
  const queued = await enqueueFamilyMail({
    kind: 'etransfer_received',
    season_id: tryout.season_id,
    player_id: tryout.player_id,
  });
  if (!queued) log.error('e-transfer received mail not queued', { tryoutId: tryout.id });
}

/**
 * The family-mail worker's step for one e-Transfer received: a sending slot, the claim (none: mailed
 * already, or not received), the send. 'retry' hands the message back with the claim given back.
 */
export async function deliverQueuedEtransferReceived(
  message: EtransferReceivedMessage,
  deadline: number,
): Promise<'done' | 'retry'> {
  if (!(await takeSendSlot(deadline - CLAIM_BUDGET_MS))) return 'retry';
  const now = new Date();
  const tryout = await etransfers.claimReceivedMail(message.season_id, message.player_id, now);
  if (!tryout) return 'done';
  const giveBack = () =>
    etransfers.releaseReceivedMail(tryout.season_id, tryout.player_id, now.toISOString());
  let mail;
  try {
    const [season, account] = await Promise.all([
      seasonsTable.getSeason(tryout.season_id),
      usersTable.getUser(tryout.user_id),
    ]);
    if (!season) return 'done';
    mail = etransferReceivedMail({
      to: tryout.email,
      firstName: account?.first_name ?? tryout.first_name,
      athleteName: tryout.player_id === tryout.user_id ? null : tryout.first_name,
      seasonName: season.name,
      amountCents: tryout.amount_cents,
      tryoutNumber: tryout.tryout_number,
    });
  } catch (error) {
    await giveBack();
    throw error;
  }
  const delivery = await sendMailOnce(mail);
  if (delivery.outcome === 'sent') {
    log.info('e-transfer received mail sent', { tryoutId: tryout.id });
    return 'done';
  }
  if (delivery.outcome === 'retry') {
    await giveBack();
    return 'retry';
  }
  log.error('e-transfer received mail not sent', { tryoutId: tryout.id, outcome: delivery.outcome });
  return 'done';
}
