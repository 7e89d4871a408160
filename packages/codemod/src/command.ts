/**
 * The `app-assignment` command, run by `cli.ts` in its own process (and by the tests in theirs). Exit codes: 0 when no file errored, 1 when any did, 2 for a usage error (or a refusal
 * to overwrite uncommitted changes), 3 when the tool itself failed (an unexpected error: never "some file errored").
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
// Everything else is imported when a command needs it: --version loads no module of the toolkit, --help only the core.
import type { AnalysisOptions } from '@app-assignment/core';
import type { Shard } from './files.js';
import { sharedOptions, TREE_OPTIONS, UsageError } from './options.js';
import { emptyPathWarnings, FILE_BY_FILE, ignoredLines, skippedLines, TESTS_UNREAD, unreadLines } from './report/ignored.js';
import type { RunReport } from './run.js';

/** The exit code of a crash of the tool itself, distinct from 1 (some file errored) and 2 (usage). */
const EXIT_CRASH = 3;

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const help = (TODO_PREFIX: string) => `app-assignment ${version}
Moves code off the deprecated POST /platform/v1/apps/{id}/assign onto POST /v3/apps/app_assignments.

Usage:
  app-assignment migrate [paths...] [options]    (paths default to .)
  app-assignment scan [paths...] [options]       list the calls, write nothing
                                                 (see app-assignment scan --help)
  app-assignment ratchet [paths...] [options]    fail on a new call, call by call
                                                 (see app-assignment ratchet --help)
  app-assignment analyze [paths...] --out <plan.json>   migrate in phases:
  app-assignment merge <units...> --out <plan.json>     decide, join the shards,
  app-assignment apply <plan.json>                      write (see each --help)
  app-assignment campaign <manifest.json>        scan many repositories into one
                                                 inventory and a burndown
                                                 (see app-assignment campaign --help)

Every call that can be rewritten exactly is rewritten; every other call gets a
"// ${TODO_PREFIX} <reason>" line above it. Nothing else in a file changes.
The tests' mocks of the request (msw, nock, axios-mock-adapter, fetch-mock,
toHaveBeenCalledWith) follow their calls: rewritten when every call they stand
for is, else left with a TODO. Run over the code and its tests together.

Options:
  --dry              Write nothing; report what would change.
  --diff             Print a unified diff of every change.
  --json             Print the report as JSON on stdout (and nothing else there).
  --builtin <mode>   keep (default): calls with built_in "true" stay, with a TODO.
                     drop: migrate them without built_in, with a TODO to review.
  --tests <mode>     follow (default): a call and the tests' mocks that stand
                     for it are one group; a call whose mock cannot follow it
                     to v3 (a handler that reads the old request in a way v3
                     cannot answer) stays on the old route with it, and each
                     TODO names the other. Only the tests among the files
                     read are checked; read file by file, a test keeps the
                     calls of the modules it imports. ignore: the code moves
                     first; such a mock is left with a TODO, and its test fails
                     until it is rewritten.
  --config <file>    JSON file with extra clients and routes (the shape of the
                     ESLint rule's options): {"clients": [{"callee": "api.request",
                     "url": 0, "body": 1}], "routes": [...], "builtIn": "keep"}
  --jobs <n>         Worker processes for large runs (default and most: one
                     per core).
  --shard <i>/<n>    Process only the i-th of n deterministic slices of the files,
                     so that n CI jobs can share one large repository
                     (1 <= i <= n <= 10000).
  --no-project       Read each file alone. By default, when the current folder
                     (or the one folder given) has a tsconfig.json or
                     jsconfig.json, the files are read as one project: imports
                     of your own modules are followed (an axios instance, a URL
                     builder, a wrapper and its callers).
  --rollback         Undo a run that was interrupted while it wrote: restore the
                     files its journal (.app-assignment/journal.json) lists.
                     Without it, a run that finds such a journal completes it
                     first, and says so.
  --force            Write even where target files have uncommitted git changes,
                     or where git cannot tell (a repository of another user).
  --no-ignore        Read the files that .gitignore covers too.
  -h, --help         Show this help.
  -v, --version      Show the version.

Exit codes: 0 no file errored, 1 some file errored (it was left untouched) or
could not be parsed (nested too deeply: it is listed), 2 usage error or refusal to overwrite uncommitted changes, 3 the tool itself
failed (an unexpected error, with its stack: please report it).

Examples:
  app-assignment migrate src --dry --diff
  app-assignment migrate . --json > app-assignment-report.json
  app-assignment migrate --shard 2/8 --jobs 4
  grep -rn "${TODO_PREFIX}" src      # what is left to do by hand
`;


