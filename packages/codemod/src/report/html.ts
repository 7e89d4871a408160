/**
 * `scan --format html --out <file>`: one self-contained page for a lead (no network: styles, script and chart are
 * inline). Progress (calls migrated since the ratchet's baseline, calls with an exact rewrite, calls left for a
 * person, by reason and by owner), when and from which commit it was made, a bar chart of the deprecated calls by
 * folder, and a table of every site with its reason, owners and wrapper chain, linked to the code, sortable by mouse
 * or keyboard. It reads on a phone (390 px): wide tables scroll inside their box, the page itself never does.
 */
import { DEPRECATED_ASSIGN, V3_ASSIGN } from '@app-assignment/core';
import { groupByReason, type LocatedSite, mocksLine, needsPerson, sitesOf } from './catalogue.js';
import type { OwnersOf } from './codeowners.js';
import { ignoredLines } from './ignored.js';
import type { ScanReport } from './model.js';

export interface HtmlOptions {
  readonly version: string;
  /** When the page was made (an ISO date) and from which commit, when the folder is a git checkout. */
  readonly made?: { readonly date: string; readonly commit?: string };
  /** The owners of a root-relative path (the repository's CODEOWNERS). */
  readonly ownersOf?: OwnersOf;
  /** Where the owners come from, as the heading of the table by owner says it (default: CODEOWNERS). */
  readonly ownersFrom?: string;
  /** The address of a site's code (`--link`'s template filled in); undefined for a site with none. */
  readonly linkOf?: (site: { readonly path: string; readonly line: number; readonly column: number }) => string | undefined;
  /** The ratchet's baseline: its file, how many calls it holds, how many of them are gone (migrated) and how many are new. */
  readonly since?: { readonly file: string; readonly baseline: number; readonly gone: number; readonly added: number };
  /**
   * A campaign over many repositories (`app-assignment campaign`): its own HTML, shown after the totals (the table by
   * repository and the burndown), and its own styles. The rest of the page is the merged report's.
   */
  readonly campaign?: { readonly html: string; readonly style: string };
}

