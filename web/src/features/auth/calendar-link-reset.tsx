/**
 * "Reset calendar link" (issue 42): the family's calendar subscription is a secret link; shared by mistake,
 * it is ended here, and the calendar that had it stops showing where the children will be. The new link is
 * offered at once (the dashboard offers it too).
 */
import { useState } from 'react';
import type { CalendarLinkAnswer } from '@club/shared/types';
import { callApi } from '../../lib/api-client';
import { authMessages as t } from './messages';

export function CalendarLinkReset() {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [fresh, setFresh] = useState<CalendarLinkAnswer | null>(null);

  async function reset() {
    if (state === 'busy') return;
    setState('busy');
    try {
      setFresh(await callApi('resetHouseholdCalendarLink'));
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <p>{t.calendarLinkExplained}</p>
      {fresh ? (
        <div role="status" className="form-success account-calendar-new">
          <p>{t.calendarLinkReset}</p>
          <p>
            <a className="button button-secondary" href={fresh.subscribe_url}>
              {t.calendarLinkAddNew}
            </a>
          </p>
        </div>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="form-error">
          {t.calendarLinkResetFailed}
        </p>
      ) : null}
      <p>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={state === 'busy' || undefined}
          onClick={() => void reset()}
        >
          {state === 'busy' ? t.calendarLinkResetting : t.resetCalendarLink}
        </button>
      </p>
    </>
  );
}
