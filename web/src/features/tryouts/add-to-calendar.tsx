/**
 * "Add the tryout dates to my calendar": the player's sessions as an .ics file (GET /tryouts/my/calendar.ics),
 * which phones open in their calendar app.
 */
import { downloadApi } from '../../lib/api-client';
import { DownloadButton } from '../../components/download-button';
import { tryoutMessages as t } from './messages';

export function AddToCalendar() {
  return (
    <div className="tryout-actions">
      <DownloadButton
        fetchFile={() => downloadApi('getMyCalendar', 'text/calendar')}
        fallbackName="summit-tryouts.ics"
        label={t.addToCalendar}
        busyLabel={t.preparingCalendar}
        failedMessage={t.calendarFailed}
      />
    </div>
  );
}
