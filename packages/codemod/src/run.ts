/**
 * What `app-assignment migrate` does over a tree: collect files, skip those that cannot hold the call with a
 * substring test, migrate the rest (in worker processes for large runs), refuse to overwrite uncommitted work, write
 * atomically, and report every call: migrated, or left with a TODO and why.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnalysisOptions, mayContainAssignCall, mayContainMock, mayMentionRequest } from '@app-assignment/core';
import { componentKindOf, componentScripts, type UnreadPart } from '@app-assignment/core/components';
import { collect, type Collected, SOURCE_FILE, type Shard, shardOf } from './files.js';
import { mocksElsewhere, type MockElsewhere } from './file-mode-mocks.js';
import { uncommittedFiles } from './git.js';
import { migrateText, type SiteReport, SourceSyntaxError } from './migrate.js';
import { nestingFailure, type ParserName, parserInUse } from './parse.js';
import { readSource, unreadTypeReason } from './read.js';
import { mayBeProject, migrateProject, projectRootFor } from './project-run.js';
import { openSession, type Recovery, type Session, sha256, writeChanges } from './journal.js';

export interface RunOptions {
  readonly paths: readonly string[];
  readonly cwd: string;
  readonly analysis: AnalysisOptions;
  readonly dry: boolean;
  readonly force: boolean;
  readonly jobs: number;
  readonly shard?: Shard;
  /**
   * Analyse the files as one project when the folder the run starts in has a tsconfig.json or jsconfig.json (imports
   * of the program's own modules followed, wrappers migrated with their callers). Default true; false reads each
   * file alone.
   */
  readonly project?: boolean;
  /** Read the files that `.gitignore` covers too. */
  readonly noIgnore?: boolean;
  /** Record the hash of every file the run reads (`RunReport.inputs`), for a plan. */
  readonly recordInputs?: boolean;
  /** Called after each file, for a progress line. */
  readonly onProgress?: (done: number, total: number, migrated: number) => void;
}

export interface FileReport {
  readonly path: string;
  readonly status: 'changed' | 'unchanged' | 'error' | 'skipped';
  /** Requests rewritten, and requests left with a TODO (callers of wrappers are counted apart). */
  readonly migrated: number;
  readonly todos: number;
  /** Calls of wrappers: they go with the wrapper's request (project mode). */
  readonly callers?: number;
  /** Mocks and assertions of the request in tests, rewritten or not (present when the file has some). */
  readonly mocks?: { readonly migrated: number; readonly todos: number };
  readonly sites: readonly SiteReport[];
  readonly error?: string;
  /** Why the file was not read or not parsed (status `skipped`): too large, not text, not UTF-8, a type that is not read, nested too deeply. */
  readonly skipped?: string;
  /**
   * Set on a skipped file that may hold calls but that no parser could read safely (nested too deeply): its calls
   * were not analysed, and the run exits 1, as for a file that does not parse.
   */
  readonly unparsable?: true;
  /** Parts of a component file that were not read: an external script, a language not read, the route in markup. */
  readonly unread?: readonly UnreadPart[];
}

export interface RunReport {
  /** The parser that read the candidates: oxc-parser, or typescript-estree where oxc's binary did not load; null when no file needed parsing. */
  readonly parser: ParserName | null;
  /** Set when oxc-parser did not load: the one line to tell the user. */
  readonly parserWarning?: string;
  readonly files: FileReport[];
  readonly totals: {
    files: number;
    changed: number;
    migrated: number;
    todos: number;
    callers: number;
    errors: number;
    /** Present when some file was skipped (too large, not text, not UTF-8, a type not read that spells the route, nested too deeply): each is listed with its reason. */
    skipped?: number;
    /** Present when some of the skipped files may hold calls and could not be parsed (`unparsable`): the run exits 1. */
    unparsable?: number;
    /** Present when parts of component files were not read: each is listed with its line and reason. */
    unread?: number;
    /** Present when the run found mocks of the request in tests: how many it rewrote, and how many it left with a TODO. */
    mocks?: { migrated: number; todos: number };
    /**
     * Present when some groups of rewrites (a wrapper and its callers) reach files outside the paths of the run: how
     * many. They are left with TODOs that name those files.
     */
    groupsOutside?: number;
  };
  /** Files that would change, with their old and new text (for --diff). */
  readonly changes: ReadonlyMap<string, { before: string; after: string }>;
  /** Project mode: the files whose changes must be written together (a wrapper with its callers, a call with its mocks). */
  readonly writeTogether?: readonly (readonly string[])[];
  /** With `recordInputs`: every file the run read (its decisions may depend on any of them), with the sha256 of its text. */
  readonly inputs?: ReadonlyMap<string, string>;
  /** How the files were read: as one project (with the configs it was loaded from), or each file alone. */
  readonly mode: { readonly kind: 'project'; readonly configs: readonly string[] } | {
    readonly kind: 'file';
    /** No test file was among the files read: their mocks of the request were not checked against the calls. */
    readonly testsUnread?: true;
  };
  /** Set when the run refused to write: the files with uncommitted changes. */
  readonly refused?: readonly string[];
  /** What `.gitignore` kept out of the run, and the folders named explicitly that yielded no file. */
  readonly ignored: Collected['ignored'];
  readonly empty: Collected['empty'];
  /** Set when the run found an interrupted run's journal and completed it; `root` is the run's root. */
  readonly recovered?: Recovery;
  readonly root?: string;
  /** Lines to tell the user about the run's own state (a stale lock taken over, a journal kept). */
  readonly notes?: readonly string[];
}

