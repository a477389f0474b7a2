/** The words of the admin's Money fold (issue 46 §3). */
export const moneyPanelMessages = {
  title: 'Money',
  intro:
    'What each fee is to bring in, what came in and is still owed, by how it was paid. Refunds and disputes are shown beside what came in; Stripe fees where Stripe reported them.',
  loading: 'Loading the season’s money…',
  failed: 'The season’s money could not be loaded. Try again.',
  refresh: 'Refresh',
  downloadCsv: 'Download money CSV',
  preparingCsv: 'Preparing…',
  csvFailed: 'The CSV could not be downloaded. Try again.',
  csvNote:
    'One line per payment and refund (date, family, child, method, amount, reference), for a spreadsheet.',
  nothing: 'No fees or payments yet this season.',
  caption: (season: string) => `Money of ${season}, by fee and payment method`,
  fee: 'Fee',
  method: 'Method',
  count: 'Count',
  expected: 'Expected',
  collected: 'Collected',
  outstanding: 'Outstanding',
  refunded: 'Refunded',
  disputed: 'Disputed',
  stripeFees: 'Stripe fees',
  notReported: '—',
  total: 'Total',
  net: (amount: string) => `Kept after refunds: ${amount}`,
} as const;
