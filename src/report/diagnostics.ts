import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, DiagnosticSchema } from '../interfaces/summary.ts';
import { escapeHtml, formatNumber } from './html/escape.ts';
import { type Cell, htmlTable } from './html/tables.ts';
import { readJsonFile } from './read-files.ts';

/** The link diagnostics stored in `<directory>/diagnostics/*.json`, by file name; none when the folder is absent. */
export function loadDiagnostics(directory: string): Diagnostic[] {
  const folder = join(directory, 'diagnostics');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readJsonFile(join(folder, name), DiagnosticSchema));
}

/** The report section of the diagnostics: per diagnostic its title, what it measured, a table and its finding. */
export function diagnosticsHtml(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((diagnostic) => {
      const rows = diagnostic.rows.map((row) =>
        row.map((value): Cell | string =>
          typeof value === 'number'
            ? { text: formatNumber(value), className: 'number' }
            : value === null
              ? { text: '—', className: 'number' }
              : value,
        ),
      );
      const finding = diagnostic.finding ? `<p><strong>${escapeHtml(diagnostic.finding)}</strong></p>` : '';
      return (
        `<h3>${escapeHtml(diagnostic.title)}</h3><p class="note">${escapeHtml(diagnostic.description)}</p>` +
        htmlTable(`diagnostic-${diagnostic.name}`, diagnostic.columns, rows) +
        finding
      );
    })
    .join('\n');
}

/** The Diagnostics section of a report, when the folder holds any (`diagnostics/*.json`). */
export function diagnosticsSection(directory: string): { heading: string; html: string }[] {
  const diagnostics = loadDiagnostics(directory);
  return diagnostics.length > 0 ? [{ heading: 'Diagnostics', html: diagnosticsHtml(diagnostics) }] : [];
}
