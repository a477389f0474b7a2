/**
 * "Withdraw from tryouts" (issue 15): asks once more in place (the number is retired, and a refund is the
 * club's decision), then POST /tryouts/my/withdraw. The server's refusal (after the first session started)
 * is shown as it comes.
 */
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { MyTryout } from '@club/shared/types';
import { serverMessageOr } from '../../lib/api-client';
import { withdrawTryout } from './api';
import { tryoutMessages as t } from './messages';

export function Withdraw({
  athleteId,
  athleteName,
  tryout,
  onChanged,
}: {
  /** An athlete of the household; the player's own registration without one. */
  athleteId?: string;
  /** That athlete's first name: the question names the child (issue 36). */
  athleteName?: string;
  tryout: MyTryout;
  onChanged: (tryout: MyTryout) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const questionId = `withdraw-question${athleteId ? `-${athleteId}` : ''}`;

  async function withdraw() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onChanged(await withdrawTryout(athleteId));
    } catch (err) {
      setError(serverMessageOr(err, t.withdrawFailed));
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
            {t.withdraw}
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
      <p id={questionId}>{t.withdrawQuestion(athleteName ?? null, tryout.tryout_number)}</p>
      {/* The club's own words on refunds, before the family decides (issue 36). */}
      {tryout.refund_policy ? (
        <div className="tryout-refund-policy">
          <p>{t.refundPolicyTitle}</p>
          {tryout.refund_policy.split(/\n{2,}/).map((paragraph, i) => (
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
          onClick={() => void withdraw()}
        >
          {busy ? t.withdrawing : t.confirmWithdraw}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
          {t.keepSpot}
        </button>
      </p>
    </div>
  );
}
