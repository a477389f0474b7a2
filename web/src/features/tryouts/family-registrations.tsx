/**
 * The registrations of the household's other athletes (issue 17): a guardian who joined a player's family
 * account sees each registered athlete's card (season, number, age group, status, payment, sessions and the
 * team link once selected), read-only; paying and withdrawing stay with the athlete's own account for now.
 */
import { useEffect, useState } from 'react';
import type { Athlete, HouseholdTryout } from '@club/shared/types';
import { SessionList } from '../../components/session-list';
import { callApi } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { tryoutMessages as t } from './messages';
import { RegistrationDetails } from './registration-details';

type Entry = { athlete: Athlete; tryout: HouseholdTryout };

/** Only http(s) team links are shown: the link is data an administrator typed, never a script URL. */
const safeLink = (link: string | null) => (link && /^https?:\/\//i.test(link) ? link : null);

export function FamilyRegistrations() {
  const { user } = useSession();
  const [entries, setEntries] = useState<Entry[]>([]);

  useEffect(() => {
    let current = true;
    Promise.all([callApi('getHouseholdTryouts'), callApi('getHousehold')]).then(
      ([tryouts, household]) => {
        if (!current) return;
        const next: Entry[] = [];
        for (const tryout of tryouts) {
          const athlete = household.athletes.find((a) => a.id === tryout.athlete_id);
          if (athlete && tryout.hasRegistered && tryout.athlete_id !== user?.id)
            next.push({ athlete, tryout });
        }
        setEntries(next);
      },
      // The player's own card is the page's main content; the family's cards simply do not show.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [user?.id]);

  return (
    <>
      {entries.map(({ athlete, tryout }) => {
        const teamLink = safeLink(tryout.teamsnap_link);
        const titleId = `family-registration-${athlete.id}`;
        return (
          <section key={athlete.id} className="tryout-panel" aria-labelledby={titleId}>
            <h2 id={titleId}>{t.familyRegistrationTitle(athlete.first_name)}</h2>
            <RegistrationDetails tryout={tryout} full />
            {teamLink ? (
              <p className="tryout-actions">
                <a className="button" href={teamLink} target="_blank" rel="noopener noreferrer">
                  {t.teamSnap}
                  <span className="visually-hidden">{t.opensInNewTab}</span>
                </a>
              </p>
            ) : null}
            {!tryout.withdrawn && tryout.sessions?.length ? (
              <>
                <h3 className="tryout-sessions-title">{t.sessionsOf(athlete.first_name)}</h3>
                <SessionList sessions={tryout.sessions} label={t.sessionsOf(athlete.first_name)} />
              </>
            ) : null}
          </section>
        );
      })}
    </>
  );
}
