/**
 * Project mode of `migrate`: the files of the run are analysed together, with facts from the whole project (imported
 * instances, URL builders, wrappers and their callers in other modules), and each file is written with the edits its
 * own calls make and those that calls in other files ask of it.
 *
 * A wrapper's rewrite spans files, so a file that cannot take its part (its result does not parse, or an edit
 * overlaps another) holds back every finding that shares code with it, in every file: those calls get a TODO, and the
 * run is made again without them.
 */
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  type AnalysisOptions,
  analyzeMocks,
  unreadSetupPlace,
  v3HandlerIn,
  bodyReadingOverrideIn,
  type Finding,
  filesOutside,
  isUnreadPage,
  mayContainAssignCall,
  mayContainMock,
  mayMentionRequest,
  type MockFinding,
  type Reason,
  ReasonCode,
  sharingCode,
  type TextEdit,
  writeGroups,
} from '@app-assignment/core';
import type { ConfigError, ProjectAnalysis } from '@app-assignment/project';
import { applyFindings, type MigrateResult } from './migrate.js';
import { projectMocks } from './mocks.js';
import { componentKindOf } from '@app-assignment/core/components';
import type { ParsedSource } from '@app-assignment/core/parse';
import { canWrite, projectUnitOf } from './components.js';
import { nestingFailure, parseFile } from './parse.js';
import { RunRefusal } from './refusal.js';
import type { FileOutcome } from './results.js';
import { type Shard, shardIndexOf } from './files.js';

export interface ProjectRun {
  /**
   * One outcome per file the run writes that holds a reported call or receives an edit; the other files it writes are
   * unchanged.
   */
  readonly outcomes: FileOutcome[];
  /** The files this run writes and reports: the selection, less the files another shard writes. Sorted. */
  readonly files: readonly string[];
  /** Groups of rewrites left with TODOs because they reach files outside the selection. */
  readonly groupsOutside: number;
  /** The configs the project was loaded from. */
  readonly configs: readonly string[];
  /**
   * The files whose changes depend on one another (absolute paths), one list per group of rewrites that spans files
   * (core `writeGroups`): each is written whole or not at all, apart from the others.
   */
  readonly writeTogether: readonly (readonly string[])[];
}

/**
 * Where a run may write. Paths and shards select where to write, never what to decide: every file of the project is
 * analysed and every group decided over all of them; then only the groups that lie wholly inside the selection are
 * written, and with `shard`, only those whose first file falls to this shard.
 */
export interface WriteScope {
  /** The files the paths of the run name (all of the project's when it was given the whole tree). */
  readonly selected: ReadonlySet<string>;
  readonly shard?: Shard;
  /** How a reason names a file (default: relative to the project's root). */
  readonly display?: (path: string) => string;
}

/**
 * A file of the project as a module: a component file as its script unit (Astro's frontmatter, or its first script
 * when it has none), with the file's offsets; any other file as it is.
 */
function parseModule(text: string, path: string, options: AnalysisOptions): ParsedSource {
  if (componentKindOf(path) === undefined) return parseFile(text, path, options);
  const unit = projectUnitOf(text, path);
  return unit === undefined ? parseFile(text.replace(/[^\r\n\u2028\u2029]/g, ' '), `${path}.ts`, options) : parseFile(unit.text, unit.filename, options);
}

/**
 * Migrates the project rooted at `root`, reading `files` (every file of the project the run may read); undefined when
 * the root has no tsconfig.json or jsconfig.json.
 */
