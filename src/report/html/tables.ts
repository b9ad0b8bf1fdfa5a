import { escapeHtml } from './escape.ts';

/** A table cell: plain text (escaped) and an optional CSS class. */
export interface Cell {
  text: string;
  className?: string;
}

/** An HTML table with a header row; every text is escaped. `id` becomes `data-table` for tests. */
export function htmlTable(
  id: string,
  header: readonly string[],
  rows: readonly (readonly (string | Cell)[])[],
): string {
  const cell = (value: string | Cell, tag: 'td' | 'th') => {
    const item = typeof value === 'string' ? { text: value } : value;
    const classAttribute = item.className ? ` class="${escapeHtml(item.className)}"` : '';
    return `<${tag}${classAttribute}>${escapeHtml(item.text)}</${tag}>`;
  };
  const head = `<thead><tr>${header.map((title) => cell(title, 'th')).join('')}</tr></thead>`;
  const row = (values: readonly (string | Cell)[]) => `<tr>${values.map((value) => cell(value, 'td')).join('')}</tr>`;
  const body = `<tbody>${rows.map(row).join('\n')}</tbody>`;
  return `<div class="table-wrap"><table data-table="${escapeHtml(id)}">${head}\n${body}</table></div>`;
}

/**
 * Flattens a resolved config into dotted keys and display values (objects recurse; arrays, numbers and
 * booleans as JSON; strings as they are), sorted by key so two configs line up row by row.
 */
export function flattenConfig(value: unknown, prefix = ''): [string, string][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return prefix ? [[prefix, '{}']] : [];
    return entries
      .flatMap(([key, inner]) => flattenConfig(inner, prefix ? `${prefix}.${key}` : key))
      .sort(([a], [b]) => a.localeCompare(b));
  }
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  return [[prefix, text]];
}
