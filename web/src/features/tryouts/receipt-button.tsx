/**
 * "Download receipt": the paid registration's receipt (GET /tryouts/my/receipt, or an athlete's of the
 * household), a printable HTML page saved so the family keeps a copy they can open and print (decision 45).
 */
import { downloadReceipt } from './api';
import { DownloadButton } from '../../components/download-button';
import { tryoutMessages as t } from './messages';

export function ReceiptButton({ athleteId }: { athleteId?: string }) {
  return (
    <>
      <DownloadButton
        fetchFile={() => downloadReceipt(athleteId)}
        fallbackName="summit-receipt.html"
        label={t.receipt}
        busyLabel={t.preparingReceipt}
        failedMessage={t.receiptFailed}
      />
      {/* The same receipt as a PDF (issue 36). */}
      <DownloadButton
        fetchFile={() => downloadReceipt(athleteId, 'pdf')}
        fallbackName="summit-receipt.pdf"
        label={t.receiptPdf}
        busyLabel={t.preparingReceipt}
        failedMessage={t.receiptFailed}
      />
    </>
  );
}