/** C0 controls but tab and line breaks, and DEL: never valid in an HTML document, so never written to one. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
export const esc = (text: string) =>
  text.replace(CONTROL, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function toHtml(report: ScanReport, options: HtmlOptions): string {
  const all = sitesOf(report.files);
  // The calls; the tests' mocks get one line of their own.
  const sites = all.filter((site) => site.kind !== 'mock');
  const person = sites.filter(needsPerson).length;
  const automatic = sites.length - person;
  const rewrittenWithNote = sites.filter((s) => s.migrated && needsPerson(s)).length;
  const groups = groupByReason(sites);
  const folders = byFolder(sites);
  const max = Math.max(1, ...folders.map((f) => f.automatic + f.person));
  const pct = (n: number) => (sites.length === 0 ? 0 : Math.round((n / sites.length) * 100));

  const barHeight = 22;
  const labelWidth = 260;
  const chartWidth = 420;
  const chartSize = { width: labelWidth + chartWidth + 60, height: folders.length * barHeight + 10 };
  // At its own size, so its labels stay readable: on a narrow screen its box scrolls sideways, not the page.
  const chart = `<div class="scroll"><svg id="by-folder" role="img" aria-label="deprecated calls by folder" viewBox="0 0 ${chartSize.width} ${chartSize.height}" width="${chartSize.width}" height="${chartSize.height}" xmlns="http://www.w3.org/2000/svg">
${folders
  .map((f, i) => {
    const y = i * barHeight + 4;
    const wa = (f.automatic / max) * chartWidth;
    const wp = (f.person / max) * chartWidth;
    return `<g class="bar" data-folder="${esc(f.folder)}" data-count="${f.automatic + f.person}" data-person="${f.person}" data-automatic="${f.automatic}">
<text x="${labelWidth - 6}" y="${y + 14}" text-anchor="end">${esc(f.folder)}</text>
<rect class="automatic" x="${labelWidth}" y="${y}" width="${wa.toFixed(1)}" height="${barHeight - 6}"><title>${f.automatic} with an exact rewrite</title></rect>
<rect class="person" x="${(labelWidth + wa).toFixed(1)}" y="${y}" width="${wp.toFixed(1)}" height="${barHeight - 6}"><title>${f.person} for a person</title></rect>
<text x="${(labelWidth + wa + wp + 6).toFixed(1)}" y="${y + 14}">${f.automatic + f.person}</text>
</g>`;
  })
  .join('\n')}
</svg></div>`;

  const reasonRows = groups
    .map((g) => `<tr data-code="${esc(g.code)}"><td>${esc(g.title)}</td><td class="num">${g.sites.length}</td><td>${esc(g.whatToDo)}</td></tr>`)
    .join('\n');
  const owners = options.ownersOf;
  const siteRows = sites
    .map((s, i) => {
      const via = s.via.map((v) => `${v.path}:${v.line}`).join(' → ');
      const place = esc(`${s.path}:${s.line}:${s.column}`);
      const link = options.linkOf?.(s);
      // The location sorts by path, then line and column as numbers: padded, joined by spaces (no control character).
      const key = `${s.path} ${pad(s.line, 8)} ${pad(s.column, 6)}`;
      const ownerCell = owners === undefined ? '' : `<td>${esc(owners(s.path).join(' ') || 'nobody')}</td>`;
      return `<tr data-index="${i}"><td data-sort="${esc(key)}">${link === undefined ? place : `<a href="${esc(link)}">${place}</a>`}</td>${ownerCell}<td>${esc(s.client)}</td><td>${esc(s.outcome)}</td><td>${s.migrated ? 'rewrites' : 'leaves a TODO'}</td><td>${esc(s.reason ?? '')}</td><td>${esc(via)}</td></tr>`;
    })
    .join('\n');
  const ownerRows = owners === undefined ? [] : byOwner(sites, owners)
    .map((o) => `<tr data-owner="${esc(o.owner)}"><td>${esc(o.owner)}</td><td class="num">${o.automatic + o.person}</td><td class="num">${o.person}</td></tr>`);
  const since = options.since;
  const made = options.made;
  const errors = report.files.filter((f) => f.error !== undefined);
  const mocks = mocksLine(all);
  const notes = [...(mocks === undefined ? [] : [mocks]), ...ignoredLines(report.ignored), ...errors.map((f) => `could not parse: ${f.error}`),
    ...report.files.filter((f) => f.status === 'skipped').map((f) => `skipped, ${f.unparsable === true ? 'not parsed' : 'not read'}: ${f.path}: ${f.skipped ?? 'skipped'}`),
    ...report.files.flatMap((f) => (f.unread ?? []).map((part) => `not read: ${f.path}:${part.line}: ${part.reason}`))];

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>app-assignment: deprecated calls</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 1rem; color: #1f2328; overflow-wrap: anywhere; }
@media (min-width: 700px) { body { margin: 2rem; } }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
.scroll { overflow-x: auto; max-width: 100%; }
th, td.num { overflow-wrap: normal; white-space: nowrap; }
#sites td { overflow-wrap: normal; }
#sites td:nth-last-child(2) { min-width: 22rem; }
#sites td:first-child { white-space: nowrap; }
.cards { display: flex; gap: 1rem; flex-wrap: wrap; }
.card { border: 1px solid #d0d7de; border-radius: 6px; padding: .8rem 1.2rem; min-width: 9rem; flex: 1 1 9rem; }
.card .value { font-size: 1.8rem; font-weight: 600; }
.progress { display: flex; height: 14px; width: 680px; max-width: 100%; border-radius: 7px; overflow: hidden; background: #eaeef2; margin: 1rem 0; }
.progress .automatic, rect.automatic { background: #2da44e; fill: #2da44e; }
.progress .person, rect.person { background: #d4a72c; fill: #d4a72c; }
table { border-collapse: collapse; margin-top: .5rem; }
th, td { border-bottom: 1px solid #d0d7de; padding: .3rem .6rem; text-align: left; vertical-align: top; }
td.num { text-align: right; }
#sites th { white-space: nowrap; background: #f6f8fa; padding: 0; }
#sites th button { font: inherit; font-weight: 600; border: 0; background: none; padding: .3rem .6rem; width: 100%; text-align: left; cursor: pointer; color: inherit; }
#sites th button:focus-visible { outline: 2px solid #0969da; outline-offset: -2px; }
#sites th[aria-sort="ascending"]::after { content: " ▲"; } #sites th[aria-sort="descending"]::after { content: " ▼"; }
svg text { font: 12px system-ui, sans-serif; fill: #1f2328; }
.notes { color: #57606a; }
${options.campaign?.style ?? ''}</style>
</head>
<body>
<h1>Calls of the deprecated <code>${esc(`${DEPRECATED_ASSIGN.method} ${DEPRECATED_ASSIGN.route}`)}</code></h1>
<p>Each of them moves to <code>${esc(`${V3_ASSIGN.method} ${V3_ASSIGN.path}`)}</code>. ${report.totals.files} files scanned by app-assignment ${esc(options.version)}${made === undefined ? '' : ` on <time id="made" datetime="${esc(made.date)}">${esc(made.date.slice(0, 10))}</time>`}${made?.commit === undefined ? '' : `, at commit <code id="commit" title="${esc(made.commit)}">${esc(made.commit.slice(0, 12))}</code>`}.</p>
<div class="cards">
${since === undefined ? '' : `<div class="card"><div class="value" id="migrated">${since.gone}</div>migrated since the baseline (of ${since.baseline} in <code>${esc(since.file)}</code>${since.added > 0 ? `; ${since.added} new since` : ''})</div>`}
<div class="card"><div class="value" id="total">${sites.length}</div>deprecated calls left</div>
<div class="card"><div class="value" id="automatic">${automatic}</div>with an exact rewrite (<code>app-assignment migrate</code>)</div>
<div class="card"><div class="value" id="person">${person}</div>for a person (${rewrittenWithNote} rewritten with a note)</div>
<div class="card"><div class="value" id="files">${new Set(sites.map((s) => s.path)).size}</div>files with calls</div>
<div class="card"><div class="value" id="errors">${report.totals.errors}</div>files that did not parse</div>
</div>
<div class="progress" title="${pct(automatic)}% with an exact rewrite, ${pct(person)}% for a person"><div class="automatic" style="width:${pct(automatic)}%"></div><div class="person" style="width:${pct(person)}%"></div></div>
${notes.length > 0 ? `<p class="notes">${notes.map(esc).join('<br>')}</p>` : ''}
${options.campaign?.html ?? ''}
<h2>By reason</h2>
<div class="scroll"><table id="reasons"><thead><tr><th>reason</th><th>calls</th><th>what to do</th></tr></thead><tbody>
${reasonRows}
</tbody></table></div>
${owners === undefined ? '' : `<h2>By owner (${esc(options.ownersFrom ?? 'CODEOWNERS')})</h2>
<div class="scroll"><table id="owners"><thead><tr><th>owner</th><th>calls</th><th>for a person</th></tr></thead><tbody>
${ownerRows.join('\n')}
</tbody></table></div>`}
<h2>Deprecated calls by folder</h2>
<p class="notes"><svg width="10" height="10"><rect class="automatic" width="10" height="10"/></svg> with an exact rewrite &nbsp; <svg width="10" height="10"><rect class="person" width="10" height="10"/></svg> for a person</p>
${folders.length === 0 ? '<p>None.</p>' : chart}
<h2>Every call</h2>
<p class="notes">Choose a column's heading (click, or Tab to it and press Enter) to sort by it; again to reverse.</p>
<div class="scroll"><table id="sites"><thead><tr>${['location', ...(owners === undefined ? [] : ['owners']), 'client', 'outcome', 'migrate', 'reason', 'via'].map((h) => `<th><button type="button">${h}</button></th>`).join('')}</tr></thead><tbody>
${siteRows}
</tbody></table></div>
<script>
(function () {
  var table = document.getElementById('sites');
  var headers = table.tHead.rows[0].cells;
  function key(row, column) {
    var cell = row.cells[column];
    return cell.getAttribute('data-sort') || cell.textContent;
  }
  Array.prototype.forEach.call(headers, function (th, column) {
    // A button: focusable, and Enter or Space press it, so the keyboard sorts as the mouse does.
    th.querySelector('button').addEventListener('click', function () {
      var ascending = th.getAttribute('aria-sort') !== 'ascending';
      Array.prototype.forEach.call(headers, function (other) { other.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a, column), y = key(b, column);
        var order = x < y ? -1 : x > y ? 1 : Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index'));
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
})();
</script>
</body>
</html>
`;
}

interface OwnerCount {
  readonly owner: string;
  automatic: number;
  person: number;
}

/** Calls by owner (a call of two owners counts for each), most for a person first; calls no rule covers under "nobody". */
function byOwner(sites: readonly LocatedSite[], ownersOf: OwnersOf): OwnerCount[] {
  const map = new Map<string, OwnerCount>();
  for (const site of sites) {
    const owners = ownersOf(site.path);
    for (const owner of owners.length === 0 ? ['nobody'] : owners) {
      const entry = map.get(owner) ?? { owner, automatic: 0, person: 0 };
      if (needsPerson(site)) entry.person++;
      else entry.automatic++;
      map.set(owner, entry);
    }
  }
  return [...map.values()].sort((a, b) => b.person - a.person || b.automatic - a.automatic || a.owner.localeCompare(b.owner));
}

