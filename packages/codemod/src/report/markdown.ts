/**
 * `scan --format markdown`: a summary for `$GITHUB_STEP_SUMMARY` or a pull request comment. Totals, a table by
 * reason with what to do, then for each reason its first sites as links and the rest folded in `<details>`.
 */
import { DEPRECATED_ASSIGN, TODO_PREFIX, V3_ASSIGN } from '@app-assignment/core';
import { AUTOMATIC, groupByReason, type LocatedSite, mocksLine, needsPerson, sitesOf, where } from './catalogue.js';
import { ignoredLines, skippedLines, unreadLines } from './ignored.js';
import type { ScanReport } from './model.js';

/** How many sites each reason lists before the rest go into `<details>`. */
export const SITES_SHOWN = 5;

export interface MarkdownOptions {
  /** Prefix of the links to files, such as `https://github.com/OWNER/REPO/blob/SHA/`; empty for relative links. */
  readonly linkBase: string;
  /** The link of a site where it is not `linkBase` and the path (a campaign's sites, each in its repository). */
  readonly linkOf?: (site: { readonly path: string; readonly line: number }) => string | undefined;
}

export function toMarkdown(report: ScanReport, options: MarkdownOptions): string {
  const all = sitesOf(report.files);
  // The calls; the tests' mocks get one line of their own.
  const sites = all.filter((site) => site.kind !== 'mock');
  const forPerson = sites.filter(needsPerson).length;
  const files = new Set(sites.map((s) => s.path)).size;
  const { totals } = report;
  const out: string[] = [`## app-assignment: calls of the deprecated \`${DEPRECATED_ASSIGN.method} ${DEPRECATED_ASSIGN.route}\``, ''];
  if (sites.length === 0) {
    out.push(`No deprecated call left in ${totals.files} files scanned. Everything uses \`${V3_ASSIGN.method} ${V3_ASSIGN.path}\`.`);
  } else {
    out.push(
      `**${sites.length}** deprecated calls in ${files} of ${totals.files} files scanned: ` +
        `**${sites.length - forPerson}** with an exact rewrite (\`app-assignment migrate\` does them), ` +
        `**${forPerson}** for a person (each gets a \`${TODO_PREFIX}\` comment saying why).`,
    );
  }
  if (totals.errors > 0) out.push('', `**${totals.errors}** files could not be parsed: ${report.files.filter((f) => f.error !== undefined).map((f) => `\`${f.error}\``).join(', ')}`);
  const mocks = mocksLine(all);
  if (mocks !== undefined) out.push('', escape(mocks));
  const skipped = skippedLines(report.files);
  if (skipped.length > 0) out.push('', escape(skipped[0]!), '', ...skipped.slice(1).map((line) => `- ${escape(line.trim())}`));
  const unread = unreadLines(report.files);
  if (unread.length > 0) out.push('', escape(unread[0]!), '', ...unread.slice(1).map((line) => `- ${escape(line.trim())}`));
  const ignored = ignoredLines(report.ignored);
  if (ignored.length > 0) out.push('', ...ignored.map((line) => `_${escape(line)}_`));
  if (sites.length === 0) return `${out.join('\n')}\n`;

  const groups = groupByReason(sites);
  out.push('', '| reason | calls | what to do |', '|---|---:|---|');
  for (const group of groups) out.push(`| ${escape(group.title)} | ${group.sites.length} | ${escape(group.whatToDo)} |`);
  if (groups.some((g) => g.code !== AUTOMATIC) && sites.some((s) => s.reasons.length > 1)) {
    out.push('', '_A call with several reasons counts under each of them._');
  }
  for (const group of groups) {
    out.push('', `### ${escape(group.title)} (${group.sites.length})`, '');
    const shown = group.sites.slice(0, SITES_SHOWN);
    const rest = group.sites.slice(SITES_SHOWN);
    shown.forEach((site) => out.push(item(site, options)));
    if (rest.length > 0) {
      out.push('', `<details><summary>${rest.length} more</summary>`, '');
      rest.forEach((site) => out.push(item(site, options)));
      out.push('', '</details>');
    }
  }
  return `${out.join('\n')}\n`;
}

function item(site: LocatedSite, options: MarkdownOptions): string {
  const link = options.linkOf?.(site) ?? `${options.linkBase}${encodeURI(site.path)}#L${site.line}`;
  const via = site.via.length > 0 ? `, via ${site.via.map((v) => `\`${v.path}:${v.line}\``).join(' → ')}` : '';
  return `- [\`${where(site)}\`](${link}) ${site.client}, ${site.outcome}${site.migrated ? ' (migrate rewrites it)' : ''}${via}`;
}

/** Text in a table cell or a heading: pipes and the characters Markdown would read as markup. */
function escape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/([*_`<>[\]])/g, '\\$1');
}
