/**
 * The receipt as a PDF (issue 36: `?format=pdf`), made with pdf-lib, never by hand: the same facts as the
 * printable page (receipt-page.ts), on one Letter page in Helvetica. pdf-lib is loaded only here, when a PDF
 * is asked for, so no other function carries it. Helvetica writes Windows-1252: a character outside it (a
 * name in another script) is written as "?", and the HTML receipt stays the full record.
 */
import { formatCad } from '@club/shared';
import { CLUB_ADDRESS, CLUB_NAME, day, receiptFacts, type ReceiptInput } from './receipt-page';

/** Windows-1252's printable characters beyond ASCII (what Helvetica can write). */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** A text Helvetica can write: typographic quotes and dashes kept, anything it cannot write as "?". */
export function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(c))
        return c;
      return '?';
    })
    .join('');
}

export async function receiptPdf(input: ReceiptInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Receipt ${input.receiptNumber}: ${CLUB_NAME}`));
  pdf.setAuthor(CLUB_NAME);
  pdf.setCreationDate(input.issuedAt);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const navy = rgb(0.043, 0.122, 0.227);
  const grey = rgb(0.29, 0.333, 0.408);
  let y = 740;
  const text = (value: string, x: number, size = 11, font = regular, color = navy) =>
    page.drawText(printable(value), { x, y, size, font, color });

  page.drawRectangle({ x: 0, y: 780, width: 612, height: 12, color: rgb(0.976, 0.451, 0.086) });
  text(CLUB_NAME, 56, 12, bold, grey);
  y -= 16;
  text(`${CLUB_ADDRESS} · ${input.siteUrl.replace(/^https?:\/\//, '')}`, 56, 10, regular, grey);
  y -= 34;
  text('Tryout fee receipt', 56, 22, bold);
  y -= 30;

  const { rows: facts, net } = receiptFacts(input);
  for (const [term, value] of facts) {
    text(term, 56, 11, regular, grey);
    text(value, 210, 11, bold);
    y -= 20;
  }

  y -= 14;
  text('Paid for', 56, 14, bold);
  y -= 22;
  const columns = [56, 260, 380, 470] as const;
  ['Athlete', 'Age group', 'Tryout', 'Amount'].forEach((head, i) => text(head, columns[i]!, 10, bold, grey));
  y -= 18;
  for (const line of input.lines) {
    [line.athleteName, line.ageGroup, `#${line.tryoutNumber}`, formatCad(line.amountCents)].forEach(
      (cell, i) => text(cell, columns[i]!, 11),
    );
    y -= 18;
  }

  if (input.refunds.length) {
    y -= 14;
    text('Refunds', 56, 14, bold);
    y -= 22;
    for (const refund of input.refunds) {
      text(day(refund.created_at), 56, 11);
      text(refund.reason.slice(0, 60), 200, 11);
      text(
        `${formatCad(refund.amount_cents)}${refund.status === 'pending' ? ' (in progress)' : ''}`,
        470,
        11,
      );
      y -= 18;
    }
    y -= 6;
    text(`Net paid: ${formatCad(net)} CAD`, 56, 12, bold);
    y -= 18;
  }

  // Each line's check-in QR code (issue 37), side by side.
  const coded = input.lines.filter((line) => line.checkinCode);
  if (coded.length) {
    y -= 14;
    text('Check-in at tryouts: show the code at the door', 56, 14, bold);
    y -= 112;
    const { toBuffer } = await import('qrcode');
    for (const [i, line] of coded.slice(0, 4).entries()) {
      const image = await pdf.embedPng(
        await toBuffer(line.checkinCode!, { type: 'png', margin: 1, width: 200 }),
      );
      page.drawImage(image, { x: 56 + i * 125, y, width: 100, height: 100 });
      page.drawText(printable(`${line.athleteName}, #${line.tryoutNumber}`).slice(0, 24), {
        x: 56 + i * 125,
        y: y - 12,
        size: 8,
        font: regular,
        color: grey,
      });
    }
    y -= 24;
  }

  y -= 20;
  text(
    `Issued ${day(input.issuedAt)}. Amounts in Canadian dollars. Questions: ${input.siteUrl}/contact`,
    56,
    9,
    regular,
    grey,
  );
  return pdf.save();
}
