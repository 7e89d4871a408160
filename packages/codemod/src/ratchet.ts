/**
 * `app-assignment ratchet [paths]`: fails on a new deprecated call, call by call. ESLint's bulk suppressions count
 * violations per file and rule, so migrating one call and adding another in the same file keeps the count and hides
 * the new one (eslint/eslint#21226). The ratchet keeps a baseline of every call's fingerprint (the one `scan`'s SARIF
 * gives code scanning: the file and the call's own text, not its line) and compares the current calls with it.
 * Exit codes: 0 no new call (and the baseline is current), 1 a new call, a call of the baseline gone (migrated: write
 * the baseline again, so it only shrinks) or a file that did not parse, 2 a usage error.
 */
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sharedOptions, TREE_OPTIONS, UsageError } from './options.js';
import { FINGERPRINT_KEY, fingerprintsOf } from './report/fingerprint.js';
import { emptyPathWarnings } from './report/ignored.js';
import { defaultJobs, runMigration } from './run.js';
import { repositoryRoot, toPosix } from './git.js';

export const DEFAULT_BASELINE = 'app-assignment-baseline.json';

export const RATCHET_HELP = `Usage:
  app-assignment ratchet [paths...] --update     write the baseline
  app-assignment ratchet [--baseline <file>]     compare with it

Fails on a new call of the deprecated POST /platform/v1/apps/{id}/assign, call by
call: the baseline holds a fingerprint of every call (its file and its own text,
not its line), so a new call is found even where a call of the same file was
migrated in the same change (which ESLint's bulk suppressions, counting per file,
let through). Writes no source file.

Options:
  --baseline <file>  The baseline (default ${DEFAULT_BASELINE}).
  --update           Write the baseline from the calls there are now; commit it.
                     The paths are kept in it and used when none are given.
  --pass-on-gone     Pass when calls of the baseline are gone (migrated or
                     deleted) without writing the baseline again.
  --no-ignore, --no-project, --builtin, --tests, --config, --jobs
                     As for scan.
  -h, --help         Show this help.

Exit codes: 0 no new call; 1 a new call, a call of the baseline gone (run with
--update and commit the smaller baseline), or a file that could not be parsed;
2 usage error or no baseline.

Examples:
  app-assignment ratchet . --update && git add ${DEFAULT_BASELINE}
  app-assignment ratchet
`;

/** The baseline file: the paths it was written for and every call, in path and line order. */
export interface Baseline {
  readonly tool: 'app-assignment ratchet';
  readonly fingerprint: typeof FINGERPRINT_KEY;
  readonly paths: readonly string[];
  readonly calls: readonly BaselineCall[];
}

export interface BaselineCall {
  readonly path: string;
  /** Where the call was when the baseline was written; for people reading the file, never compared. */
  readonly line: number;
  readonly fingerprint: string;
}

/** A call now, with what the report says of it. */
export interface CurrentCall extends BaselineCall {
  readonly column: number;
  readonly reason?: string;
}

/** The comparison: calls not in the baseline, and calls of the baseline no longer there. */
export interface RatchetResult {
  readonly added: readonly CurrentCall[];
  readonly gone: readonly BaselineCall[];
}

/** Compares fingerprints; a fingerprint's occurrence number tells apart calls with the same text in one file. */
export function compare(baseline: readonly BaselineCall[], current: readonly CurrentCall[]): RatchetResult {
  const before = new Set(baseline.map((call) => call.fingerprint));
  const now = new Set(current.map((call) => call.fingerprint));
  return {
    added: current.filter((call) => !before.has(call.fingerprint)),
    gone: baseline.filter((call) => !now.has(call.fingerprint)),
  };
}

interface RatchetCli {
  readonly paths?: string[];
  readonly baseline: string;
  readonly update: boolean;
  readonly passOnGone: boolean;
  readonly shared: Awaited<ReturnType<typeof sharedOptions>>;
}

async function parse(argv: string[]): Promise<RatchetCli | 'help'> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        baseline: { type: 'string' },
        update: { type: 'boolean', default: false },
        'pass-on-gone': { type: 'boolean', default: false },
        ...TREE_OPTIONS,
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see app-assignment ratchet --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values.baseline === '') throw new UsageError(`--baseline needs a file name, such as --baseline ${DEFAULT_BASELINE}`);
  if (values.update && values['pass-on-gone']) throw new UsageError('--pass-on-gone is for a comparison; --update writes the baseline: keep one of them');
  return {
    ...(positionals.length === 0 ? {} : { paths: positionals }),
    baseline: values.baseline ?? DEFAULT_BASELINE,
    update: values.update,
    passOnGone: values['pass-on-gone'],
    shared: await sharedOptions(values),
  };
}

export function readBaseline(file: string): Baseline {
  let data: Partial<Baseline>;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as Partial<Baseline>;
  } catch (error) {
    throw new UsageError(`${file} is not a baseline (${(error as Error).message}): write it again with app-assignment ratchet --update`);
  }
  if (data.fingerprint !== FINGERPRINT_KEY || !Array.isArray(data.calls) || !Array.isArray(data.paths)) {
    throw new UsageError(`${file} is not a baseline of this version (fingerprint ${FINGERPRINT_KEY}): write it again with app-assignment ratchet --update`);
  }
  return data as Baseline;
}