export async function migrateProject(
  root: string,
  files: readonly string[],
  texts: ReadonlyMap<string, string>,
  analysis: AnalysisOptions,
  scope: WriteScope = { selected: new Set(files) },
): Promise<ProjectRun | undefined> {
  // ts-morph and the TypeScript compiler load only when the folder can be a project: it, or a folder above it, has a
  // tsconfig.json or jsconfig.json, or it declares workspaces whose packages may have theirs.
  if (!mayBeProject(root)) return undefined;
  const { loadProject, ProjectAnalysis } = await import('@app-assignment/project');
  const project = loadProject(root);
  // A config that is not JSON would make the run read each file alone, which changes what it does: it stops instead.
  if (project.configErrors.length > 0) throw new RunRefusal(configErrorsMessage(project.configErrors, root));
  if (!project.found) return undefined;
  // Every file is read once: the import search and the analysis ask for the same texts many times.
  const read = new Map<string, string | undefined>(texts);
  const readText = (file: string): string | undefined => {
    if (read.has(file)) return read.get(file);
    let text: string | undefined;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = undefined;
    }
    read.set(file, text);
    return text;
  };
  const text = (file: string) => readText(file) ?? '';
  const idOf = (file: string) => relative(root, file).split(sep).join('/');
  const analysisRun = new ProjectAnalysis({
    root,
    resolveImport: (from, specifier) => project.resolveImport(from, specifier),
    importersOf: (file) => project.importersOf(file, text),
    readText,
    parse: parseModule,
    options: analysis,
    foreignFiles: componentFiles(root),
    configOf: (file) => project.configOf(file),
  });
  const result = analysisRun.analyze(files);

  const outcomes = new Map<string, FileOutcome>();
  for (const [path, error] of result.errors) {
    if (!files.includes(path)) continue;
    const nesting = nestingFailure(error);
    if (nesting !== undefined) {
      outcomes.set(path, { path, skipped: nesting });
      continue;
    }
    const e = error as { line?: number; column?: number; message?: string };
    outcomes.set(path, { path, error: `${path}:${e.line ?? 1}:${e.column ?? 1} ${e.message ?? String(error)}` });
  }

  const all = [...result.findings.values()].flat();
  let held = new Set<Finding>();
  /** Why a finding was held back, where that is not its own reasons: its group reaches outside the selection. */
  const heldFor = new Map<Finding, Reason>();
  let groupsOutside = 0;
  /** A wrapper's caller kept for a mock with the wrapper's own request: the comment there speaks for it. */
  const keptWithWrapper = (finding: Finding): boolean => {
    const request = finding.call.caller === true ? finding.call.via.at(-1)?.node : undefined;
    if (request === undefined || heldFor.get(finding)?.code !== ReasonCode.callMockHeld) return false;
    return all.some((other) => other.call.node === request && held.has(other) && heldFor.get(other)?.code === ReasonCode.callMockHeld);
  };
  for (let attempt = 0; attempt < 8; attempt++) {
    const findingsOf = new Map<string, Finding[]>();
    const incoming = new Map<string, TextEdit[]>();
    for (const [path, list] of result.findings) {
      const file = result.files.get(path)!;
      findingsOf.set(path, list.map((finding) => (held.has(finding) ? heldBack(finding, heldFor.get(finding), keptWithWrapper(finding)) : finding)));
      for (const finding of list) {
        if (held.has(finding)) continue;
        for (const edit of finding.edits ?? []) {
          if (edit.file === undefined || edit.file === file.id) continue;
          const target = [...result.files.values()].find((other) => other.id === edit.file);
          if (target === undefined) continue;
          incoming.set(target.path, [...(incoming.get(target.path) ?? []), edit]);
        }
      }
    }
    const current = [...findingsOf.values()].flat();
    const applied = new Map<string, MigrateResult>();
    const broken = new Set<Finding>();
    for (const path of new Set([...findingsOf.keys(), ...incoming.keys()])) {
      const file = result.files.get(path)!;
      const list = findingsOf.get(path) ?? [];
      const out = applyFindings(file.text, list, file.context, { incoming: incoming.get(path) ?? [], everything: current });
      applied.set(path, out);
      if (out.changed && !canWrite(file.text, out.output, path)) {
        // Every finding that edits this file, wherever it is, is held back with its group.
        for (const finding of all) if ((finding.edits ?? []).some((edit) => edit.file === file.id)) broken.add(finding);
      }
      list.forEach((finding, index) => {
        const meant = (finding.outcome === 'fix' || finding.outcome === 'review') && !held.has(finding);
        if (meant && out.sites[index]?.migrated !== true) broken.add(originalOf(finding, result.findings.get(path)!, index));
      });
    }
    if (broken.size === 0) {
      const { links, kept } = withMocks(files, readText, analysisRun, findingsOf, incoming, applied, analysis, idOf, true, (path) => scope.selected.has(path));
      // A call and its mocks are one group: a call whose mock cannot follow it stays, with every call it shares code
      // with, and the run is made again (its mocks then name it).
      const keep = analysis.tests === 'ignore' ? [] : [...kept].flatMap(([finding, reason]) => {
        const original = originalFinding(finding, result.findings);
        return original === undefined || held.has(original) ? [] : [[original, reason] as const];
      });
      if (keep.length > 0) {
        for (const [seed, reason] of keep) {
          // The calls it shares code with that would be rewritten go with it; the others keep their own reasons.
          const members = [...sharingCode(new Set([seed]), all)].filter((member) => !held.has(member) && (member.outcome === 'fix' || member.outcome === 'review'));
          for (const member of members) if (!heldFor.has(member)) heldFor.set(member, reason);
          held = new Set([...held, ...members]);
        }
        continue;
      }
      const groups = writeGroups([...findingsOf.values()].flat(), links.map(([a, b]) => [idOf(a), idOf(b)]));
      const selectedIds = new Set([...scope.selected].map(idOf));
      // A group that reaches outside the selection is not written: each of its calls gets a TODO naming the files left out.
      const crossing = groups.filter((group) => group.files.some((id) => selectedIds.has(id)) && filesOutside(group, selectedIds).length > 0);
      if (crossing.length > 0) {
        groupsOutside += crossing.length;
        for (const group of crossing) {
          const named = filesOutside(group, selectedIds).map((id) => (scope.display === undefined ? id : scope.display(join(root, ...id.split('/')))));
          const reason: Reason = { code: ReasonCode.groupOutsideRun, key: listOfFiles(named) };
          for (const member of group.members) heldFor.set(member, reason);
          held = new Set([...held, ...group.members]);
        }
        continue;
      }
      const written = filesOfShard([...scope.selected], groups, idOf, scope.shard);
      // The calls whose rewrite changes several files say which: a front end that writes one file at a time may not.
      const together = new Map<Finding, readonly string[]>();
      for (const group of groups) if (group.files.length > 1) for (const member of group.members) together.set(member, group.files);
      for (const [path, out] of applied) {
        if (!written.has(path)) continue;
        const list = findingsOf.get(path) ?? [];
        const sites = out.sites.map((site, index) => {
          const files = index < list.length ? together.get(list[index]!) : undefined;
          return files === undefined || !site.migrated ? site : { ...site, together: files };
        });
        outcomes.set(path, { path, output: out.output, changed: out.changed, sites });
      }
      for (const path of outcomes.keys()) if (!written.has(path)) outcomes.delete(path);
      const writeTogether = groups.filter((group) => group.files.length > 1).map((group) => group.files.map((id) => join(root, ...id.split('/'))));
      return { outcomes: [...outcomes.values()], files: [...written].sort(), groupsOutside, configs: project.configs, writeTogether };
    }
    held = new Set([...held, ...sharingCode(broken, all)]);
  }
  // Still not consistent: nothing is rewritten; every call gets its TODO, and so does every mock of one.
  const unchanged = new Map<string, MigrateResult>();
  for (const [path, list] of result.findings) {
    const file = result.files.get(path)!;
    unchanged.set(path, applyFindings(file.text, list, file.context, { allowRewrites: false, everything: all }));
  }
  withMocks(files, readText, analysisRun, result.findings, new Map(), unchanged, analysis, idOf, false, (path) => scope.selected.has(path));
  // Nothing is rewritten, so no group spans files: each file is its own.
  const written = filesOfShard([...scope.selected], [], idOf, scope.shard);
  for (const [path, out] of unchanged) {
    if (!written.has(path)) continue;
    outcomes.set(path, { path, output: out.output, changed: out.changed, sites: out.sites });
  }
  for (const path of outcomes.keys()) if (!written.has(path)) outcomes.delete(path);
  return { outcomes: [...outcomes.values()], files: [...written].sort(), groupsOutside, configs: project.configs, writeTogether: [] };
}

