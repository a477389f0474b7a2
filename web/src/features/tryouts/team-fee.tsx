/**
 * The team fee of an accepted offer on the dashboard (issue 45 §4): "To pay" while it is owed, with Pay by card
 * (a fresh Stripe Checkout page for the offer's own fee) and, when the team takes cash, "or pay cash to the
 * club"; once paid, its receipt. And giving the place up: the club's refund policy is shown first, then
 * POST /offers/{offerId}/withdraw; the place goes to the next alternate. A fee in instalments (issue 46) shows
 * its plan (instalment-plan.tsx): "Pay first instalment ($X)" first, then each instalment where it stands.
 */
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { OfferAnswer } from '@club/shared/offers';
import { DownloadButton } from '../../components/download-button';
import { callApi, downloadApi, serverMessageOr } from '../../lib/api-client';
import { goToCheckout } from '../../lib/open-checkout';
import { InstalmentPlan } from './instalment-plan';
import { teamFeeMessages as t } from './team-fee-messages';
import './team-fee.css';

/** "To pay" with its buttons, or the paid fee's receipt; nothing for an offer not accepted or without a fee. */
export function TeamFee({ offer }: { offer: OfferAnswer }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (offer.state !== 'accepted' || offer.fee_cents <= 0) return null;

  async function pay() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { url } = await callApi('startOfferCheckout', { params: { offerId: offer.id }, body: {} });
      goToCheckout(url);
    } catch (err) {
      setError(serverMessageOr(err, t.payFailed));
      setBusy(false);
    }
  }

  const plan = offer.instalments && offer.instalments.length > 1 ? offer.instalments : null;
  const planList = plan ? (
    <InstalmentPlan offerId={offer.id} instalments={plan} payable label={t.planLabel} />
  ) : null;

  if (offer.fee_state === 'paid') {
    return (
      <div className="team-fee team-fee-paid">
        <p className="team-fee-line">{t.paid(offer.fee_cents)}</p>
        {planList}
        <p className="tryout-actions">
          <DownloadButton
            fetchFile={() => downloadApi('getOfferReceipt', 'text/html', { params: { offerId: offer.id } })}
            fallbackName="summit-team-fee-receipt.html"
            label={t.receipt}
            busyLabel={t.preparingReceipt}
            failedMessage={t.receiptFailed}
          />
        </p>
      </div>
    );
  }
  if (plan && offer.fee_state === 'on_plan') {
    const paid = plan.filter((i) => i.state === 'paid').length;
    const declined = plan.find((i) => i.state === 'declined');
    return (
      <div className={`team-fee team-fee-plan${declined ? ' team-fee-declined' : ''}`}>
        <p className="team-fee-line">{t.onPlan(paid, plan.length)}</p>
        {declined ? (
          <p role="alert" className="team-fee-alert">
            {t.declinedNotice(declined.n)}
          </p>
        ) : null}
        {planList}
      </div>
    );
  }
  const toPay = plan ? t.toPayInInstalments(offer.fee_cents, plan.length) : t.toPay(offer.fee_cents);
  return (
    <div className="team-fee team-fee-due" role="group" aria-label={toPay}>
      <p className="team-fee-line">
        <span className="team-fee-badge">{toPay}</span>
      </p>
      {planList}
      {plan ? <p className="team-fee-note">{t.firstByCard}</p> : null}
      <p className="tryout-actions team-fee-actions">
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void pay()}>
          {busy ? t.opening : plan ? t.payFirst(plan[0]!.amount_cents) : t.payByCard}
        </button>
        {offer.cash_accepted === false ? null : <span className="team-fee-or">{t.orCash}</span>}
      </p>
      {offer.cash_accepted === false ? <p className="team-fee-note">{t.cardOnly}</p> : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Give up this place": the refund policy first, then the withdrawal; answers the offer as it now is. */
export function GiveUpPlace({
  offer,
  refundPolicy,
  onChanged,
}: {
  offer: OfferAnswer;
  /** The season's refund policy, in the club's words ('' when it has none). */
  refundPolicy: string | undefined;
  onChanged: (offer: OfferAnswer) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const questionId = `give-up-${offer.id}`;
  if (offer.state !== 'accepted') return null;

  async function giveUp() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onChanged(await callApi('withdrawOffer', { params: { offerId: offer.id }, body: {} }));
    } catch (err) {
      setError(serverMessageOr(err, t.giveUpFailed));
      setAsking(false);
    } finally {
      setBusy(false);
    }
  }

  if (!asking) {
    return (
      <>
        <p className="tryout-actions">
          <button
            type="button"
            className="tryout-withdraw"
            onClick={() => {
              flushSync(() => setAsking(true));
              confirmButton.current?.focus();
            }}
          >
            {t.giveUp}
          </button>
        </p>
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <div className="tryout-confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{t.giveUpQuestion(offer.team)}</p>
      {/* The club's own words on refunds, before the family decides. */}
      {refundPolicy ? (
        <div className="tryout-refund-policy">
          <p>{t.refundPolicyTitle}</p>
          {refundPolicy.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <p>{t.refundDecision}</p>
      )}
      <p className="tryout-actions">
        <button
          ref={confirmButton}
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => void giveUp()}
        >
          {busy ? t.givingUp : t.confirmGiveUp}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
          {t.keepPlace}
        </button>
      </p>
    </div>
  );
}

/** An accepted offer's team fee and the way to give the place up, as one block of the offer's card. */
export function AcceptedOfferActions({
  offer,
  refundPolicy,
  onChanged,
}: {
  offer: OfferAnswer;
  refundPolicy: string | undefined;
  onChanged: (offer: OfferAnswer) => void;
}) {
  if (offer.state !== 'accepted') return null;
  return (
    <div className="team-fee-place">
      <h3 className="team-fee-team">{t.team(offer.team)}</h3>
      <TeamFee offer={offer} />
      <GiveUpPlace offer={offer} refundPolicy={refundPolicy} onChanged={onChanged} />
    </div>
  );
}
