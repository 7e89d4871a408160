/** The report every format renders: `migrate --json`'s report, plus what `.gitignore` kept out of the run. */
import type { RunReport } from '../run.js';

export interface ScanReport {
  readonly files: RunReport['files'];
  readonly totals: RunReport['totals'];
  readonly ignored: RunReport['ignored'];
}

/** The report with every path (files, wrapper chains, errors) made relative to another folder. */
export function rebase(report: ScanReport, map: (path: string) => string): ScanReport {
  return {
    ...report,
    files: report.files.map((file) => ({
      ...file,
      path: map(file.path),
      sites: file.sites.map((site) => ({ ...site, via: site.via.map((v) => ({ ...v, path: map(v.path) })) })),
      ...(file.error === undefined ? {} : { error: file.error.startsWith(file.path) ? `${map(file.path)}${file.error.slice(file.path.length)}` : file.error }),
    })),
  };
}