/**
 * The selected files this run writes: all of them, or with a shard, those of the groups whose first file falls to it
 * (a file in no group falls by its own path), so that every shard writes whole groups and the shards together write
 * what one run writes.
 */
function filesOfShard(selected: readonly string[], groups: readonly { readonly files: readonly string[] }[], idOf: (path: string) => string, shard: Shard | undefined): Set<string> {
  if (shard === undefined) return new Set(selected);
  const firstOf = new Map<string, string>();
  for (const group of groups) for (const id of group.files) firstOf.set(id, group.files[0]!);
  return new Set(selected.filter((path) => {
    const id = idOf(path);
    return shardIndexOf(firstOf.get(id) ?? id, shard.count) === shard.index;
  }));
}

/** Files named in a reason: a few of them, and how many more. */
function listOfFiles(ids: readonly string[]): string {
  const shown = ids.slice(0, 3);
  const more = ids.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more file${more === 1 ? '' : 's'}`;
  return shown.length <= 1 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/**
 * The mocks of the run's files, settled against what became of every call (`applied`), with the files each mock's
 * tests reach through their imports; each file that holds mocks is applied again with them.
 */
function withMocks(
  files: readonly string[],
  textOf: (file: string) => string | undefined,
  analysisRun: ProjectAnalysis,
  findingsOf: ReadonlyMap<string, readonly Finding[]>,
  incoming: ReadonlyMap<string, readonly TextEdit[]>,
  applied: Map<string, MigrateResult>,
  options: AnalysisOptions,
  display: (path: string) => string,
  allowRewrites = true,
  /** Whether the run writes a file: a call in a file it only reads for a group gets no TODO there. */
  written: (path: string) => boolean = () => true,
): { links: [string, string][]; kept: Map<Finding, Reason> } {
  const links: [string, string][] = [];
  const mocksByFile = new Map<string, MockFinding[]>();
  for (const path of files) {
    // Only the files that may hold a mock are parsed (most were, for their calls).
    const text = textOf(path);
    // An msw route may match the request with placeholders where the route has words (`/apps/:id/:action`), and an
    // assertion may name a part of the route only.
    if (text === undefined || !(mayContainAssignCall(text, options) || mayMentionRequest(text) || RECORDING_PATTERN.test(text)) || !mayContainMock(text)) continue;
    const file = analysisRun.file(path);
    if (file === undefined) continue;
    const mocks = analyzeMocks(file.program, file.context);
    if (mocks.length > 0) mocksByFile.set(path, mocks);
  }
  if (mocksByFile.size === 0) return { links, kept: new Map() };
  const calls = new Map<string, { findings: readonly Finding[]; sites: MigrateResult['sites'] }>();
  for (const [path, findings] of findingsOf) calls.set(path, { findings, sites: applied.get(path)?.sites ?? [] });
  const v3HandlerOf = (path: string): string | undefined => {
    const text = textOf(path);
    if (text === undefined || !/\b(?:msw|nock|axios-mock-adapter|fetch-mock)\b/.test(text)) return undefined;
    const file = analysisRun.file(path);
    return file === undefined ? undefined : v3HandlerIn(file.program, file.context);
  };
  const bodyReaderOf = (path: string): string | undefined => {
    const text = textOf(path);
    // An override list from another module (`server.use(...dryRunHandlers)`, or installed one by one:
    // `server.use(list[0]!)`, `server.use(h)` in a loop, `server.use.apply(server, list)`) names no msw here.
    if (text === undefined || !/\.use(?:\(|\.(?:apply|call)\()/.test(text) ||
      (!/\bmsw\b/.test(text) && !/\.use(?:\(\s*(?:\.\.\.|[\w$]+\s*(?:\[|\)))|\.(?:apply|call)\()/.test(text))) return undefined;
    const file = analysisRun.file(path);
    return file === undefined ? undefined : bodyReadingOverrideIn(file.program, file.context);
  };
  const { settled, kept } = projectMocks(mocksByFile, calls, (path) => analysisRun.mockReach(path), display, v3HandlerOf, (path) => analysisRun.mockReachKnown(path), written, (path) => analysisRun.runnerSetupReach(path), bodyReaderOf, (path) => {
    const unread = analysisRun.runnerSetupUnread(path);
    return unread === undefined ? undefined : unreadSetupPlace(unread, display);
  });
  for (const [path, mocks] of settled) {
    const file = analysisRun.file(path)!;
    const apply = { incoming: incoming.get(path) ?? [], mocks, allowRewrites, everything: [...findingsOf.values()].flat() };
    let out = applyFindings(file.text, findingsOf.get(path) ?? [], file.context, apply);
    // A mock's rewrite that does not parse leaves every mock of the file with a TODO; the calls keep their outcome.
    if (out.changed && !canWrite(file.text, out.output, path)) out = applyFindings(file.text, findingsOf.get(path) ?? [], file.context, { ...apply, allowMockRewrites: false });
    applied.set(path, out);
    // A mock rewritten with its calls is written with them: with every file its tests reach that holds a rewritten call.
    if (out.sites.some((site) => site.kind === 'mock' && site.migrated)) {
      const reach = analysisRun.mockReach(path);
      if (reach === 'unknown') continue;
      for (const other of reach) if (other !== path && applied.get(other)?.sites.some((site) => site.kind !== 'mock' && site.migrated)) links.push([path, other]);
    }
  }
  return { links, kept };
}

/** A test that replays recorded requests (`nock.back(...)`), which may hold the route in a file the run does not read. */
const RECORDING_PATTERN = /\bnock\s*\.\s*(?:back|load|define)\s*\(/;

/** The finding as the analysis gave it, for one as this attempt applied it (the same call). */
function originalFinding(finding: Finding, findings: ReadonlyMap<string, readonly Finding[]>): Finding | undefined {
  for (const list of findings.values()) {
    const found = list.find((original) => original === finding || original.call.node === finding.call.node);
    if (found !== undefined) return found;
  }
  return undefined;
}

function heldBack(finding: Finding, reason?: Reason, withWrapper = false): Finding {
  const { edits: _edits, choices: _choices, ...rest } = finding;
  if (reason !== undefined) return { ...rest, outcome: 'manual', reasons: [reason], ...(withWrapper ? { repeatsWrapper: true as const } : {}) };
  return { ...rest, outcome: 'manual', reasons: finding.outcome === 'manual' ? finding.reasons : [{ code: ReasonCode.urlNotEditable }] };
}

function originalOf(finding: Finding, list: readonly Finding[], index: number): Finding {
  return list[index] ?? finding;
}

function configErrorsMessage(errors: readonly ConfigError[], root: string): string {
  return [
    'cannot read the project: its config is not valid JSON:',
    ...errors.map((error) => `  ${relative(root, error.file) || error.file}:${error.line}:${error.column} ${error.message}`),
    'Fix the config, or pass --no-project to read each file alone (imports are then not followed, and wrappers are not',
    'migrated with their callers).',
  ].join('\n');
}

/**
 * Files the analysis does not parse but that may run the program's code, under the root, without installed or built
 * ones: components (Vue, Svelte, Astro), HTML pages (an inline `<script type="module">` imports modules), the templates
 * a server renders into pages (EJS, Handlebars, Nunjucks, Liquid, PHP, ...: core's `PAGE_FILE`), MDX pages, and
 * Markdown pages that hold a script or an import (VitePress, Docusaurus). Only their names are listed here: a file's
 * text is read when a wrapper's names are looked for in it.
 */
function componentFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 24 || found.length > 20_000) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      // `vendor`: the packages Composer and Bundler install, as node_modules holds npm's.
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'build' || entry.name === 'vendor') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, depth + 1);
      else if (isUnreadPage(entry.name) && (!/\.md$/i.test(entry.name) || runsCode(path))) found.push(path);
    }
  };
  walk(root, 0);
  return found;
}

/** A Markdown page that holds a script block or an import line: some site generators run it as a module. */
function runsCode(path: string): boolean {
  try {
    return statSync(path).size <= 1_000_000 && /<script\b|^import\s/m.test(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * The folder a run reads as one project. The search starts where the run starts (the current folder), or, when a
 * path given lies outside it (`scan ../other-repo` from inside a project of its own), at the folder that holds every
 * path given: a project the paths are not part of is never read, or its setup would hold calls it cannot reach.
 * From there: that folder when it holds a tsconfig.json or jsconfig.json (or declares workspaces); else the one
 * folder the run was given, when it holds one; else, below a config (`cd src && migrate .`), the folder that holds
 * it, so that every file of that project is read and a caller outside the current folder is seen (the repository's
 * top ends the search).
 */
export function projectRootFor(paths: readonly string[], cwd: string): string {
  const given = paths.map((path) => resolve(cwd, path));
  const within = (dir: string) => given.every((path) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep));
  let start = cwd;
  if (!within(cwd)) {
    start = given.length === 1 && !isDirectory(given[0]!) ? dirname(given[0]!) : given[0]!;
    while (!within(start) && dirname(start) !== start) start = dirname(start);
  }
  const hasConfig = (dir: string) => existsSync(join(dir, 'tsconfig.json')) || existsSync(join(dir, 'jsconfig.json'));
  if (hasConfig(start) || hasWorkspaces(start)) return start;
  if (given.length === 1 && hasConfig(given[0]!)) return given[0]!;
  for (let dir = start; dirname(dir) !== dir && !existsSync(join(dir, '.git'));) {
    dir = dirname(dir);
    if (hasConfig(dir) || hasWorkspaces(dir)) return dir;
  }
  return start;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // a path that does not exist is refused later, with its name
  }
}

/**
 * Workspace markers: a pnpm workspace, lerna, an Nx or Rush workspace, a root that holds only the shared
 * `tsconfig.base.json` its packages extend, or a package.json that declares workspaces.
 */
function hasWorkspaces(dir: string): boolean {
  if (['pnpm-workspace.yaml', 'lerna.json', 'nx.json', 'rush.json', 'tsconfig.base.json'].some((name) => existsSync(join(dir, name)))) return true;
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { workspaces?: unknown }).workspaces !== undefined;
  } catch {
    return false; // no package.json, or not JSON: no workspaces said there
  }
}

/** A config file at or above `root`, or workspace markers at `root`: what the project loader would find, at no cost. */
export function mayBeProject(root: string): boolean {
  if (hasWorkspaces(root)) return true;
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'tsconfig.json')) || existsSync(join(dir, 'jsconfig.json'))) return true;
    if (dirname(dir) === dir) break;
  }
  // A repository whose packages each have their own config (`web/tsconfig.json`, `api/tsconfig.json`) and none at the
  // top: the project loader reads those (two levels deep is where they are; deeper ones it finds once it loads).
  return nestedConfig(root, 2);
}

function nestedConfig(dir: string, depth: number): boolean {
  if (depth === 0) return false;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false; // an unreadable folder is reported by the file walk
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const sub = join(dir, entry.name);
    if (existsSync(join(sub, 'tsconfig.json')) || existsSync(join(sub, 'jsconfig.json'))) return true;
  }
  return entries.some((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules' &&
    nestedConfig(join(dir, entry.name), depth - 1));
}
