import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
  ])('neutralises %j, which a spreadsheet would run, as text', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['Ana', '"Ana"'],
    ['a=b', '"a=b"'],
    ['O"Neil', '"O""Neil"'],
    ['Lee, Jr.', '"Lee, Jr."'],
    ['', '""'],
    [12, '"12"'],
    // A number is a number (an evaluator-normalised score below average, issue 37); the text "-1" is not.
    [-0.82, '"-0.82"'],
  ])('quotes %j as it is, doubling quotes', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('starts with the UTF-8 byte-order mark and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'é'],
        ['b', 'c'],
      ]),
    ).toBe('\uFEFF"a","é"\r\n"b","c"\r\n');
  });
});
