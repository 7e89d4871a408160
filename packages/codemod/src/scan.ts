/**
 * `app-assignment scan [paths]`: the inventory of deprecated calls, without writing anything. It runs the migration
 * in dry mode and reports every site in one of five formats: a text table (default), JSON (the site shape of
 * `migrate --json`), SARIF 2.1.0 for code scanning, Markdown for a CI job summary, and a self-contained HTML page.
 * Exit codes: 0 the scan ran (whatever it found), 1 a file could not be read or parsed, 2 a usage error, 3 a crash.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import type { Baseline } from './ratchet.js';
import { isAbsolute, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AnalysisOptions } from '@app-assignment/core';
import { outputProblem, sharedOptions, TREE_OPTIONS, UsageError } from './options.js';
import type { Shard } from './files.js';
import { repositoryRoot, toPosix } from './git.js';
import { emptyPathWarnings, FILE_BY_FILE } from './report/ignored.js';
import { rebase, type ScanReport } from './report/model.js';
import { defaultJobs, runMigration } from './run.js';

export const FORMATS = ['text', 'json', 'sarif', 'markdown', 'html'] as const;
export type Format = (typeof FORMATS)[number];

export const SCAN_HELP = `Usage:
  app-assignment scan [paths...] [options]    (paths default to .)

Lists every call of the deprecated POST /platform/v1/apps/{id}/assign, with what
"app-assignment migrate" would do to it and why. Writes no source file.

Options:
  --format <f>       text (default): a table. json: the report of migrate --json.
                     sarif: SARIF 2.1.0 for code scanning. markdown: a summary
                     for $GITHUB_STEP_SUMMARY or a pull request comment.
                     html: a page for people (needs --out).
  --json             The same as --format json.
  --out <file>       Write the report to this file instead of stdout (its
                     folder must exist and be writable: checked first).
  --link-base <url>  Markdown: prefix of the links to sites, such as
                     https://github.com/OWNER/REPO/blob/SHA/ (default: relative links).
  --link <template>  HTML: the link of each site, with {path}, {line} and {column}
                     filled in, such as
                     https://github.com/OWNER/REPO/blob/SHA/{path}#L{line}
  --baseline <file>  HTML: the ratchet's baseline (app-assignment ratchet --update);
                     the page counts the calls migrated since.
  --no-ignore        Read the files that .gitignore covers too.
  --no-project       Read each file alone. By default, when the current folder
                     has a tsconfig.json or jsconfig.json, the files are read as
                     one project (imports of your own modules followed, calls of
                     wrappers listed with the wrapper they go through).
  --builtin <mode>   keep (default) or drop, as for migrate.
  --tests <mode>     follow (default) or ignore, as for migrate.
  --config <file>    Extra clients and routes, as for migrate.
  --jobs <n>         Worker processes (default and most: one per core).
  --shard <i>/<n>    Only the i-th of n slices of the files, as for migrate
                     (1 <= i <= n <= 10000).
  -h, --help         Show this help.

Exit codes: 0 the scan ran, whatever it found; 1 a file could not be read or
parsed (it is listed); 2 usage error; 3 the tool itself failed (an unexpected
error, with its stack: please report it).

Examples:
  app-assignment scan src
  app-assignment scan --format sarif --out app-assignment.sarif
  app-assignment scan --format markdown >> "$GITHUB_STEP_SUMMARY"
  app-assignment scan --format html --out app-assignment.html
`;


interface ScanCli {
  readonly paths: string[];
  readonly format: Format;
  readonly out?: string;
  readonly linkBase?: string;
  readonly link?: string;
  readonly baseline?: string;
  readonly noIgnore: boolean;
  readonly project: boolean;
  readonly jobs: number;
  readonly shard?: Shard;
  readonly analysis: AnalysisOptions;
}

async function parse(argv: string[]): Promise<ScanCli | 'help'> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string' },
        json: { type: 'boolean', default: false },
        out: { type: 'string' },
        'link-base': { type: 'string' },
        link: { type: 'string' },
        baseline: { type: 'string' },
        ...TREE_OPTIONS,
        shard: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see app-assignment scan --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values.format !== undefined && !(FORMATS as readonly string[]).includes(values.format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${values.format}"`);
  }
  if (values.json && values.format !== undefined && values.format !== 'json') {
    throw new UsageError(`--json is --format json; it cannot go with --format ${values.format}: keep one of them`);
  }
  const format = (values.json ? 'json' : (values.format ?? 'text')) as Format;
  if (format === 'html' && values.out === undefined) {
    throw new UsageError('--format html writes a page: name its file with --out, such as --out app-assignment.html');
  }
  if (values.out === '') throw new UsageError('--out needs a file name, such as --out report.sarif');
  if (values['link-base'] !== undefined && format !== 'markdown') {
    throw new UsageError('--link-base is for --format markdown only');
  }
  for (const option of ['link', 'baseline'] as const) {
    if (values[option] !== undefined && format !== 'html') throw new UsageError(`--${option} is for --format html only`);
  }
  if (values.link !== undefined && !values.link.includes('{path}')) {
    throw new UsageError(`--link needs {path} in its template, such as https://github.com/OWNER/REPO/blob/SHA/{path}#L{line}, not "${values.link}"`);
  }
  const shared = await sharedOptions(values);
  return {
    paths: positionals.length === 0 ? ['.'] : positionals,
    format,
    ...(values.out === undefined ? {} : { out: values.out }),
    ...(values['link-base'] === undefined ? {} : { linkBase: values['link-base'] }),
    ...(values.link === undefined ? {} : { link: values.link }),
    ...(values.baseline === undefined ? {} : { baseline: values.baseline }),
    ...shared,
    jobs: shared.jobs ?? defaultJobs(),
  };
}

/** Runs `app-assignment scan` with the arguments after `scan`; returns the exit code. */
export async function scanMain(argv: string[], cwd: string, version: string): Promise<number> {
  const stderr = (line: string) => process.stderr.write(`${line}\n`);
  let cli: ScanCli | 'help';
  let baseline: Baseline | undefined;
  try {
    cli = await parse(argv);
    if (cli !== 'help' && cli.baseline !== undefined) {
      const file = resolve(cwd, cli.baseline);
      if (!existsSync(file)) throw new UsageError(`--baseline: no such file: ${cli.baseline} (write it with app-assignment ratchet . --update)`);
      baseline = (await import('./ratchet.js')).readBaseline(file);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr(`app-assignment: ${error.message}`);
    return 2;
  }
  if (cli === 'help') {
    process.stdout.write(SCAN_HELP);
    return 0;
  }
  const outProblem = cli.out === undefined ? undefined : outputProblem(resolve(cwd, cli.out));
  if (outProblem !== undefined) {
    stderr(`app-assignment: --out ${cli.out}: ${outProblem}`);
    return 2;
  }
  let run;
  try {
    run = await runMigration({
      paths: cli.paths,
      cwd,
      analysis: cli.analysis,
      dry: true,
      force: true,
      jobs: cli.jobs,
      noIgnore: cli.noIgnore,
      project: cli.project,
      ...(cli.shard === undefined ? {} : { shard: cli.shard }),
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') {
      stderr(`app-assignment: no such file or folder: ${relative(cwd, resolve(cwd, e.path ?? '')) || e.path}`);
      return 2;
    }
    throw error;
  }
  emptyPathWarnings(run.empty).forEach(stderr);
  if (cli.project && run.mode.kind === 'file' && run.totals.files > 0) stderr(`app-assignment: ${FILE_BY_FILE}`);
  const report: ScanReport = { files: run.files, totals: run.totals, ignored: run.ignored };
  const output = await render(cli, report, cwd, version, baseline);
  if (cli.out === undefined) process.stdout.write(output);
  else {
    writeFileSync(resolve(cwd, cli.out), output);
    if (cli.format !== 'json') stderr(`app-assignment: ${cli.format} report written to ${cli.out}`);
  }
  return report.totals.errors > 0 || report.totals.unparsable !== undefined ? 1 : 0;
}

async function render(cli: ScanCli, report: ScanReport, cwd: string, version: string, baseline?: Baseline): Promise<string> {
  if (cli.format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (cli.format === 'text') return (await import('./report/text.js')).toText(report);
  // Code scanning, links and pages speak of paths from the repository root.
  const root = repositoryRoot(cwd);
  const real = realpathSync(cwd);
  const fromRoot = rebase(report, (path) => toPosix(relative(root, isAbsolute(path) ? path : resolve(real, path))));
  const textOf = (path: string) => {
    try {
      return readFileSync(resolve(root, path), 'utf8');
    } catch {
      return undefined;
    }
  };
  if (cli.format === 'sarif') {
    const { toSarif } = await import('./report/sarif.js');
    return `${JSON.stringify(toSarif({ report: fromRoot, version, root, textOf }), null, 2)}\n`;
  }
  if (cli.format === 'markdown') {
    const { toMarkdown } = await import('./report/markdown.js');
    return toMarkdown(fromRoot, { linkBase: cli.linkBase ?? '' });
  }
  const { toHtml } = await import('./report/html.js');
  const { readCodeowners } = await import('./report/codeowners.js');
  const ownersOf = readCodeowners(root);
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' });
  const template = cli.link;
  let since;
  if (cli.baseline !== undefined && baseline !== undefined) {
    const { compare, currentCalls } = await import('./ratchet.js');
    const { added, gone } = compare(baseline.calls, currentCalls(report.files, cwd));
    since = { file: cli.baseline, baseline: baseline.calls.length, gone: gone.length, added: added.length };
  }
  return toHtml(fromRoot, {
    version,
    made: { date: new Date().toISOString(), ...(commit.status === 0 ? { commit: commit.stdout.trim() } : {}) },
    ...(ownersOf === undefined ? {} : { ownersOf }),
    ...(template === undefined ? {} : { linkOf: (site: { path: string; line: number; column: number }) => fillLink(template, site) }),
    ...(since === undefined ? {} : { since }),
  });
}

/** `--link`'s template with a site's path (each segment URI-encoded), line and column. */
export function fillLink(template: string, site: { readonly path: string; readonly line: number; readonly column: number }): string {
  return template
    .replace(/\{path\}/g, site.path.split('/').map(encodeURIComponent).join('/'))
    .replace(/\{line\}/g, String(site.line))
    .replace(/\{column\}/g, String(site.column));
}
