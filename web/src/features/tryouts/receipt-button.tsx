/**
 * "Download receipt": the paid registration's receipt (GET /tryouts/my/receipt), a printable HTML page saved
 * so the family keeps a copy they can open and print (decision 45).
 */
import { DownloadButton } from './download-button';
import { tryoutMessages as t } from './messages';

export function ReceiptButton() {
  return (
    <DownloadButton
      route="getMyReceipt"
      accept="text/html"
      fallbackName="summit-receipt.html"
      label={t.receipt}
      busyLabel={t.preparingReceipt}
      failedMessage={t.receiptFailed}
    />
  );
}
