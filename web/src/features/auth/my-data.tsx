/**
 * A member's copy of everything stored about their account and household (issue 19: GET /account/export), as
 * a readable page or as JSON, fetched with the sign-in token. On the account page and the dashboard.
 */
import { DownloadButton } from '../../components/download-button';
import { downloadApi } from '../../lib/api-client';

const FAILED = 'We could not prepare your copy. Please try again.';

export function MyDataDownloads() {
  return (
    <div className="account-downloads">
      <DownloadButton
        fetchFile={() => downloadApi('exportAccount', 'text/html', { query: { format: 'html' } })}
        fallbackName="summit-basketball-my-data.html"
        label="Download a readable copy"
        busyLabel="Preparing your copy…"
        failedMessage={FAILED}
      />
      <DownloadButton
        fetchFile={() => downloadApi('exportAccount', 'application/json', { query: { format: 'json' } })}
        fallbackName="summit-basketball-my-data.json"
        label="Download as JSON"
        busyLabel="Preparing your copy…"
        failedMessage={FAILED}
      />
    </div>
  );
}
