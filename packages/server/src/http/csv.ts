/**
 * The one CSV writer of the app's exports (GET /transactions.csv, GET /contests/:id/standings.csv):
 * RFC 4180 fields and CRLF lines, with formula injection stopped. A spreadsheet evaluates a cell
 * that starts with `=`, `+`, `-` or `@` (and one that starts with a tab or a carriage return, which
 * it strips first) as a formula, quoted or not, so such a text cell gets a leading `'` (OWASP, CSV
 * injection). Only a cell made with csvNumber, which must be a plain decimal, keeps a leading `-`.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** A number written as it is (a negative return stays a number in the spreadsheet). */
export interface CsvNumber {
  readonly decimal: string;
}

export type CsvValue = string | CsvNumber;

/** A numeric cell: a plain decimal such as "-5.25" or "100"; anything else is a bug of the caller. */
export function csvNumber(value: number | bigint | string): CsvNumber {
  const decimal = String(value);
  if (!PLAIN_DECIMAL.test(decimal))
    throw new Error(`csvNumber: "${decimal}" is not a plain decimal`);
  return { decimal };
}

/** One field: a text cell that a spreadsheet would read as a formula gets its `'`; quoted when it needs quotes. */
export function csvField(value: CsvValue): string {
  if (typeof value !== 'string') return value.decimal;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
