/** The words of the admin's e-Transfers fold (issue 46 §2). */
export const etransferPanelMessages = {
  title: 'e-Transfers',
  intro:
    'Import your bank’s CSV export of Interac e-Transfers received. A line with a family’s code and the exact amount is marked paid (the family gets its receipt and an e-mail); everything else is listed here for you to check. Importing the same file again changes nothing.',
  file: 'Bank file (CSV)',
  import: 'Import',
  importing: 'Importing…',
  chooseFile: 'Choose the bank’s CSV file first.',
  importFailed: 'The file could not be imported.',
  imported: (matched: number) =>
    `Imported: ${matched} ${matched === 1 ? 'e-Transfer' : 'e-Transfers'} matched and paid`,
  lists: {
    matched: 'Matched and paid',
    already_applied: 'Applied before',
    proposed: 'Proposed: check and apply',
    ambiguous: 'To resolve',
    amount_mismatch: 'Amount short or over (not applied)',
    unmatched: 'Not matched',
  },
  none: 'None',
  apply: (name: string) => `Apply to ${name}`,
  applied: (name: string) => `Applied to ${name}`,
  applyFailed: 'The line could not be applied.',
  short: (amount: string) => `${amount} short`,
  over: (amount: string) => `${amount} over`,
  forWhom: (name: string) => `for ${name}`,
} as const;
