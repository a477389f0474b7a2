/**
 * A fee as an admin types it and as its field shows it (the season settings, a refund's amount). Apart from
 * money.ts, which the public pages read to show the fee, so their JavaScript does not carry the parsing.
 */

/**
 * What an admin types as a fee ("85", "85.5", "$85.00", "1,000") in integer cents, or null when it is not an
 * amount of dollars and cents.
 */
export function dollarsToCents(text: string): number | null {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents as a fee field shows them: 8500 → '85.00'. */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}
