/**
 * The registrations of the household's other athletes (issue 17): each registered athlete's card (season,
 * number, age group, status, payment, sessions, the team link once selected) with the same actions as the
 * player's own (pay, cash instead, receipt, withdraw), whichever guardian is signed in.
 */
import { useEffect, useState } from 'react';
import type { Athlete, CalendarLinkAnswer, HouseholdTryout } from '@club/shared/types';
import { callApi } from '../../lib/api-client';
import { useSettled } from '../../lib/reveal-together';
import { useHouseholdVersion } from '../../lib/household-events';
import { useSession } from '../../lib/session-context';
import { isPayable } from '@club/shared/tryouts';
import type { FamilyToPay } from './complete-payment';
import { tryoutMessages as t } from './messages';
import { RegistrationCard } from './registration-card';

type Entry = { athlete: Athlete; tryout: HouseholdTryout };

/**
 * The family's tryout calendar (issue 36): one subscription for every child's sessions, which a phone keeps
 * current by itself (a moved session moves), and the same as a file for those who want one.
 */
function FamilyCalendar({ link }: { link: CalendarLinkAnswer }) {
  return (
    <section className="tryout-panel family-calendar" aria-labelledby="family-calendar-title">
      <h2 id="family-calendar-title">{t.familyCalendarTitle}</h2>
      <p>{t.familyCalendarDetail}</p>
      <p className="tryout-actions">
        <a className="button" href={link.subscribe_url}>
          {t.subscribeCalendar}
        </a>
        <a className="button button-secondary" href={link.download_url} download="summit-tryouts.ics">
          {t.downloadCalendar}
        </a>
      </p>
    </section>
  );
}

/** The household's registration cards; `readAgain` changed reads them again (numbers that follow, issue 43). */
export function FamilyRegistrations({ readAgain = 0 }: { readAgain?: number } = {}) {
  const { user } = useSession();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [settled, setSettled] = useState(false);
  useSettled(settled);

  const [calendar, setCalendar] = useState<CalendarLinkAnswer | null>(null);
  // Read again when the household changes on this page (an invitation accepted, issue 36).
  const householdVersion = useHouseholdVersion();

  useEffect(() => {
    let current = true;
    Promise.all([
      callApi('getHouseholdTryouts'),
      callApi('getHousehold'),
      // The family's subscription (issue 36); the cards show without it if it cannot be had.
      callApi('getHouseholdCalendarLink').catch(() => null),
    ]).then(
      ([tryouts, household, link]) => {
        if (!current) return;
        const anyRegistered = tryouts.some((t) => t.hasRegistered && !t.withdrawn);
        setCalendar(anyRegistered ? link : null);
        const next: Entry[] = [];
        for (const tryout of tryouts) {
          const athlete = household.athletes.find((a) => a.id === tryout.athlete_id);
          if (athlete && tryout.hasRegistered && tryout.athlete_id !== user?.id)
            next.push({ athlete, tryout });
        }
        setEntries(next);
        setSettled(true);
      },
      // The player's own card is the page's main content; the family's cards simply do not show.
      () => current && setSettled(true),
    );
    return () => {
      current = false;
    };
  }, [user?.id, householdVersion, readAgain]);

  // Several still to pay by card: each card's "Complete payment" pays them all on one checkout (issue 36).
  const unpaid = entries.filter(
    // A card waiting for the club's answer about financial support is not paid yet (issue 42).
    ({ tryout }) =>
      !tryout.withdrawn &&
      !tryout.support_answer_pending &&
      isPayable(tryout.payment_method, tryout.payment_status),
  );
  const family = (self: Athlete): FamilyToPay | undefined =>
    unpaid.length > 1 && unpaid.some((e) => e.athlete.id === self.id)
      ? {
          names: unpaid.map((e) => e.athlete.first_name),
          totalCents: unpaid.reduce((sum, e) => sum + (e.tryout.amount_due_cents ?? 0), 0),
          self: self.first_name,
        }
      : undefined;

  return (
    <>
      {entries.map(({ athlete, tryout }) => (
        <RegistrationCard
          key={athlete.id}
          tryout={tryout}
          athlete={athlete}
          family={family(athlete)}
          onChanged={(next) =>
            setEntries((all) =>
              all.map((e) =>
                e.athlete.id === athlete.id ? { athlete, tryout: { ...next, athlete_id: athlete.id } } : e,
              ),
            )
          }
        />
      ))}
      {calendar ? <FamilyCalendar link={calendar} /> : null}
    </>
  );
}