/** Runs `app-assignment ratchet` with the arguments after `ratchet`; returns the exit code. */
export async function ratchetMain(argv: string[], cwd: string): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const stderr = (line: string) => process.stderr.write(`${line}\n`);
  let cli: RatchetCli | 'help';
  let baseline: Baseline | undefined;
  const file = (name: string) => resolve(cwd, name);
  try {
    cli = await parse(argv);
    if (cli !== 'help' && !cli.update) {
      if (!existsSync(file(cli.baseline))) {
        throw new UsageError(`no baseline at ${cli.baseline}: write it once on the main branch with app-assignment ratchet . --update, and commit it`);
      }
      baseline = readBaseline(file(cli.baseline));
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr(`app-assignment: ${error.message}`);
    return 2;
  }
  if (cli === 'help') {
    process.stdout.write(RATCHET_HELP);
    return 0;
  }
  const paths = cli.paths ?? (baseline === undefined ? ['.'] : baseline.paths.map((path) => path));
  let run;
  try {
    run = await runMigration({
      paths,
      cwd,
      analysis: cli.shared.analysis,
      dry: true,
      force: true,
      jobs: cli.shared.jobs ?? defaultJobs(),
      noIgnore: cli.shared.noIgnore,
      project: cli.shared.project,
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
  const current = currentCalls(run.files, cwd);
  // A file no parser could read safely (nested too deeply) hides its calls as a syntax error does.
  const errors = run.files.filter((f) => f.error !== undefined || f.unparsable === true)
    .map((f) => ({ ...f, error: f.error ?? `${f.path}: ${f.skipped ?? 'not parsed'}` }));

  if (cli.update) {
    if (errors.length > 0) {
      stderr('app-assignment: the baseline was not written: these files could not be parsed, and their calls would be missing from it:');
      errors.forEach((f) => stderr(`  ${f.error}`));
      return 1;
    }
    const written: Baseline = {
      tool: 'app-assignment ratchet',
      fingerprint: FINGERPRINT_KEY,
      paths,
      calls: current.map(({ path, line, fingerprint }) => ({ path, line, fingerprint })),
    };
    writeFileSync(file(cli.baseline), `${JSON.stringify(written, null, 2)}\n`);
    out(`app-assignment ratchet: baseline written to ${cli.baseline}: ${current.length} deprecated calls in ${new Set(current.map((c) => c.path)).size} files. Commit it.`);
    return 0;
  }

  const { added, gone } = compare(baseline!.calls, current);
  out(`app-assignment ratchet: ${current.length} deprecated calls, ${baseline!.calls.length} in the baseline: ${added.length} new, ${gone.length} gone.`);
  if (added.length > 0) {
    out('New deprecated calls (migrate them with app-assignment migrate, or call POST /v3/apps/app_assignments):');
    added.forEach((call) => out(`  ${call.path}:${call.line}:${call.column}  ${call.reason ?? 'app-assignment migrate rewrites it exactly'}`));
  }
  if (gone.length > 0) {
    out(`Calls of the baseline that are gone (migrated or deleted)${cli.passOnGone ? '' : ': write the baseline again (app-assignment ratchet --update) and commit it, so it only shrinks'}:`);
    gone.forEach((call) => out(`  ${call.path} (line ${call.line} when the baseline was written)`));
  }
  if (errors.length > 0) {
    out('Files that could not be parsed (their calls cannot be compared):');
    errors.forEach((f) => out(`  ${f.error}`));
  }
  return added.length > 0 || errors.length > 0 || (gone.length > 0 && !cli.passOnGone) ? 1 : 0;
}

/** Every deprecated call of the run (wrapper callers too, not the tests' mocks), with its fingerprint, in file order. */
export function currentCalls(files: Awaited<ReturnType<typeof runMigration>>['files'], cwd: string): CurrentCall[] {
  const root = repositoryRoot(cwd);
  const real = realpathSync(cwd);
  // Paths from the repository root, as code scanning has them: the baseline holds from any folder of the checkout.
  const fromRoot = (path: string) => toPosix(relative(root, isAbsolute(path) ? path : resolve(real, path)));
  const sites = files
    .flatMap((f) => f.sites.filter((s) => s.kind !== 'mock').map((s) => ({ ...s, path: fromRoot(f.path) })))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column));
  const textOf = (path: string) => {
    try {
      return readFileSync(resolve(root, path), 'utf8');
    } catch {
      return undefined;
    }
  };
  const fingerprints = fingerprintsOf(sites, textOf);
  return sites.map((site, index) => ({
    path: site.path,
    line: site.line,
    column: site.column,
    fingerprint: fingerprints[index]!,
    ...(site.reason === undefined ? {} : { reason: site.reason }),
  }));
}
