/**
 * CSV reading with the semantics the official TravelPlanner tools get from `pandas.read_csv`:
 * RFC 4180 quoting (doubled quotes, newlines inside quotes), and pandas' default set of strings that
 * read as missing values (used to reproduce `.dropna()`).
 */

/** Rows of fields; the header is row 0. Accepts `\n` and `\r\n` line ends; a final newline adds no row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let position = 0; position < text.length; position++) {
    const character = text[position]!;
    if (quoted) {
      if (character === '"') {
        if (text[position + 1] === '"') {
          field += '"';
          position++;
        } else {
          quoted = false;
        }
      } else {
        field += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[position + 1] === '\n') position++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += character;
    }
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** pandas' default `na_values` (read_csv): a field equal to one of these reads as NaN. */
const PANDAS_MISSING = new Set([
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
]);

/** Whether pandas would read this field as a missing value. */
export function isPandasMissing(field: string): boolean {
  return PANDAS_MISSING.has(field);
}

/**
 * Header-keyed records of a CSV text. With `dropMissing`, rows holding any missing field are left out
 * (pandas `.dropna()` over all columns, which the official tools apply to restaurants, accommodations
 * and attractions).
 */
export function readCsvRecords(text: string, dropMissing: boolean): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const records: Record<string, string>[] = [];
  for (const row of rows) {
    if (row.length === 1 && row[0] === '') continue;
    if (dropMissing && header.some((_, column) => isPandasMissing(row[column] ?? ''))) continue;
    records.push(Object.fromEntries(header.map((name, column) => [name, row[column] ?? ''])));
  }
  return records;
}