interface Cli {
  readonly paths: string[];
  readonly dry: boolean;
  readonly diff: boolean;
  readonly json: boolean;
  readonly force: boolean;
  readonly rollback: boolean;
  readonly noIgnore: boolean;
  /** Undefined: one per core. */
  readonly jobs?: number;
  readonly shard?: Shard;
  readonly project: boolean;
  readonly analysis: AnalysisOptions;
}

async function parse(argv: string[]): Promise<Cli | 'help' | 'version'> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        dry: { type: 'boolean', default: false },
        diff: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        rollback: { type: 'boolean', default: false },
        ...TREE_OPTIONS,
        shard: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values.version) return 'version';
  const [command, ...paths] = positionals;
  if (command === undefined) throw new UsageError('missing command: try "app-assignment migrate ." (see --help)');
  if (command !== 'migrate') throw new UsageError(`unknown command "${command}": the commands are "migrate", "scan", "ratchet", "analyze", "merge", "apply" and "campaign" (see --help)`);

  const shared = await sharedOptions(values);
  return {
    paths: paths.length === 0 ? ['.'] : paths,
    dry: values.dry,
    diff: values.diff,
    json: values.json,
    force: values.force,
    rollback: values.rollback,
    ...shared,
  };
}

function printSummary(report: RunReport, cli: Cli, out: (line: string) => void, TODO_PREFIX: string): void {
  const { totals } = report;
  out(
    `app-assignment: ${totals.files} files scanned, ${totals.changed} changed, ${totals.migrated} calls migrated, ` +
      `${totals.todos} TODOs left, ${totals.errors} errors${cli.dry ? ' (dry run: nothing written)' : ''}`,
  );
  if (totals.mocks !== undefined) {
    out(`mocks of the request in tests: ${totals.mocks.migrated} rewritten with their calls, ${totals.mocks.todos} with a TODO (listed below)`);
  }
  if (totals.groupsOutside !== undefined) {
    const [groups, reach] = totals.groupsOutside === 1 ? ['group', 'reaches'] : ['groups', 'reach'];
    out(`${totals.groupsOutside} ${groups} of rewrites (a wrapper with its callers) ${reach} files outside the paths given: left as they are, with TODOs that name those files; run over them together`);
  }
  if (report.mode.kind === 'project') {
    out(`read as one project (${report.mode.configs.join(', ')}): ${totals.callers} calls of wrappers, listed in --json with the requests they go through`);
  } else if (cli.project && totals.files > 0) {
    // Said, not silent: per-file mode sees no wrapper's callers in other files, so it migrates fewer calls.
    out(FILE_BY_FILE);
  }
  if (report.mode.kind === 'file' && report.mode.testsUnread === true && totals.migrated > 0 && cli.analysis.tests !== 'ignore') out(TESTS_UNREAD);
  const todos = report.files.flatMap((file) =>
    file.sites.filter((site) => site.reason !== undefined && site.withWrapper !== true)
      .map((site) => `  ${file.path}:${site.line}:${site.column}  ${site.reason}`),
  );
  if (todos.length > 0) {
    out(`TODOs left (search for "${TODO_PREFIX}"):`);
    todos.forEach((line) => out(line));
  }
  const errors = report.files.filter((file) => file.error !== undefined);
  if (errors.length > 0) {
    out('Errors (these files were left untouched):');
    errors.forEach((file) => out(`  ${file.error}`));
  }
  skippedLines(report.files).forEach(out);
  unreadLines(report.files).forEach(out);
  ignoredLines(report.ignored).forEach(out);
}

