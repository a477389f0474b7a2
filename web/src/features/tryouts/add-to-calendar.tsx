/**
 * "Add the tryout dates to my calendar": the player's sessions as an .ics file (GET /tryouts/my/calendar.ics),
 * fetched with the sign-in token like any call (a plain link could not carry it) and handed to the download,
 * which phones open in their calendar app.
 */
import { useState } from 'react';
import { downloadApi } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { tryoutMessages as t } from './messages';

export function AddToCalendar() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const file = await downloadApi('getMyCalendar', 'text/calendar');
      saveFile(file.blob, file.filename ?? 'summit-tryouts.ics');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="tryout-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={busy || undefined}
          onClick={() => void download()}
        >
          {busy ? t.preparingCalendar : t.addToCalendar}
        </button>
      </p>
      {failed ? (
        <p role="alert" className="form-error">
          {t.calendarFailed}
        </p>
      ) : null}
    </>
  );
}
