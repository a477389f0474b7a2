/**
 * A registration's card on the dashboard (spec §2): the player's own, or (issue 17) one of the household's
 * athletes, with the same actions for either: pay or pay again by card, cash instead, what cash to bring, a
 * refund note, the sessions, the receipt once paid, and withdrawing while it is open.
 */
import { formatCad } from '@club/shared/tryouts';
import type { Athlete, HouseholdTryout, MyTryout } from '@club/shared/types';
import type { EtransferInstructions } from '@club/shared/etransfer';
import { SessionList } from '../../components/session-list';
import { AcceptedOfferActions } from './team-fee';
import { OfferCard } from './offer-card';
import { AddToCalendar } from './add-to-calendar';
import { CompletePayment, type FamilyToPay } from './complete-payment';
import { tryoutMessages as t } from './messages';
import { ReceiptButton } from './receipt-button';
import { RegistrationDetails } from './registration-details';
import { ResultNote } from './result-note';
import { TryoutNightPass } from './tryout-night-pass';
import { WaitlistCard } from './waitlist-card';
import { Withdraw } from './withdraw';

/** Only http(s) team links are shown: the link is data an administrator typed, never a script URL. */
function safeTeamLink(link: string | null): string | null {
  return link && /^https?:\/\//i.test(link) ? link : null;
}

export function RegistrationCard({
  tryout,
  athlete,
  family,
  onChanged,
}: {
  tryout: MyTryout;
  /** One of the household's athletes; the player's own registration without one. */
  athlete?: Athlete;
  /** The household's unpaid card registrations, this one among them, when there are several (issue 36). */
  family?: FamilyToPay | undefined;
  onChanged: (tryout: MyTryout) => void;
}) {
  // On its group's waitlist (issue 45): no number, nothing to pay; its place and a spot held for it.
  if (tryout.status === 'waitlisted') {
    return <WaitlistCard tryout={tryout} athlete={athlete} onChanged={onChanged} />;
  }
  const teamLink = safeTeamLink(tryout.teamsnap_link);
  const titleId = athlete ? `family-registration-${athlete.id}` : 'registration-title';
  const sessionsTitle = athlete ? t.sessionsOf(athlete.first_name) : t.yourSessions;
  return (
    <section className="tryout-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{athlete ? t.familyRegistrationTitle(athlete.first_name) : t.registrationTitle}</h2>
      <RegistrationDetails tryout={tryout} full />
      <ResultNote tryout={tryout} name={athlete?.first_name ?? null} />
      {tryout.offer ? (
        <OfferCard offer={tryout.offer} onChanged={(offer) => onChanged({ ...tryout, offer })} />
      ) : null}
      {tryout.offer ? (
        <AcceptedOfferActions
          offer={tryout.offer}
          refundPolicy={tryout.refund_policy}
          onChanged={(offer) => onChanged({ ...tryout, offer })}
        />
      ) : null}
      {teamLink ? (
        <p className="tryout-actions">
          <a className="button" href={teamLink} target="_blank" rel="noopener noreferrer">
            {t.teamSnap}
            <span className="visually-hidden">{t.opensInNewTab}</span>
          </a>
        </p>
      ) : null}
      {tryout.withdrawn ? (
        <p role="status" className="tryout-withdrawn">
          {athlete ? t.withdrawnNoticeOf(athlete.first_name) : t.withdrawnNotice}
        </p>
      ) : null}
      {tryout.withdrawn ? null : (
        <TryoutNightPass
          night={'checkin_code' in tryout ? (tryout as HouseholdTryout) : undefined}
          athleteId={athlete?.id}
          name={athlete?.first_name}
        />
      )}
      {tryout.withdrawn ? null : (
        <CompletePayment tryout={tryout} athleteId={athlete?.id} family={family} onChanged={onChanged} />
      )}
      {!tryout.withdrawn && tryout.payment_status === 'cash' && tryout.amount_due_cents ? (
        <p className="tryout-note">{t.bringCash(formatCad(tryout.amount_due_cents))}</p>
      ) : null}
      {!tryout.withdrawn && tryout.etransfer ? <EtransferCard etransfer={tryout.etransfer} /> : null}
      {tryout.amount_refunded_cents ? (
        <p className="tryout-note">{t.refundedNote(formatCad(tryout.amount_refunded_cents))}</p>
      ) : null}
      {!tryout.withdrawn && tryout.sessions?.length ? (
        <>
          <h3 className="tryout-sessions-title">{sessionsTitle}</h3>
          <SessionList sessions={tryout.sessions} label={sessionsTitle} />
          <p className="form-note">{t.sessionsNote}</p>
          {athlete ? null : <AddToCalendar />}
        </>
      ) : null}
      {tryout.amount_paid_cents ? (
        <div className="tryout-actions">
          <ReceiptButton athleteId={athlete?.id} />
        </div>
      ) : null}
      {tryout.withdrawal_open && !tryout.withdrawn ? (
        <Withdraw
          athleteId={athlete?.id}
          athleteName={athlete?.first_name}
          tryout={tryout}
          onChanged={onChanged}
        />
      ) : null}
    </section>
  );
}

/**
 * Paying by Interac e-Transfer (issue 46): where to send, the exact amount and the code for the message,
 * large enough to copy from a phone, until the club receives it.
 */
function EtransferCard({ etransfer }: { etransfer: EtransferInstructions }) {
  return (
    <div className="etransfer-card" aria-label={t.etransferTitle} role="group">
      <h3 className="tryout-sessions-title">{t.etransferTitle}</h3>
      <dl className="etransfer-facts">
        <dt>{t.etransferSendTo}</dt>
        <dd>{etransfer.address}</dd>
        <dt>{t.etransferAmount}</dt>
        <dd>{formatCad(etransfer.amount_cents)}</dd>
        <dt>{t.etransferReference}</dt>
        <dd className="etransfer-code">{etransfer.reference}</dd>
      </dl>
      <p className="form-note">{t.etransferHow}</p>
    </div>
  );
}
