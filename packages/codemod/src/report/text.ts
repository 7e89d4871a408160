/** `scan`'s default output: one summary line and a table of sites, for a terminal. */
import { needsPerson, sitesOf, where } from './catalogue.js';
import type { ScanReport } from './model.js';
import { ignoredLines, skippedLines, unreadLines } from './ignored.js';

export function toText(report: ScanReport): string {
  const all = sitesOf(report.files);
  const sites = all.filter((s) => s.kind !== 'mock');
  const mocks = all.filter((s) => s.kind === 'mock');
  const automatic = sites.filter((s) => !needsPerson(s)).length;
  const { totals } = report;
  const mockPart = mocks.length === 0 ? '' : `; ${mocks.length} mocks in tests: ${mocks.filter((s) => s.migrated).length} follow their calls, ${mocks.filter(needsPerson).length} for a person`;
  const lines = [
    `app-assignment scan: ${totals.files} files scanned, ${sites.length} deprecated calls: ${automatic} with an exact rewrite, ` +
      `${sites.length - automatic} for a person (${sites.filter((s) => s.migrated && needsPerson(s)).length} of them rewritten with a note)${mockPart}; ` +
      `${totals.errors} errors. Nothing was written.`,
  ];
  if (all.length > 0) {
    const rows = [['location', 'client', 'outcome', 'migrate', 'reason'],
      ...all.map((s) => [where(s), s.kind === 'mock' ? `${s.client} (mock)` : s.client, s.outcome, s.migrated ? 'rewrites' : 'leaves a TODO', s.reason ?? ''])];
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    lines.push('');
    for (const row of rows) lines.push(row.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join('  ').trimEnd());
  }
  const errors = report.files.filter((f) => f.error !== undefined);
  if (errors.length > 0) {
    lines.push('', 'Errors (these files could not be read):');
    errors.forEach((f) => lines.push(`  ${f.error}`));
  }
  lines.push(...skippedLines(report.files), ...unreadLines(report.files), ...ignoredLines(report.ignored));
  return `${lines.join('\n')}\n`;
}