/** A test file, by the names test runners look for (`*.test.ts`, `*.spec.js`, `__tests__/`, `test/`). */
const TEST_FILE = /(?:^|[/\\])(?:__tests__|__mocks__|tests?|specs?)[/\\]|\.(?:test|spec)\.[cm]?[jt]sx?$/;

/**
 * Below this many files to parse, starting worker processes costs more than it saves: a worker takes about 0.2 s to
 * start and load oxc-parser and scope-manager, and one file takes about 3 ms to parse and analyse.
 */
const FILES_PER_WORKER = 100;

import type { FileOutcome } from './results.js';

export type { FileOutcome };

export function migrateFile(path: string, text: string, analysis: AnalysisOptions, elsewhere?: readonly MockElsewhere[]): FileOutcome {
  try {
    const result = migrateText(text, path, analysis, undefined, undefined, elsewhere);
    return { path, output: result.output, changed: result.changed, sites: result.sites, ...parsedWith() };
  } catch (error) {
    const nesting = nestingFailure(error);
    if (nesting !== undefined) return { path, skipped: nesting, ...parsedWith() };
    if (error instanceof SourceSyntaxError) return { path, error: `${path}:${error.line}:${error.column} ${error.message}`, ...parsedWith() };
    return { path, error: `${path}:1:1 ${error instanceof Error ? error.message : String(error)}`, ...parsedWith() };
  }
}

function parsedWith(): Pick<FileOutcome, 'parser' | 'parserWarning'> {
  const state = parserInUse();
  if (state === undefined) return {};
  return { parser: state.name, ...(state.warning === undefined ? {} : { parserWarning: state.warning }) };
}

/**
 * Runs `migrate` (or with `dry`, `scan`). A run that writes holds the lock of its root from the start, first completes
 * what an interrupted run left in its journal, and writes through a journal of its own (journal.ts).
 */
export async function runMigration(options: RunOptions): Promise<RunReport> {
  if (options.dry) return migrateTree(options, undefined);
  const session = openSession(options.cwd);
  try {
    const report = await migrateTree(options, session);
    const notes = [...(session.note === undefined ? [] : [session.note]), ...(report.notes ?? [])];
    return { ...report, ...(session.recovered === undefined ? {} : { recovered: session.recovered, root: session.root }), ...(notes.length === 0 ? {} : { notes }) };
  } finally {
    session.close();
  }
}

/**
 * The files a run reads: project mode decides every group over the whole project, whatever the paths (the paths and
 * the shard only say which files are written, see WriteScope); each file read alone is its own group. `apply` lists
 * them again to find the files added since its plan was made.
 */
export function runUniverse(
  options: Pick<RunOptions, 'paths' | 'cwd' | 'project' | 'noIgnore'>,
  selection = collect(options.paths, options.cwd, { noIgnore: options.noIgnore === true }).files.filter((file) => SOURCE_FILE.test(file)),
): { root: string; asProject: boolean; universe: string[] } {
  const root = projectRootFor(options.paths, options.cwd);
  const asProject = options.project !== false && mayBeProject(root);
  const universe = asProject ? [...new Set([...selection, ...collect(['.'], root, { noIgnore: options.noIgnore === true }).files])].sort() : selection;
  return { root, asProject, universe };
}

