import { describe, expect, it } from 'vitest';
import { derive } from './derivations.ts';
import { floatRepr, pythonJsonDumps } from './python-json.ts';
import { ELLIPSIS, readPythonConstants } from './python-literals.ts';

// A module of constants and, below, what Python prints for it: json.dumps(constants, ensure_ascii=False) with
// `...` as None (python3: ast.literal_eval of each assignment).
const MODULE = `# A comment line
NAMES = ['a', "b", 'it\\'s', "tab\\there", 'caf\\u00e9', 'naïve', 'x' 'y']
LONG = """first line
  second "quoted" line
"""
RAW = r'\\d+\\n'
NUMBERS = [0, -3, 15.0, 0.1, 1e-05, 1e16, 12345678901234567890, -0.0, 2.5e-3, 0x1F, 1_000]
NESTED = {'b': (1, 2), 'a': [True, False, None], 1: 'one', 'b': 'again', 'empty': (), 'single': (5,), 'paren': (5)}
WATCH = ['X', 'Y', ...]
CONTROL = "bell\\x07 nul\\0 slash\\\\ quote\\""
PAIR = 1, 'two'
`;
const PYTHON_OUTPUT =
  '{"NAMES": ["a", "b", "it\'s", "tab\\there", "café", "naïve", "xy"], "LONG": "first line\\n  second \\"quoted\\" ' +
  'line\\n", "RAW": "\\\\d+\\\\n", "NUMBERS": [0, -3, 15.0, 0.1, 1e-05, 1e+16, 12345678901234567890, -0.0, 0.0025, 31, ' +
  '1000], "NESTED": {"b": "again", "a": [true, false, null], "1": "one", "empty": [], "single": [5], "paren": 5}, ' +
  '"WATCH": ["X", "Y", null], "CONTROL": "bell\\u0007 nul\\u0000 slash\\\\ quote\\"", "PAIR": [1, "two"]}';

describe('constants of a Python module', () => {
  it('reads each literal as ast.literal_eval does: ints exact, floats apart, dict order and repeated keys', () => {
    const constants = readPythonConstants(MODULE, 'fixture.py');
    expect([...constants.keys()]).toEqual(['NAMES', 'LONG', 'RAW', 'NUMBERS', 'NESTED', 'WATCH', 'CONTROL', 'PAIR']);
    expect(constants.get('NUMBERS')).toEqual([
      0n,
      -3n,
      15,
      0.1,
      1e-5,
      1e16,
      12345678901234567890n,
      -0,
      0.0025,
      31n,
      1000n,
    ]);
    expect(constants.get('WATCH')).toEqual(['X', 'Y', ELLIPSIS]);
    const nested = constants.get('NESTED') as Map<unknown, unknown>;
    expect([...nested.keys()]).toEqual(['b', 'a', 1n, 'empty', 'single', 'paren']);
    expect(nested.get('b')).toBe('again');
    expect(constants.get('LONG')).toBe('first line\n  second "quoted" line\n');
    expect(constants.get('RAW')).toBe('\\d+\\n');
  });

  it("become the JSON Python's json.dumps writes, byte for byte", () => {
    expect(pythonJsonDumps(readPythonConstants(MODULE, 'fixture.py'))).toBe(PYTHON_OUTPUT);
    expect(derive('python-constants-json', Buffer.from(MODULE), 'fixture.py').toString('utf8')).toBe(PYTHON_OUTPUT);
  });

  it('writes floats as Python repr does', () => {
    const cases: [number, string][] = [
      [0.0001, '0.0001'],
      [0.00012, '0.00012'],
      [1e-5, '1e-05'],
      [123456789012345.6, '123456789012345.6'],
      [1234567890123456.8, '1234567890123456.8'],
      [1e22, '1e+22'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [100, '100.0'],
      [-2.75, '-2.75'],
      [1e15, '1000000000000000.0'],
      [9999999999999998, '9999999999999998.0'],
    ];
    for (const [value, repr] of cases) expect(floatRepr(value)).toBe(repr);
    expect(pythonJsonDumps([Number.NaN, Number.POSITIVE_INFINITY])).toBe('[NaN, Infinity]');
  });

  it('refuses anything but constant assignments, in one line with the line number', () => {
    const refused: [string, RegExp][] = [
      ['A = 1\nimport os\n', /^m\.py line 2: only NAME = <literal> statements are read$/],
      ['A = [1,\n 2\n', /^m\.py line 3: unclosed bracket \(expected \]\)$/],
      ['A = len([1])\n', /^m\.py line 1: len is not a literal$/],
      ['A = "open\n', /^m\.py line 1: newline in a one-line string$/],
      ["A = f'{x}'\n", /^m\.py line 1: string prefix f is not read$/],
      ['A = {[1]: 2}\n', /^m\.py line 1: unhashable dict key$/],
      ['A = 1 2\n', /^m\.py line 1: expected the end of the statement$/],
      ['A = -"x"\n', /^m\.py line 1: a sign before a non-number$/],
    ];
    for (const [text, message] of refused) expect(() => readPythonConstants(text, 'm.py')).toThrow(message);
  });
});
