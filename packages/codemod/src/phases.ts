/**
 * `app-assignment analyze`, `merge` and `apply`: `migrate` in three phases over a plan file (plan.ts), so that the
 * analysis can run in the jobs of a CI matrix (`analyze --shard i/n`), one job joins their units (`merge`), and the
 * writing happens later, elsewhere, or sliced again (`apply --shard i/n`). `migrate` is the same three phases in one
 * process; the files they write are the same, byte for byte.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { Shard } from './files.js';
import { repositoryRoot, uncommittedFiles } from './git.js';
import { CODEOWNERS_PLACES, readCodeowners } from './report/codeowners.js';
import { openSession, recoveryLines, writeChanges } from './journal.js';
import { outputProblem, sharedOptions, TREE_OPTIONS, UsageError } from './options.js';
import { mergePlans, NOBODY, type Plan, PlanError, planChanges, planFilesOfOwner, planFilesOfShard, planOf, planOwners, readPlan } from './plan.js';
import { emptyPathWarnings, FILE_BY_FILE } from './report/ignored.js';
import { defaultJobs, runMigration } from './run.js';
import { writeFileAtomic } from './write.js';

export const ANALYZE_HELP = `Usage:
  app-assignment analyze [paths...] --out <plan.json> [options]

Decides what "app-assignment migrate" would write, and writes it to a plan file
instead of the sources: each file's edits with a hash of the text they were
made on, the files that must be written together, and the report of scan --json.
Apply it with "app-assignment apply <plan.json>".

With --shard i/n, writes the unit of the i-th of n slices: run one job per
slice (a CI matrix), then "app-assignment merge <units...> --out plan.json".

Options:
  --out <file>       The plan file to write (required).
  --shard <i>/<n>    Only the i-th of n slices of the files, as for migrate.
  --no-project, --no-ignore, --builtin, --tests, --config, --jobs: as for migrate.
  -h, --help         Show this help.

Exit codes: 0 the plan was written; 1 a file could not be read or parsed (it is
listed; the plan leaves it as it is); 2 usage error; 3 the tool itself failed.

Examples:
  app-assignment analyze . --out plan.json && app-assignment apply plan.json
  app-assignment analyze . --shard 2/4 --out units/2.json
`;

export const MERGE_HELP = `Usage:
  app-assignment merge <units...|folder> --out <plan.json>

Joins the units of a sharded analysis (every "analyze --shard i/n" of one n)
into one plan. Refuses units of different options or trees, a missing or a
repeated shard, or a file planned differently by two units.

Options:
  --out <file>       The plan file to write (required).
  -h, --help         Show this help.

Exit codes: 0 merged; 2 usage error or units that do not make one plan.

Example:
  app-assignment merge units/ --out plan.json
`;

export const APPLY_HELP = `Usage:
  app-assignment apply <plan.json> [options]

Writes what the plan says, in the folder it was made in. Each file must still
hold the text the plan was made on: a file changed since is not written, and
neither is any file whose changes go with it (a wrapper and its callers, a call
and its mocks); every other file is. A file the plan's decisions read that was
added, changed or removed since (a new caller of a wrapper, a test that asserts
the old URL) holds back the groups it may bear on the same way. Writes are
atomic and journaled, as for migrate.

Options:
  --shard <i>/<n>    Write only the i-th of n slices (whole groups, as migrate
                     --shard does).
  --owner <owner>    Write only what one owner answers for, by the repository's
                     CODEOWNERS (.github/CODEOWNERS, CODEOWNERS or
                     docs/CODEOWNERS at its root): a group of files written
                     together goes whole to the owners of its first file;
                     "nobody" is what CODEOWNERS gives no one. For one pull
                     request per owner.
  --owners           Write nothing; print the owners of the plan's changes as
                     a JSON array (one line, for a CI matrix). With --json,
                     each owner's files, and the groups that also reach files
                     of other owners.
  --force            Write even where files have uncommitted git changes.
  --json             Print what was written and refused as JSON.
  -h, --help         Show this help.

Exit codes: 0 every file of the plan (or the shard, or the owner's part) was
written; 1 some file was refused (it, or a file the plan read, changed since
the plan was made: analyze again); 2 usage error, a plan file that cannot
be used, an owner the plan has nothing for, or uncommitted changes (without
--force).

Examples:
  app-assignment apply plan.json
  app-assignment apply plan.json --shard 1/3
  app-assignment apply plan.json --owners          # ["@org/billing","@org/web"]
  app-assignment apply plan.json --owner @org/web
`;

/** A plan file, written whole or not at all. */
function writePlan(path: string, plan: Plan): void {
  writeFileAtomic(path, `${JSON.stringify(plan, null, 2)}\n`);
}

const stderr = (line: string) => process.stderr.write(`${line}\n`);
const stdout = (line: string) => process.stdout.write(`${line}\n`);

type Values = Record<string, string | boolean | undefined>;