async function migrateTree(options: RunOptions, session: Session | undefined): Promise<RunReport> {
  const collected = collect(options.paths, options.cwd, { noIgnore: options.noIgnore === true });
  const selection = collected.files.filter((file) => SOURCE_FILE.test(file));
  // Files of a type the run does not read (those under the paths, and any named alone) are named in its reports when
  // they spell the route: a call in them is not migrated. A shard names those whose path falls to it.
  const others = [...collected.others, ...collected.files.filter((file) => !SOURCE_FILE.test(file))];
  const unreadTypes = new Map<string, string>();
  for (const file of options.shard === undefined ? others : shardOf(others, options.shard, options.cwd)) {
    const reason = unreadTypeReason(file);
    if (reason !== undefined) unreadTypes.set(file, reason);
  }
  const { root, asProject, universe } = runUniverse(options, selection);
  let files = asProject || options.shard === undefined ? selection : shardOf(selection, options.shard, options.cwd);
  const reported = new Set(files);

  const display = (file: string) => relative(options.cwd, file).split(sep).join('/') || file;
  const reports = new Map<string, FileReport>();
  const texts = new Map<string, string>();
  const candidates: string[] = [];
  let done = 0;
  let migratedSoFar = 0;
  const progress = () => options.onProgress?.(done, files.length, migratedSoFar);

  const unreadParts = new Map<string, readonly UnreadPart[]>();
  const readable: string[] = [];
  const inputs = options.recordInputs === true ? new Map<string, string>() : undefined;
  for (const file of universe) {
    const own = reported.has(file);
    const read = readSource(file);
    if (read.kind !== 'text') {
      if (own) {
        reports.set(file, read.kind === 'skipped'
          ? { path: display(file), status: 'skipped', migrated: 0, todos: 0, sites: [], skipped: read.reason }
          : fileError(display(file), `${display(file)}:1:1 ${read.message}`));
      }
      done++;
      continue;
    }
    const { text } = read;
    if (inputs !== undefined) inputs.set(file, sha256(text));
    if (own && componentKindOf(file) !== undefined) {
      const parts = unreadPartsOf(text, file, asProject);
      if (parts.length > 0) unreadParts.set(file, parts);
    }
    // The files a project run may read and change: every file that could be read (a wrapper's callers need not
    // mention the route themselves).
    readable.push(file);
    if (mayContainAssignCall(text, options.analysis) || (mayContainMock(text) && mayMentionRequest(text))) {
      candidates.push(file);
      texts.set(file, text);
    } else {
      if (own) reports.set(file, { path: display(file), status: 'unchanged', migrated: 0, todos: 0, sites: [] });
      done++;
    }
    if (done % 200 === 0) progress();
  }
  progress();

  const onDone = (outcome: FileOutcome) => {
    done++;
    migratedSoFar += outcome.sites?.filter((s) => s.kind === 'call' && s.migrated).length ?? 0;
    progress();
  };
  let outcomes: FileOutcome[];
  // Read file by file, a call waits for its tests' mocks only when those tests are among the files read.
  let mode: RunReport['mode'] = selection.some((file) => TEST_FILE.test(file)) ? { kind: 'file' } : { kind: 'file', testsUnread: true };
  let groupsOutside = 0;
  let writeTogether: readonly (readonly string[])[] = [];
  const projectRun = !asProject || candidates.length === 0
    ? undefined
    : await migrateProject(root, readable, texts, options.analysis, { selected: new Set(selection), display, ...(options.shard === undefined ? {} : { shard: options.shard }) });
  if (projectRun !== undefined) {
    mode = { kind: 'project', configs: projectRun.configs.map(display) };
    // The configs say how imports resolve: the decisions read them too.
    for (const config of projectRun.configs) inputs?.set(config, sha256(readFileSync(config, 'utf8')));
    files = [...projectRun.files];
    groupsOutside = projectRun.groupsOutside;
    writeTogether = projectRun.writeTogether;
    outcomes = projectRun.outcomes;
    for (const outcome of outcomes) {
      reports.delete(outcome.path);
      if (!texts.has(outcome.path)) texts.set(outcome.path, readFileSync(outcome.path, 'utf8'));
      migratedSoFar += outcome.sites?.filter((s) => s.kind === 'call' && s.migrated).length ?? 0;
    }
    done = files.length;
    progress();
  } else {
    // Read alone after all (no config was found, or no file can hold a call): the selection, sliced by path.
    if (asProject && options.shard !== undefined) files = shardOf(selection, options.shard, options.cwd);
    const own = new Set(files);
    const migrated = candidates.filter((file) => own.has(file));
    // A test's mocks whose calls are in the modules it imports keep those calls with them, though read apart.
    const elsewhere = mocksElsewhere(migrated, (file) => texts.get(file), options.analysis, display);
    outcomes = await migrateAll(migrated, texts, options, onDone, elsewhere);
  }

  const changes = new Map<string, { before: string; after: string }>();
  for (const outcome of outcomes) {
    const path = display(outcome.path);
    if (outcome.error !== undefined) {
      reports.set(outcome.path, fileError(path, outcome.error.replace(outcome.path, path)));
      continue;
    }
    if (outcome.skipped !== undefined) {
      reports.set(outcome.path, { path, status: 'skipped', migrated: 0, todos: 0, sites: [], skipped: outcome.skipped, unparsable: true });
      continue;
    }
    const sites = outcome.sites ?? [];
    if (outcome.changed === true) changes.set(outcome.path, { before: texts.get(outcome.path)!, after: outcome.output! });
    reports.set(outcome.path, {
      path,
      status: outcome.changed === true ? 'changed' : 'unchanged',
      migrated: sites.filter((s) => s.kind === 'call' && s.migrated).length,
      // A TODO comment each: every call left or under review, and every caller with reasons of its own.
      todos: sites.filter((s) => s.kind !== 'mock' && s.withWrapper !== true && (!s.migrated || s.reason !== undefined)).length,
      ...(sites.some((s) => s.kind === 'caller') ? { callers: sites.filter((s) => s.kind === 'caller').length } : {}),
      ...(sites.some((s) => s.kind === 'mock') ? { mocks: mockCounts(sites.filter((s) => s.kind === 'mock')) } : {}),
      sites,
    });
  }

  let refused: string[] | undefined;
  let journalKept: string | undefined;
  if (session !== undefined && changes.size > 0) {
    const dirty = options.force ? [] : uncommittedFiles([...changes.keys()]);
    if (dirty.length > 0) refused = dirty.map(display);
    else {
      // Project mode: each group of files whose changes depend on one another is written whole or held back whole.
      const written = await writeChanges(changes, session, writeTogether, display);
      for (const [file, reason] of written.notWritten) reports.set(file, fileError(display(file), `${display(file)}:1:1 ${reason}`));
      journalKept = written.journalKept;
    }
  }

  // A project run reports only the files it changed or found calls in; every other file read is unchanged.
  for (const [file, reason] of unreadTypes) reports.set(file, { path: display(file), status: 'skipped', migrated: 0, todos: 0, sites: [], skipped: reason });
  const list = [...files, ...unreadTypes.keys()].map((file) => {
    const report = reports.get(file) ?? { path: display(file), status: 'unchanged' as const, migrated: 0, todos: 0, sites: [] };
    const parts = unreadParts.get(file);
    return parts === undefined ? report : { ...report, unread: parts };
  });
  // A folder that could not be listed is an error of the run: its files were not read.
  list.push(...collected.unreadable.map(({ path, message }) => fileError(`${display(path)}/`, `${display(path)}/: could not read the folder, its files were skipped: ${message}`)));
  // A project run parses in this process: its parser is this process's.
  const parsed = outcomes.find((outcome) => outcome.parser !== undefined) ?? (mode.kind === 'project' ? parsedWith() : undefined);
  return {
    parser: parsed?.parser ?? null,
    ...(parsed?.parserWarning === undefined ? {} : { parserWarning: parsed.parserWarning }),
    files: list,
    totals: {
      files: list.length - collected.unreadable.length,
      changed: list.filter((f) => f.status === 'changed').length,
      migrated: list.reduce((n, f) => n + f.migrated, 0),
      todos: list.reduce((n, f) => n + f.todos, 0),
      callers: list.reduce((n, f) => n + (f.callers ?? 0), 0),
      errors: list.filter((f) => f.status === 'error').length,
      ...(groupsOutside > 0 ? { groupsOutside } : {}),
      ...(list.some((f) => f.status === 'skipped') ? { skipped: list.filter((f) => f.status === 'skipped').length } : {}),
      ...(list.some((f) => f.unparsable === true) ? { unparsable: list.filter((f) => f.unparsable === true).length } : {}),
      ...(unreadParts.size > 0 ? { unread: list.reduce((n, f) => n + (f.unread?.length ?? 0), 0) } : {}),
      ...(list.some((f) => f.mocks !== undefined)
        ? { mocks: { migrated: list.reduce((n, f) => n + (f.mocks?.migrated ?? 0), 0), todos: list.reduce((n, f) => n + (f.mocks?.todos ?? 0), 0) } }
        : {}),
    },
    changes,
    ...(writeTogether.length === 0 ? {} : { writeTogether }),
    ...(inputs === undefined ? {} : { inputs }),
    mode,
    ...(refused === undefined ? {} : { refused }),
    ignored: collected.ignored,
    empty: collected.empty,
    ...(journalKept === undefined ? {} : { notes: [journalKept] }),
  };
}