interface FolderCount {
  readonly folder: string;
  automatic: number;
  person: number;
}

/** How many folders the chart shows; the others are one bar. */
export const FOLDERS_SHOWN = 30;

/** Deprecated calls by the folder of their file, most first; past FOLDERS_SHOWN, the rest in one bar. */
function byFolder(sites: readonly LocatedSite[]): FolderCount[] {
  const all = countByFolder(sites);
  if (all.length <= FOLDERS_SHOWN) return all;
  const rest = all.slice(FOLDERS_SHOWN - 1);
  return [
    ...all.slice(0, FOLDERS_SHOWN - 1),
    {
      folder: `${rest.length} other folders`,
      automatic: rest.reduce((n, f) => n + f.automatic, 0),
      person: rest.reduce((n, f) => n + f.person, 0),
    },
  ];
}

function countByFolder(sites: readonly LocatedSite[]): FolderCount[] {
  const map = new Map<string, FolderCount>();
  for (const site of sites) {
    const slash = site.path.lastIndexOf('/');
    const folder = slash === -1 ? '.' : site.path.slice(0, slash);
    const entry = map.get(folder) ?? { folder, automatic: 0, person: 0 };
    if (needsPerson(site)) entry.person++;
    else entry.automatic++;
    map.set(folder, entry);
  }
  return [...map.values()].sort((a, b) => b.automatic + b.person - (a.automatic + a.person) || a.folder.localeCompare(b.folder));
}
