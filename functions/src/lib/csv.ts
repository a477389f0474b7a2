/**
 * CSV for spreadsheets (RFC 4180 quoting, CRLF rows, a UTF-8 byte-order mark so Excel reads accents right).
 * A cell that starts with = + - @, a tab or a carriage return is prefixed with an apostrophe, so a
 * spreadsheet shows it as text instead of running it as a formula (CSV injection): a name typed as
 * "=HYPERLINK(…)" by a registrant stays a name on the admin's computer.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text neutralised (a number is a number: −0.82 stays one), then quoted with inner quotes doubled. */
export function csvCell(value: string | number | boolean): string {
  const text = String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole file: the BOM, then each row's cells joined by commas, rows ending in CRLF. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
