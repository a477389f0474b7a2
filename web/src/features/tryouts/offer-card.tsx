/**
 * An offer of a place on a team on the dashboard (issue 45 §3): the team, its coach and fee, the deadline in
 * Edmonton time with the time left, Accept with the waiver's typed name, Decline with an optional reason. Once
 * accepted, the team link ("Join Your Team on TeamSnap"): never before. A fee in instalments (issue 46) shows
 * its plan, each instalment with its amount and date, before the family answers. The team fee is team-fee.tsx's.
 */
import { useId, useState, type FormEvent } from 'react';
import { offerDeadlineText, offerTimeLeftText, type OfferAnswer } from '@club/shared/offers';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { InstalmentPlan } from './instalment-plan';
import { offerMessages as t } from './offer-messages';
import { tryoutMessages } from './messages';
import { teamFeeMessages } from './team-fee-messages';
import './offer-card.css';

/** Only http(s) team links are shown: the link is data an administrator typed, never a script URL. */
function safeLink(link: string | null): string | null {
  return link && /^https?:\/\//i.test(link) ? link : null;
}

export function OfferCard({
  offer,
  onChanged,
  now = new Date(),
}: {
  offer: OfferAnswer;
  onChanged: (offer: OfferAnswer) => void;
  /** The clock the time left is counted from (a test sets it). */
  now?: Date;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (offer.state === 'accepted') {
    const link = safeLink(offer.team_link);
    return (
      <>
        <p role="status" className="tryout-note offer-accepted">
          {t.accepted(offer.team)}
        </p>
        {link ? (
          <p className="tryout-actions">
            <a className="button" href={link} target="_blank" rel="noopener noreferrer">
              {tryoutMessages.teamSnap}
              <span className="visually-hidden">{tryoutMessages.opensInNewTab}</span>
            </a>
          </p>
        ) : null}
      </>
    );
  }
  if (offer.state !== 'offered') {
    return (
      <p role="status" className="tryout-note offer-ended">
        {t[offer.state](offer.team)}
      </p>
    );
  }

  async function answer(kind: 'accept' | 'decline', event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setBusy(kind);
    setError(null);
    try {
      const next =
        kind === 'accept'
          ? await callApi('acceptOffer', { params: { offerId: offer.id }, body: { waiver_name: name } })
          : await callApi('declineOffer', {
              params: { offerId: offer.id },
              body: reason.trim() ? { reason: reason.trim() } : {},
            });
      onChanged(next);
    } catch (err) {
      setError(serverMessageOr(err, t.failed));
    } finally {
      setBusy(null);
    }
  }

  const left = offerTimeLeftText(offer.respond_by, now);
  const plan =
    offer.fee_cents > 0 && offer.instalments && offer.instalments.length > 1 ? offer.instalments : null;
  return (
    <div className="offer-card" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t.title(offer.team)}</h3>
      <p className="offer-line">{t.coach(offer.coach_name)}</p>
      {plan ? (
        <>
          <p className="offer-line">{t.feeInInstalments(offer.fee_cents, plan.length)}</p>
          <InstalmentPlan
            offerId={offer.id}
            instalments={plan}
            payable={false}
            label={teamFeeMessages.offerPlanLabel}
          />
        </>
      ) : (
        <p className="offer-line">{t.fee(offer.fee_cents)}</p>
      )}
      <p className="offer-line offer-deadline">
        <strong>{t.respondBy(offerDeadlineText(offer.respond_by), left)}</strong>
      </p>
      {offer.waiver_text ? (
        <details className="offer-waiver">
          <summary>{t.waiverTitle}</summary>
          <p>{offer.waiver_text}</p>
        </details>
      ) : null}
      {declining ? (
        <form className="offer-decline" onSubmit={(e) => void answer('decline', e)}>
          <p>{t.declineQuestion(offer.team)}</p>
          <label htmlFor={`${id}-reason`}>{t.reason}</label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            rows={2}
            onChange={(e) => setReason(e.target.value)}
          />
          <p className="tryout-actions">
            <button type="submit" className="button" aria-disabled={busy !== null || undefined}>
              {busy === 'decline' ? t.declining : t.confirmDecline}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setDeclining(false)}>
              {t.keep}
            </button>
          </p>
        </form>
      ) : (
        <form className="offer-accept" onSubmit={(e) => void answer('accept', e)}>
          <label htmlFor={`${id}-name`}>{t.waiverName}</label>
          <input
            id={`${id}-name`}
            type="text"
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <p className="tryout-actions">
            <button type="submit" className="button" aria-disabled={busy !== null || undefined}>
              {busy === 'accept' ? t.accepting : t.accept}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setDeclining(true)}>
              {t.decline}
            </button>
          </p>
        </form>
      )}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