function parsed(argv: string[], command: string, options: NonNullable<Parameters<typeof parseArgs>[0]>['options']): { values: Values; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h', default: false } } });
    return { values, positionals };
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see app-assignment ${command} --help)`);
  }
}

function outPath(out: unknown, cwd: string): string {
  if (typeof out !== 'string' || out === '') throw new UsageError('--out <file> is required: name the plan file to write, such as --out plan.json');
  const path = resolve(cwd, out);
  const problem = outputProblem(path);
  if (problem !== undefined) throw new UsageError(`--out ${out}: ${problem}`);
  return path;
}

/** Runs a phase's main, mapping a usage error or an unusable plan to exit code 2 with its message. */
async function guarded(run: () => Promise<number> | number): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof PlanError)) throw error;
    stderr(`app-assignment: ${error.message}`);
    return 2;
  }
}

/** `app-assignment analyze`. */
export function analyzeMain(argv: string[], cwd: string, version: string): Promise<number> {
  return guarded(async () => {
    const { values, positionals } = parsed(argv, 'analyze', { out: { type: 'string' }, ...TREE_OPTIONS, shard: { type: 'string' } });
    if (values.help === true) {
      process.stdout.write(ANALYZE_HELP);
      return 0;
    }
    const out = outPath(values.out, cwd);
    const shared = await sharedOptions(values);
    const paths = positionals.length === 0 ? ['.'] : positionals;
    const report = await runMigration({
      paths, cwd, analysis: shared.analysis, dry: true, force: true, jobs: shared.jobs ?? defaultJobs(), noIgnore: shared.noIgnore, recordInputs: true,
      project: shared.project, ...(shared.shard === undefined ? {} : { shard: shared.shard }),
    });
    emptyPathWarnings(report.empty).forEach(stderr);
    if (shared.project && report.mode.kind === 'file' && report.totals.files > 0) stderr(`app-assignment: ${FILE_BY_FILE}`);
    const plan = planOf(report, { cwd, tool: version, paths, project: shared.project, analysis: shared.analysis, noIgnore: shared.noIgnore, ...(shared.shard === undefined ? {} : { shard: shared.shard }) });
    writePlan(out, plan);
    const { totals } = plan.report;
    stdout(`app-assignment: ${totals.files} files analyzed${plan.shards.length > 0 ? ` (shard ${plan.shards[0]})` : ''}: ${plan.files.length} to change ` +
      `(${totals.migrated} calls migrated, ${totals.todos} TODOs), ${plan.groups.length} ${plan.groups.length === 1 ? 'group' : 'groups'} of files written together, ` +
      `${totals.errors} errors; plan written to ${relative(cwd, out) || out}`);
    return totals.errors > 0 || totals.unparsable !== undefined ? 1 : 0;
  });
}

/** The plan files `merge` is given: files, and the `.json` files of folders. */
function unitFiles(positionals: readonly string[], cwd: string): string[] {
  return positionals.flatMap((given) => {
    const path = resolve(cwd, given);
    let folder: boolean;
    try {
      folder = statSync(path).isDirectory();
    } catch {
      throw new UsageError(`no such unit file or folder: ${given}`);
    }
    return folder ? readdirSync(path).filter((name) => name.endsWith('.json')).sort().map((name) => join(path, name)) : [path];
  });
}

/** `app-assignment merge`. */
export function mergeMain(argv: string[], cwd: string, version: string): Promise<number> {
  return guarded(() => {
    const { values, positionals } = parsed(argv, 'merge', { out: { type: 'string' } });
    if (values.help === true) {
      process.stdout.write(MERGE_HELP);
      return 0;
    }
    if (positionals.length === 0) throw new UsageError('give the units to merge: the files analyze --shard wrote, or their folder (see app-assignment merge --help)');
    const out = outPath(values.out, cwd);
    const files = unitFiles(positionals, cwd).filter((file) => file !== out);
    const plan = mergePlans(files.map((file) => ({ name: relative(cwd, file) || file, plan: readPlan(file, version) })));
    writePlan(out, plan);
    stdout(`app-assignment: ${files.length} units merged (shards ${plan.shards.join(', ') || 'none'}): ${plan.files.length} files to change, ` +
      `${plan.report.totals.migrated} calls migrated, ${plan.report.totals.todos} TODOs; plan written to ${relative(cwd, out) || out}`);
    return 0;
  });
}

interface Applied {
  readonly written: readonly string[];
  readonly refused: readonly { readonly path: string; readonly reason: string }[];
}

/**
 * The owner key of each path of a plan made in `cwd`, by the CODEOWNERS of the repository's root (paths are matched
 * from that root); undefined when the repository has none.
 */
export function codeownersKeys(cwd: string): ((path: string) => string) | undefined {
  const root = repositoryRoot(cwd);
  const ownersOf = readCodeowners(root);
  if (ownersOf === undefined) return undefined;
  return (path) => {
    const owners = ownersOf(relative(root, resolve(cwd, path)).split(sep).join('/'));
    return owners.length === 0 ? NOBODY : owners.join(' ');
  };
}

/**
 * Writes a plan (or one shard of it, or one owner's part: `owner` with the key of each path) in `cwd`, through the
 * journal, holding back the group of every stale file.
 */
export async function applyPlan(
  plan: Plan,
  cwd: string,
  options: { readonly shard?: Shard; readonly owner?: { readonly key: string; readonly of: (path: string) => string }; readonly force?: boolean } = {},
): Promise<Applied | { readonly dirty: readonly string[] }> {
  const display = (file: string) => relative(cwd, file).split(sep).join('/') || file;
  const files = options.owner === undefined ? planFilesOfShard(plan, options.shard) : planFilesOfOwner(plan, options.owner.of, options.owner.key);
  const { changes, stale } = planChanges(plan, files, cwd);
  if (options.force !== true) {
    const dirty = uncommittedFiles([...changes.keys()]);
    if (dirty.length > 0) return { dirty: dirty.map(display) };
  }
  const session = openSession(cwd);
  try {
    if (session.recovered !== undefined) recoveryLines(session.recovered, session.root).forEach(stderr);
    // A stale file goes to the writer as one that no longer holds its text: it is refused there with its group.
    const all = new Map(changes);
    for (const path of stale.keys()) all.set(path, { before: '\u0000', after: '' });
    const groups = plan.groups.map((group) => group.map((path) => resolve(cwd, path)));
    const outcome = await writeChanges(all, session, groups, display);
    const refused = [...outcome.notWritten].map(([path, reason]) => ({ path: display(path), reason: stale.get(path) ?? reason }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
    if (outcome.journalKept !== undefined) stderr(`app-assignment: ${outcome.journalKept}`);
    return { written: [...all.keys()].filter((path) => !outcome.notWritten.has(path)).map(display).sort(), refused };
  } finally {
    session.close();
  }
}

/** `app-assignment apply`. */
export function applyMain(argv: string[], cwd: string, version: string): Promise<number> {
  return guarded(async () => {
    const { values, positionals } = parsed(argv, 'apply', {
      shard: { type: 'string' }, owner: { type: 'string' }, owners: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false }, json: { type: 'boolean', default: false },
    });
    if (values.help === true) {
      process.stdout.write(APPLY_HELP);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('give one plan file: app-assignment apply plan.json (see app-assignment apply --help)');
    const choosers = [values.shard !== undefined && '--shard', values.owner !== undefined && '--owner', values.owners === true && '--owners'].filter((name) => name !== false);
    if (choosers.length > 1) throw new UsageError(`${choosers.join(' and ')} choose the part of the plan each in its own way: give one of them (see app-assignment apply --help)`);
    if (values.owner === '') throw new UsageError('--owner needs an owner as CODEOWNERS writes it, such as --owner @org/web (app-assignment apply plan.json --owners lists them)');
    const { shard } = await sharedOptions({ shard: values.shard as string | undefined });
    const plan = readPlan(resolve(cwd, positionals[0]!), version);
    let owner: { key: string; of: (path: string) => string } | undefined;
    if (values.owner !== undefined || values.owners === true) {
      const of = codeownersKeys(cwd);
      if (of === undefined) {
        throw new UsageError(`${values.owners === true ? '--owners' : '--owner'} reads the repository's CODEOWNERS, and ${repositoryRoot(cwd)} has none ` +
          `(looked for ${CODEOWNERS_PLACES.join(', ')}): add one, or write the plan whole or by --shard`);
      }
      const owners = planOwners(plan, of);
      if (values.owners === true) {
        stdout(values.json === true ? JSON.stringify(owners, null, 2) : JSON.stringify(owners.map((entry) => entry.owner)));
        return 0;
      }
      const key = values.owner as string;
      if (!owners.some((entry) => entry.owner === key)) {
        throw new UsageError(`the plan changes nothing that ${key} owns: its owners are ${owners.map((entry) => entry.owner).join(', ') || 'none (it changes no file)'} ` +
          '(app-assignment apply plan.json --owners lists them; owners are written as in CODEOWNERS)');
      }
      owner = { key, of };
    }
    const applied = await applyPlan(plan, cwd, { ...(shard === undefined ? {} : { shard }), ...(owner === undefined ? {} : { owner }), force: values.force === true });
    if ('dirty' in applied) {
      stderr('app-assignment: refusing to write: these files have uncommitted changes, or git ignores them (commit or stash them, or pass --force):');
      applied.dirty.forEach((file) => stderr(`  ${file}`));
      return 2;
    }
    if (values.json === true) stdout(JSON.stringify(applied, null, 2));
    else {
      const part = shard !== undefined ? ` (shard ${shard.index}/${shard.count})` : owner !== undefined ? ` (owner ${owner.key})` : '';
      stdout(`app-assignment: ${applied.written.length} files written${part}, ${applied.refused.length} refused`);
      if (applied.refused.length > 0) {
        stdout('Refused (left as they are):');
        applied.refused.forEach(({ path, reason }) => stdout(`  ${path}: ${reason}`));
      }
    }
    return applied.refused.length > 0 ? 1 : 0;
  });
}
