import { describe, expect, it } from 'vitest';
import { escapeHtml, formatNumber } from './escape.ts';
import { flattenConfig, htmlTable } from './tables.ts';

describe('flattenConfig', () => {
  it('flattens nested objects to sorted dotted keys and shows arrays and numbers as JSON', () => {
    expect(
      flattenConfig({ seed: 3, domain: { name: 'toolworld', options: {} }, betaPrior: [1, 1], offline: undefined }),
    ).toEqual([
      ['betaPrior', '[1,1]'],
      ['domain.name', 'toolworld'],
      ['domain.options', '{}'],
      ['offline', ''],
      ['seed', '3'],
    ]);
  });
});

describe('html helpers', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('formats missing numbers as a dash and keeps integers whole', () => {
    expect([formatNumber(null), formatNumber(Number.NaN), formatNumber(12), formatNumber(0.12345)]).toEqual([
      '—',
      '—',
      '12',
      '0.123',
    ]);
  });

  it('builds a table with escaped cells and classes', () => {
    const html = htmlTable('t', ['a', 'b'], [['<x>', { text: '1', className: 'number' }]]);
    expect(html).toContain('data-table="t"');
    expect(html).toContain('<td>&lt;x&gt;</td><td class="number">1</td>');
  });
});