export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  const stdout = (line: string) => process.stdout.write(`${line}\n`);
  const stderr = (line: string) => process.stderr.write(`${line}\n`);
  if (argv[0] === 'scan') return (await import('./scan.js')).scanMain(argv.slice(1), cwd, version);
  if (argv[0] === 'ratchet') return (await import('./ratchet.js')).ratchetMain(argv.slice(1), cwd);
  if (argv[0] === 'analyze') return (await import('./phases.js')).analyzeMain(argv.slice(1), cwd, version);
  if (argv[0] === 'merge') return (await import('./phases.js')).mergeMain(argv.slice(1), cwd, version);
  if (argv[0] === 'apply') return (await import('./phases.js')).applyMain(argv.slice(1), cwd, version);
  if (argv[0] === 'campaign') return (await import('./campaign.js')).campaignMain(argv.slice(1), cwd, version);
  let cli: Cli | 'help' | 'version';
  try {
    cli = await parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr(`app-assignment: ${error.message}`);
    return 2;
  }
  if (cli === 'help') {
    const { TODO_PREFIX } = await import('@app-assignment/core');
    process.stdout.write(help(TODO_PREFIX));
    return 0;
  }
  if (cli === 'version') {
    stdout(version);
    return 0;
  }
  if (cli.rollback) {
    (await import('./journal.js')).rollbackRun(cwd).forEach(stdout);
    return 0;
  }

  const tty = process.stderr.isTTY === true && !cli.json;
  let lastDraw = 0;
  let report: RunReport;
  try {
    const { defaultJobs, runMigration } = await import('./run.js');
    report = await runMigration({
      paths: cli.paths,
      cwd,
      analysis: cli.analysis,
      dry: cli.dry,
      force: cli.force,
      noIgnore: cli.noIgnore,
      jobs: cli.jobs ?? defaultJobs(),
      project: cli.project,
      ...(cli.shard === undefined ? {} : { shard: cli.shard }),
      ...(tty
        ? {
            onProgress: (done: number, total: number, migrated: number) => {
              const now = Date.now();
              if (now - lastDraw < 80 && done !== total) return;
              lastDraw = now;
              process.stderr.write(`\r\x1b[Kmigrating: ${done}/${total} files, ${migrated} calls migrated`);
            },
          }
        : {}),
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') {
      stderr(`app-assignment: no such file or folder: ${relative(cwd, resolve(cwd, e.path ?? '')) || e.path}`);
      return 2;
    }
    throw error;
  } finally {
    if (tty) process.stderr.write('\r\x1b[K');
  }

  if (report.recovered !== undefined) (await import('./journal.js')).recoveryLines(report.recovered, report.root ?? cwd).forEach(stderr);
  report.notes?.forEach((note) => stderr(`app-assignment: ${note}`));
  if (report.refused !== undefined) {
    stderr('app-assignment: refusing to write: these files have uncommitted changes, or git ignores them (commit or stash them, or pass --force):');
    report.refused.forEach((file) => stderr(`  ${file}`));
    return 2;
  }
  emptyPathWarnings(report.empty).forEach(stderr);
  if (report.parserWarning !== undefined) stderr(report.parserWarning);
  if (cli.diff) {
    const { createTwoFilesPatch } = await import('diff');
    const write = cli.json ? stderr : stdout;
    for (const [file, { before, after }] of report.changes) {
      const name = relative(cwd, file);
      write(createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, { context: 3 }).replace(/\n$/, ''));
    }
  }
  if (cli.json) {
    const { parser, mode, files, totals, ignored } = report;
    stdout(JSON.stringify({ parser, mode, files, totals, ignored }, null, 2));
  } else {
    const { TODO_PREFIX } = await import('@app-assignment/core');
    printSummary(report, cli, stdout, TODO_PREFIX);
  }
  return report.totals.errors > 0 || report.totals.unparsable !== undefined ? 1 : 0;
}

/**
 * Runs the command to its exit code, as the binary does: a refusal is a usage exit with its message, any other error a
 * crash, each written to stderr.
 */
export async function runCommand(argv: string[], cwd = process.cwd()): Promise<number> {
  try {
    return await main(argv, cwd);
  } catch (error) {
    // A refusal is a decision left to the user, with what to do: not a crash.
    const { RunRefusal } = await import('./refusal.js');
    if (error instanceof RunRefusal) {
      process.stderr.write(`app-assignment: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`app-assignment: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    // Not 1: a crash is no verdict on the files, and CI must not read it as "some file errored".
    return EXIT_CRASH;
  }
}
