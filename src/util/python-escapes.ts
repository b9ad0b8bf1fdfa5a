/**
 * The one-character escapes of a Python string literal (after the backslash) and what they stand for; a
 * backslash before a newline continues the line. `\x`, `\u` and `\U` take hex digits and are read by the parsers.
 */
export const PYTHON_STRING_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\n': '',
};
