/**
 * A file the signed-in family downloads (the calendar, the receipt): fetched with the sign-in token like any
 * call (a plain link could not carry it) and handed to the browser's download, with a message if it fails.
 */
import { useState } from 'react';
import type { DownloadedFile } from '../lib/api-client';
import { saveFile } from '../lib/save-file';

export function DownloadButton({
  fetchFile,
  fallbackName,
  label,
  busyLabel,
  failedMessage,
}: {
  /** Fetches the file (a signed-in GET that answers one). */
  fetchFile: () => Promise<DownloadedFile>;
  fallbackName: string;
  label: string;
  busyLabel: string;
  failedMessage: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const file = await fetchFile();
      saveFile(file.blob, file.filename ?? fallbackName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={busy || undefined}
        onClick={() => void download()}
      >
        {busy ? busyLabel : label}
      </button>
      {failed ? (
        <p role="alert" className="form-error">
          {failedMessage}
        </p>
      ) : null}
    </>
  );
}