/**
 * The parts of a component file a run does not read. In project mode a file is one module: an Astro file's client
 * scripts, modules of their own beside its frontmatter, are read only when each file is read alone.
 */
function unreadPartsOf(text: string, file: string, asProject: boolean): UnreadPart[] {
  const scripts = componentScripts(text, file);
  const parts = [...scripts.unread];
  if (asProject && scripts.kind === 'astro') {
    for (const unit of scripts.units.slice(1)) {
      parts.push({ line: unit.blocks[0]!.line, reason: `${unit.blocks[0]!.tag} is a module of its own, read only when each file is read alone (--no-project)` });
    }
  }
  return parts.sort((a, b) => a.line - b.line);
}

function mockCounts(mocks: readonly SiteReport[]): { migrated: number; todos: number } {
  return { migrated: mocks.filter((s) => s.migrated).length, todos: mocks.filter((s) => !s.migrated || s.reason !== undefined).length };
}

function fileError(path: string, error: string): FileReport {
  return { path, status: 'error', migrated: 0, todos: 0, sites: [], error };
}

async function migrateAll(
  files: readonly string[],
  texts: ReadonlyMap<string, string>,
  options: RunOptions,
  onDone: (outcome: FileOutcome) => void,
  elsewhere: ReadonlyMap<string, readonly MockElsewhere[]> = new Map(),
): Promise<FileOutcome[]> {
  const workers = Math.min(options.jobs, Math.ceil(files.length / FILES_PER_WORKER));
  if (workers <= 1) {
    return files.map((file) => {
      const outcome = migrateFile(file, texts.get(file)!, options.analysis, elsewhere.get(file));
      onDone(outcome);
      return outcome;
    });
  }
  const workerPath = fileURLToPath(new URL('./worker.js', import.meta.url));
  const slices: string[][] = Array.from({ length: workers }, () => []);
  files.forEach((file, i) => slices[i % workers]!.push(file));
  // A worker that stops before it is done (a native parser's crash, which no `catch` sees) costs the file it was on,
  // which is named, not the run: the rest of its slice goes to a new worker.
  const runSlice = (slice: readonly string[]): Promise<FileOutcome[]> =>
    new Promise<FileOutcome[]>((resolvePromise, reject) => {
      if (slice.length === 0) {
        resolvePromise([]);
        return;
      }
      const child = fork(workerPath, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      const outcomes: FileOutcome[] = [];
      child.on('message', (message: FileOutcome) => {
        outcomes.push(message);
        onDone(message);
        if (outcomes.length === slice.length) child.disconnect();
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        const settle = () => {
          if (outcomes.length === slice.length) {
            resolvePromise(outcomes);
            return;
          }
          const path = slice[outcomes.length]!;
          const stopped: FileOutcome = {
            path,
            skipped: `the parser's process stopped on it (${signal ?? `exit code ${code}`}): not parsed, so its calls were not analysed`,
          };
          onDone(stopped);
          runSlice(slice.slice(outcomes.length + 1)).then((rest) => resolvePromise([...outcomes, stopped, ...rest]), reject);
        };
        // The messages the worker sent before it stopped are all read once its channel is closed.
        if (child.connected) child.once('disconnect', settle);
        else settle();
      });
      // The texts were read once already, for the substring test; the workers get them rather than reading again.
      child.send({ files: slice.map((path) => ({ path, text: texts.get(path)!, ...(elsewhere.has(path) ? { elsewhere: elsewhere.get(path) } : {}) })), analysis: options.analysis });
    });
  const results = await Promise.all(slices.map(runSlice));
  return results.flat();
}

/** Workers count: what --jobs says, else one per core. */
export function defaultJobs(): number {
  return Math.max(1, availableParallelism());
}
