/**
 * "Download receipt": the paid registration's receipt (GET /tryouts/my/receipt), a printable HTML page fetched
 * with the sign-in token like any call (a plain link could not carry it) and saved, so the family keeps a copy
 * they can open and print.
 */
import { useState } from 'react';
import { downloadApi } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { tryoutMessages as t } from './messages';

export function ReceiptButton() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const file = await downloadApi('getMyReceipt', 'text/html');
      saveFile(file.blob, file.filename ?? 'summit-receipt.html');
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
        {busy ? t.preparingReceipt : t.receipt}
      </button>
      {failed ? (
        <p role="alert" className="form-error">
          {t.receiptFailed}
        </p>
      ) : null}
    </>
  );
}
