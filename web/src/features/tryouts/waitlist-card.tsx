/**
 * A registration on its group's waitlist (issue 45): its place ("Waitlist: 3rd of 7"), read again every
 * minute so it stays current; once a spot is held for it, until when in Edmonton time and the way to take it
 * (registering, as any family does); and leaving the waitlist.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ordinal, spotHeldUntilText } from '@club/shared/waitlist';
import type { Athlete, MyTryout } from '@club/shared/types';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { getMyTryout, withdrawTryout } from './api';
import { tryoutMessages as t } from './messages';

/** How often a waiting family's place is read again. */
export const WAITLIST_READ_AGAIN_MS = 60_000;

async function readAgain(athleteId: string | undefined): Promise<MyTryout | null> {
  if (!athleteId) return getMyTryout();
  const all = await callApi('getHouseholdTryouts');
  return all.find((x) => x.athlete_id === athleteId) ?? null;
}

export function WaitlistCard({
  tryout,
  athlete,
  onChanged,
}: {
  tryout: MyTryout;
  athlete?: Athlete;
  onChanged: (tryout: MyTryout) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = athlete ? `family-registration-${athlete.id}` : 'registration-title';
  useEffect(() => {
    if (tryout.withdrawn) return;
    const timer = setInterval(() => {
      readAgain(athlete?.id).then(
        (next) => next && onChanged(next),
        () => undefined,
      );
    }, WAITLIST_READ_AGAIN_MS);
    return () => clearInterval(timer);
  }, [athlete?.id, onChanged, tryout.withdrawn]);

  async function leave() {
    setBusy(true);
    setError(null);
    try {
      onChanged(await withdrawTryout(athlete?.id));
    } catch (err) {
      setError(serverMessageOr(err, t.leaveWaitlistFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="tryout-panel waitlist-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{athlete ? t.familyWaitlistTitle(athlete.first_name) : t.waitlistTitle}</h2>
      {tryout.withdrawn ? (
        <p role="status" className="tryout-withdrawn">
          {t.leftWaitlist}
        </p>
      ) : (
        <>
          <p className="waitlist-place">
            <strong>
              {t.waitlistPlace(ordinal(tryout.waitlist_position ?? 1), tryout.waitlist_size ?? 1)}
            </strong>
            {tryout.age_group ? <span className="waitlist-group"> · {tryout.age_group}</span> : null}
          </p>
          {tryout.spot_held_until ? (
            <div className="waitlist-spot" role="status">
              <p>
                <strong>{t.spotHeld(spotHeldUntilText(tryout.spot_held_until))}</strong>
              </p>
              <p>{t.spotHeldDetail}</p>
              <p className="tryout-actions">
                <Link className="button" to="/tryout">
                  {t.takeSpot}
                </Link>
              </p>
            </div>
          ) : (
            <p>{t.waitlistDetail(tryout.age_group ?? '')}</p>
          )}
          {error ? (
            <p role="alert" className="form-error">
              {error}
            </p>
          ) : null}
          <p className="tryout-actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void leave()}
            >
              {busy ? t.leavingWaitlist : t.leaveWaitlist}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
