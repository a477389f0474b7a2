/**
 * Issue 46 §2: a bank file's lines are applied a few at a time, but a line sharing a code or a line id with
 * an earlier one runs after it, so a line applied is seen by the next.
 */
import { describe, expect, it } from 'vitest';
import { sharingGroups } from './etransfer-import';

const keys: Record<number, string[]> = {
  0: ['row:a', 'CODE2345'],
  1: ['row:b', 'CODE6789'],
  2: ['row:c', 'CODE2345'],
  3: ['row:d'],
  4: ['row:b'],
  5: ['row:e', 'CODE6789', 'CODEABCD'],
  6: ['row:f', 'CODEABCD'],
};

describe('sharingGroups', () => {
  it('puts lines with the same code together, in the file’s order', () => {
    expect(sharingGroups([0, 2, 3], (i) => keys[i]!)).toEqual([[0, 2], [3]]);
  });

  it('puts lines with the same line id together, and joins groups a line’s several codes link', () => {
    expect(sharingGroups([0, 1, 2, 3, 4, 5, 6], (i) => keys[i]!)).toEqual([[0, 2], [1, 4, 5, 6], [3]]);
  });

  it('leaves lines that share nothing each on its own, so they can run side by side', () => {
    expect(sharingGroups([0, 1, 3], (i) => keys[i]!)).toEqual([[0], [1], [3]]);
    expect(sharingGroups([], (i) => keys[i]!)).toEqual([]);
  });
});
