/**
 * What `app-assignment campaign` reports besides the merged report of `scan`: the calls left by repository, and the
 * burndown, drawn from the campaign's history (one line per run) as inline SVG: the calls left over time, those
 * `migrate` rewrites exactly and those for a person, in all and for each repository. No script, no network.
 */
import type { SiteReport } from '../migrate.js';
import type { FileReport, RunReport } from '../run.js';
import { needsPerson, sitesOf } from './catalogue.js';
import { esc } from './html.js';

/** Calls left: all of them, those `migrate` rewrites exactly, and those for a person (the tests' mocks are not calls). */
export interface Counts {
  readonly calls: number;
  readonly automatic: number;
  readonly person: number;
}

/** The calls of a report, counted as every report counts them (the sites a person looks at, without mocks). */
export function countsOf(report: { readonly files: readonly FileReport[] }): Counts {
  const calls = sitesOf(report.files).filter((site) => site.kind !== 'mock');
  const person = calls.filter(needsPerson).length;
  return { calls: calls.length, automatic: calls.length - person, person };
}

/** One line of the history file: one run. A repository that failed has its reason instead of counts. */
export interface HistoryLine {
  readonly date: string;
  readonly repositories: Readonly<Record<string, Counts | { readonly failed: string }>>;
  /** Over the repositories scanned in that run; `failed` names the others (the total then misses their calls). */
  readonly total: Counts;
  readonly failed?: readonly string[];
}

/** A site of the inventory: a site of `scan --json` with its repository. */
export type InventorySite = SiteReport & { readonly repository: string };
/** A file of the inventory: a file of `scan --json` (its path relative to the repository) with its repository and owners. */
export type InventoryFile = Omit<FileReport, 'sites'> & {
  readonly repository: string;
  /** The repository's owners in the manifest. */
  readonly owners: readonly string[];
  readonly sites: readonly InventorySite[];
};

/** A repository of the campaign: where it was read from, and its totals or why it could not be scanned. */
export interface RepositorySummary {
  readonly name: string;
  readonly owners: readonly string[];
  readonly path?: string;
  readonly url?: string;
  readonly ref?: string;
  /** The commit scanned, when the folder is a git checkout. */
  readonly commit?: string;
  readonly counts?: Counts;
  readonly totals?: RunReport['totals'];
  readonly error?: string;
}

/** `inventory.json`: the report of `scan --json` over every repository, plus the repositories themselves. */
export interface Inventory {
  readonly date: string;
  readonly repositories: readonly RepositorySummary[];
  readonly files: readonly InventoryFile[];
  readonly totals: RunReport['totals'];
  readonly ignored: RunReport['ignored'];
}

/** Markdown text in a table cell. */
const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/([*_`<>[\]])/g, '\\$1');

export function repositoriesMarkdown(inventory: Inventory): string {
  const lines = ['## app-assignment campaign: by repository', '', '| repository | calls | automatic | for a person | owners |', '|---|---:|---:|---:|---|'];
  for (const r of inventory.repositories) {
    const owners = cell(r.owners.join(' '));
    if (r.counts === undefined) lines.push(`| ${cell(r.name)} | failed: ${cell(r.error ?? '')} | | | ${owners} |`);
    else lines.push(`| ${cell(r.name)} | ${r.counts.calls} | ${r.counts.automatic} | ${r.counts.person} | ${owners} |`);
  }
  const scanned = inventory.repositories.filter((r) => r.counts !== undefined);
  const total = countsOf(inventory);
  lines.push(`| **all ${scanned.length} scanned** | **${total.calls}** | **${total.automatic}** | **${total.person}** | |`);
  return `${lines.join('\n')}\n`;
}


/** One run of one series (all repositories, or one of them). */
interface Point {
  readonly date: string;
  readonly automatic: number;
  readonly person: number;
  /** The repositories that failed in that run: the point misses their calls. */
  readonly partial?: readonly string[];
}

/** The burndown of all repositories: each run's total. */
export function totalSeries(history: readonly HistoryLine[]): Point[] {
  return history.map((line) => ({ date: line.date, automatic: line.total.automatic, person: line.total.person, ...(line.failed === undefined ? {} : { partial: line.failed }) }));
}

/** The burndown of one repository: the runs that scanned it. */
export function repositorySeries(history: readonly HistoryLine[], name: string): Point[] {
  return history.flatMap((line) => {
    const counts = line.repositories[name];
    return counts === undefined || !('calls' in counts) ? [] : [{ date: line.date, automatic: counts.automatic, person: counts.person }];
  });
}

interface ChartSize {
  readonly width: number;
  readonly height: number;
}

/**
 * A burndown: the calls left at each run, stacked (for a person below, with an exact rewrite above), on a time axis.
 * Each run is a `g.point` with its numbers in data attributes and a tooltip.
 */
function burndownSvg(points: readonly Point[], size: ChartSize, attributes: string, label: string): string {
  const left = 44;
  const right = 16;
  const top = 12;
  const bottom = 30;
  const w = size.width - left - right;
  const h = size.height - top - bottom;
  const times = points.map((p) => Date.parse(p.date));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const max = Math.max(1, ...points.map((p) => p.automatic + p.person));
  const x = (i: number) => (points.length === 1 || t1 === t0 ? left + w / 2 : left + ((times[i]! - t0) / (t1 - t0)) * w);
  const y = (value: number) => top + h - (value / max) * h;
  const f = (n: number) => n.toFixed(1);
  const xs = points.map((_, i) => f(x(i)));
  const personTop = points.map((p, i) => `${xs[i]},${f(y(p.person))}`);
  const allTop = points.map((p, i) => `${xs[i]},${f(y(p.person + p.automatic))}`);
  const base = [...xs].reverse().map((xi) => `${xi},${f(y(0))}`);
  // Runs within two days of each other are told apart by their time; within an hour, to the second.
  const span = t1 - t0;
  const when = (date: string) => (span >= 2 * 24 * 3600 * 1000 ? date.slice(0, 10) : `${date.slice(0, 10)} ${date.slice(11, span < 3600 * 1000 ? 19 : 16)}`);
  const xLabels = points.length === 1 ? [0] : [0, points.length - 1];
  return `<svg ${attributes} role="img" aria-label="${esc(label)}" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}" xmlns="http://www.w3.org/2000/svg">
<line class="axis" x1="${left}" y1="${f(y(0))}" x2="${left + w}" y2="${f(y(0))}"/>
<line class="axis" x1="${left}" y1="${top}" x2="${left}" y2="${f(y(0))}"/>
<text x="${left - 6}" y="${f(y(0) + 4)}" text-anchor="end">0</text>
<text x="${left - 6}" y="${top + 4}" text-anchor="end">${max}</text>
${points.length > 1 ? `<polygon class="area person" points="${[...personTop, ...base].join(' ')}"/>
<polygon class="area automatic" points="${[...allTop, ...[...personTop].reverse()].join(' ')}"/>
<polyline class="total" points="${allTop.join(' ')}"/>` : ''}
${xLabels.map((i, k) => `<text class="when" x="${xs[i]}" y="${size.height - 10}" text-anchor="${points.length === 1 ? 'middle' : k === 0 ? 'start' : 'end'}">${esc(when(points[i]!.date))}</text>`).join('\n')}
${points
  .map((p, i) => {
    const calls = p.automatic + p.person;
    const partial = p.partial === undefined ? '' : `; not scanned: ${p.partial.join(', ')}`;
    return `<g class="point${p.partial === undefined ? '' : ' partial'}" data-date="${esc(p.date)}" data-calls="${calls}" data-automatic="${p.automatic}" data-person="${p.person}"><circle cx="${xs[i]}" cy="${f(y(calls))}" r="4"><title>${esc(`${when(p.date)}: ${calls} calls left, ${p.automatic} with an exact rewrite, ${p.person} for a person${partial}`)}</title></circle></g>`;
  })
  .join('\n')}
</svg>`;
}

/** The styles of the campaign's part of the page. */
export const CAMPAIGN_STYLE = `.burndown .area.automatic { fill: #2da44e; fill-opacity: .8; } .burndown .area.person { fill: #d4a72c; fill-opacity: .8; }
.burndown .total { fill: none; stroke: #1f2328; stroke-width: 1.5; } .burndown .axis { stroke: #8c959f; }
.burndown circle { fill: #1f2328; } .burndown .partial circle { fill: #fff; stroke: #cf222e; stroke-width: 2; }
.small-multiples { display: flex; flex-wrap: wrap; gap: 1rem; } .small-multiples figure { margin: 0; max-width: 100%; }
.small-multiples figcaption { font-weight: 600; }
#repositories tr.failed td { color: #cf222e; }
`;

/** The campaign's part of the page: the table by repository, and the burndowns, in all and for each repository. */
export function campaignHtml(inventory: Inventory, history: readonly HistoryLine[]): string {
  const first = history[0];
  const rows = inventory.repositories
    .map((r) => {
      const owners = esc(r.owners.join(' '));
      if (r.counts === undefined) {
        return `<tr class="failed" data-repository="${esc(r.name)}"><td>${esc(r.name)}</td><td colspan="4">could not be scanned: ${esc(r.error ?? '')}</td><td>${owners}</td></tr>`;
      }
      const before = first?.repositories[r.name];
      const change = before === undefined || !('calls' in before) || history.length < 2 ? '' : signed(r.counts.calls - before.calls);
      return `<tr data-repository="${esc(r.name)}"><td>${esc(r.name)}</td><td class="num">${r.counts.calls}</td><td class="num">${r.counts.automatic}</td><td class="num">${r.counts.person}</td><td class="num">${change}</td><td>${owners}</td></tr>`;
    })
    .join('\n');
  const total = countsOf(inventory);
  const since = first === undefined || history.length < 2 ? '' : signed(total.calls - first.total.calls);
  const points = totalSeries(history);
  const span = first === undefined ? '' : ` ${history.length} runs since <time datetime="${esc(first.date)}">${esc(first.date.slice(0, 10))}</time>.`;
  const small = inventory.repositories
    .map((r) => {
      const series = repositorySeries(history, r.name);
      if (series.length === 0) return `<figure><figcaption>${esc(r.name)}</figcaption><p>Never scanned yet.</p></figure>`;
      return `<figure><figcaption>${esc(r.name)}</figcaption><div class="scroll">${burndownSvg(series, { width: 320, height: 150 }, `class="burndown" data-repository="${esc(r.name)}"`, `calls left in ${r.name}, run by run`)}</div></figure>`;
    })
    .join('\n');
  return `<h2>By repository</h2>
<div class="scroll"><table id="repositories"><thead><tr><th>repository</th><th>calls</th><th>automatic (fix)</th><th>for a person (TODO)</th><th>since the first run</th><th>owners</th></tr></thead><tbody>
${rows}
</tbody><tfoot><tr><th>all</th><td class="num">${total.calls}</td><td class="num">${total.automatic}</td><td class="num">${total.person}</td><td class="num">${since}</td><td></td></tr></tfoot></table></div>
<h2>Burndown</h2>
<p class="notes">The calls left at each run of the campaign: <svg width="10" height="10"><rect class="automatic" width="10" height="10"/></svg> with an exact rewrite, <svg width="10" height="10"><rect class="person" width="10" height="10"/></svg> for a person; a hollow point is a run in which some repository could not be scanned.${span}${points.length < 2 ? ' One run so far: the chart grows with each run.' : ''}</p>
<div class="scroll">${points.length === 0 ? '' : burndownSvg(points, { width: 680, height: 260 }, 'id="burndown" class="burndown"', 'calls left in all repositories, run by run')}</div>
<h3>By repository</h3>
<div class="small-multiples">
${small}
</div>`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0';
}
