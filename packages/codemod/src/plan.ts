/**
 * A migration as plain data: what `migrate` would write, file by file, as edits of the text it read (ranges and new
 * text, with a hash of that text), and the files whose edits must be written together (a wrapper with its callers, a
 * call with its mocks). `analyze` writes one (a unit: the whole run, or one shard of it), `merge` joins the units of
 * every shard into one, and `apply` writes it, file by file checking that each file still holds the text the plan was
 * made on: a file changed since is refused with the rest of its group, never written half.
 *
 * The file is JSON (`PLAN_VERSION`, described by `docs/plan.schema.json`); it holds no syntax tree and nothing of the
 * process that made it, so the phases can run in other processes or on other machines of a CI matrix.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { toPosix } from './git.js';
import { sha256 } from './journal.js';
import { type AnalysisOptions, mayContainAssignCall, mayContainMock, mayMentionRequest } from '@app-assignment/core';
import { type Shard, shardIndexOf } from './files.js';
import { type FileReport, type RunReport, runUniverse } from './run.js';

export const PLAN_VERSION = 2;

/** One replacement in a file: the text at [start, end) (UTF-16 offsets of the text the plan was made on) becomes `text`. */
export interface PlanEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface PlanFile {
  /** The path relative to the folder the plan was made in, with `/`. */
  readonly path: string;
  /** sha256 of the text the plan was made on (UTF-8). */
  readonly sha256: string;
  readonly edits: readonly PlanEdit[];
}

/** A file the analysis read. */
export interface PlanInput {
  readonly path: string;
  readonly sha256: string;
  /** For a file the plan changes: the sha256 of the text the plan writes. */
  readonly written?: string;
}

export interface Plan {
  readonly version: typeof PLAN_VERSION;
  /** The version of the tool that made it: a plan is applied by the same version. */
  readonly tool: string;
  /** What the run was asked (the same for every unit of one plan). */
  readonly run: {
    readonly paths: readonly string[];
    readonly project: boolean;
    readonly analysis: AnalysisOptions;
  };
  /** The shards the plan covers: `[i/n]` for a unit, every `i/n` of `n` for a merged plan, `[]` for a whole run. */
  readonly shards: readonly string[];
  readonly files: readonly PlanFile[];
  /** Files whose edits must be written together, each list sorted; a file in none is written alone. */
  readonly groups: readonly (readonly string[])[];
  /**
   * What the decisions were made on: every file the analysis read (a wrapper's callers, the tests that assert a call,
   * the files searched for uses), with the sha256 of its text, and for a file the plan changes the sha256 of the text
   * it writes too (another part of the plan may have written it already). `apply` lists the run's files again: a file
   * added since, or one changed or removed, that may bear on a group holds that group back.
   */
  readonly inputs: {
    readonly noIgnore: boolean;
    readonly files: readonly PlanInput[];
  };
  /** The report `scan --json` gives for the files of the plan's shards. */
  readonly report: { readonly files: readonly FileReport[]; readonly totals: RunReport['totals'] };
}

/** A plan file that cannot be used, with what to do about it. */
export class PlanError extends Error {}


/** The edits that turn `before` into `after`: the span between their common start and end. */
export function editsBetween(before: string, after: string): PlanEdit[] {
  if (before === after) return [];
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < limit - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  // Never split a surrogate pair: an edit's text is valid UTF-16 on its own.
  if (start > 0 && isHigh(before.charCodeAt(start - 1))) start--;
  if (tail > 0 && isLow(before.charCodeAt(before.length - tail))) tail--;
  return [{ start, end: before.length - tail, text: after.slice(start, after.length - tail) }];
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The text with the edits made (sorted, not overlapping, as a plan holds them). */
export function applyEdits(text: string, edits: readonly PlanEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** The plan of a dry run (`runMigration` with `dry`), its paths relative to `cwd`. */
export function planOf(report: RunReport, options: { cwd: string; tool: string; paths: readonly string[]; project: boolean; analysis: AnalysisOptions; shard?: Shard; noIgnore?: boolean }): Plan {
  const rel = (file: string) => toPosix(relative(options.cwd, file));
  const files = [...report.changes].map(([file, { before, after }]) => ({ path: rel(file), sha256: sha256(before), edits: editsBetween(before, after) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const changed = new Set(files.map((file) => file.path));
  const groups = (report.writeTogether ?? [])
    .map((group) => group.map(rel).filter((path) => changed.has(path)).sort())
    .filter((group) => group.length > 1);
  if (report.inputs === undefined) throw new Error('planOf needs the report of a run with recordInputs: a plan records what its decisions read');
  const written = new Map([...report.changes].map(([file, { after }]) => [rel(file), sha256(after)]));
  const inputs = [...report.inputs].map(([file, hash]): PlanInput => {
    const path = rel(file);
    const after = written.get(path);
    return after === undefined ? { path, sha256: hash } : { path, sha256: hash, written: after };
  }).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    version: PLAN_VERSION,
    tool: options.tool,
    run: { paths: options.paths, project: options.project, analysis: options.analysis },
    shards: options.shard === undefined ? [] : [`${options.shard.index}/${options.shard.count}`],
    files,
    groups,
    inputs: { noIgnore: options.noIgnore === true, files: inputs },
    report: { files: report.files, totals: report.totals },
  };
}

/** Reads and checks a plan file; a file that is not one is refused with its name and what is wrong. */
export function readPlan(path: string, tool: string): Plan {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new PlanError(e.code === 'ENOENT' ? `${path}: no such plan file (write one with "app-assignment analyze --out ${path}")` : `${path}: not a plan file (${e.message})`);
  }
  const plan = data as { version?: unknown; tool?: unknown; files?: unknown; groups?: unknown; inputs?: { noIgnore?: unknown; files?: unknown } } | null;
  if (typeof plan !== 'object' || plan === null || plan.version === undefined || !Array.isArray(plan.files) || !Array.isArray(plan.groups)) {
    throw new PlanError(`${path}: not a plan file (no "version", "files" and "groups"); write one with "app-assignment analyze --out ${path}"`);
  }
  if (plan.version !== PLAN_VERSION) throw new PlanError(`${path}: plan version ${JSON.stringify(plan.version)}, this tool reads version ${PLAN_VERSION}: analyze again with this version`);
  if (plan.tool !== tool) throw new PlanError(`${path}: made by app-assignment ${JSON.stringify(plan.tool)}, this is ${tool}: analyze again with this version (its rewrites may differ)`);
  const inputs = plan.inputs?.files;
  if (typeof plan.inputs?.noIgnore !== 'boolean' || !Array.isArray(inputs) ||
    !inputs.every((input: Partial<PlanInput> | null) => typeof input?.path === 'string' && typeof input.sha256 === 'string' && (input.written === undefined || typeof input.written === 'string'))) {
    throw new PlanError(`${path}: the plan does not say which files its decisions read ("inputs"): analyze again`);
  }
  for (const file of plan.files as (Partial<PlanFile> | null)[]) {
    const edits: readonly PlanEdit[] | undefined = Array.isArray(file?.edits) ? file.edits : undefined;
    const ordered = edits?.every((edit, i) => Number.isInteger(edit.start) && Number.isInteger(edit.end) && edit.start <= edit.end && typeof edit.text === 'string' &&
      (i === 0 || edit.start >= edits[i - 1]!.end)) === true;
    // A path stays inside the folder the plan is applied in: relative, with `/`, and no `..` segment.
    const inside = typeof file?.path === 'string' && !file.path.startsWith('/') && !/^[A-Za-z]:|\\/.test(file.path) && !file.path.split('/').includes('..');
    if (!inside || typeof file.sha256 !== 'string' || !ordered) {
      throw new PlanError(`${path}: a file entry is malformed (${JSON.stringify(file).slice(0, 120)}): analyze again`);
    }
  }
  return plan as unknown as Plan;
}

/**
 * One plan from the units of a sharded analysis (each `analyze --shard i/n`): every shard of `n` once, all made by
 * the same tool with the same options; a file in two units must be planned alike. The report lists every unit's files.
 */
export function mergePlans(units: readonly { readonly name: string; readonly plan: Plan }[]): Plan {
  if (units.length === 0) throw new PlanError('no unit to merge: give the files "app-assignment analyze --shard i/n --out <file>" wrote, or their folder');
  const [first] = units;
  const runOf = (plan: Plan) => JSON.stringify({ ...plan.run, noIgnore: plan.inputs.noIgnore });
  for (const unit of units) {
    if (runOf(unit.plan) !== runOf(first!.plan)) {
      throw new PlanError(`${unit.name} was analyzed with other paths or options than ${first!.name} (${runOf(unit.plan)} vs ${runOf(first!.plan)}): analyze every shard with the same command`);
    }
  }
  const shards = units.flatMap((unit) => unit.plan.shards.map((shard) => ({ shard, name: unit.name })));
  const whole = units.filter((unit) => unit.plan.shards.length === 0);
  if (whole.length > 0 && units.length > 1) throw new PlanError(`${whole[0]!.name} is a whole run, not a shard: merge only the units of one sharded analysis`);
  if (whole.length === 0) {
    const counts = new Set(shards.map(({ shard }) => shard.split('/')[1]));
    if (counts.size !== 1) throw new PlanError(`the units are slices of different counts (${[...counts].map((n) => `of ${n}`).join(', ')}): analyze every shard with the same --shard i/n`);
    const count = Number([...counts][0]);
    const seen = new Map<string, string>();
    for (const { shard, name } of shards) {
      if (seen.has(shard)) throw new PlanError(`shard ${shard} is in both ${seen.get(shard)} and ${name}: give each unit once`);
      seen.set(shard, name);
    }
    const missing = Array.from({ length: count }, (_, i) => `${i + 1}/${count}`).filter((shard) => !seen.has(shard));
    if (missing.length > 0) throw new PlanError(`missing ${missing.length === 1 ? 'shard' : 'shards'} ${missing.join(', ')}: every shard's unit is needed, or a group could be written by half`);
  }
  const files = new Map<string, PlanFile>();
  for (const unit of units) {
    for (const file of unit.plan.files) {
      const known = files.get(file.path);
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(file)) {
        throw new PlanError(`${file.path} is planned differently by two units (one of them ${unit.name}): the tree changed between them; analyze every shard of the same commit`);
      }
      files.set(file.path, file);
    }
  }
  const inputs = new Map<string, PlanInput>();
  for (const unit of units) {
    for (const input of unit.plan.inputs.files) {
      const known = inputs.get(input.path);
      // One unit may have planned the file (and knows the text it writes), another only read it.
      if (known !== undefined && known.sha256 !== input.sha256) {
        throw new PlanError(`${input.path} was read with other text by two units (one of them ${unit.name}): the tree changed between them; analyze every shard of the same commit`);
      }
      inputs.set(input.path, known?.written === undefined ? input : known);
    }
  }
  const groups = new Map<string, readonly string[]>();
  for (const unit of units) for (const group of unit.plan.groups) groups.set(group.join('\u0000'), group);
  const reports = new Map<string, FileReport>();
  for (const unit of units) for (const file of unit.plan.report.files) reports.set(file.path, file);
  const list = [...reports.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    version: PLAN_VERSION,
    tool: first!.plan.tool,
    run: first!.plan.run,
    shards: whole.length > 0 ? [] : shards.map(({ shard }) => shard).sort((a, b) => Number(a.split('/')[0]) - Number(b.split('/')[0])),
    files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    groups: [...groups.values()].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    inputs: { noIgnore: first!.plan.inputs.noIgnore, files: [...inputs.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) },
    report: { files: list, totals: totalsOf(units.map((unit) => unit.plan.report.totals), list) },
  };
}

/** The totals of merged reports: counted again from the files where they can be, added up where only units know them. */
function totalsOf(all: readonly RunReport['totals'][], files: readonly FileReport[]): RunReport['totals'] {
  const sum = (pick: (t: RunReport['totals']) => number | undefined) => all.reduce((n, t) => n + (pick(t) ?? 0), 0);
  const mocks = all.some((t) => t.mocks !== undefined) ? { migrated: sum((t) => t.mocks?.migrated), todos: sum((t) => t.mocks?.todos) } : undefined;
  const optional = (name: 'skipped' | 'unparsable' | 'unread' | 'groupsOutside') => (all.some((t) => t[name] !== undefined) ? { [name]: sum((t) => t[name]) } : {});
  return {
    files: files.filter((f) => !f.path.endsWith('/')).length,
    changed: files.filter((f) => f.status === 'changed').length,
    migrated: files.reduce((n, f) => n + f.migrated, 0),
    todos: files.reduce((n, f) => n + f.todos, 0),
    callers: files.reduce((n, f) => n + (f.callers ?? 0), 0),
    errors: files.filter((f) => f.status === 'error').length,
    ...optional('groupsOutside'),
    ...optional('skipped'),
    ...optional('unparsable'),
    ...optional('unread'),
    ...(mocks === undefined ? {} : { mocks }),
  };
}

/** The files of a plan one `apply --shard i/n` writes: whole groups, each by its first file's path, as `migrate --shard` does. */
export function planFilesOfShard(plan: Plan, shard: Shard | undefined): PlanFile[] {
  if (shard === undefined) return [...plan.files];
  const firstOf = firstFiles(plan);
  return plan.files.filter((file) => shardIndexOf(firstOf.get(file.path) ?? file.path, shard.count) === shard.index);
}

/** The owner key of the files CODEOWNERS gives nobody (a real owner is a `@name` or an e-mail address). */
export const NOBODY = 'nobody';

/** Each file of a plan with the group it is written in: the group's first file stands for it. */
function firstFiles(plan: Plan): Map<string, string> {
  const firstOf = new Map<string, string>();
  for (const group of plan.groups) for (const path of group) firstOf.set(path, group[0]!);
  return firstOf;
}

/**
 * Whom each part of a plan goes to, for one pull request per owner: a group of files written together goes whole to
 * the owners of its first file (CODEOWNERS's owners of that file, joined by a space, or `nobody`), as a shard takes
 * it whole. `ownerOf` gives a plan path's key. Sorted by owner; each with its files and the groups that also reach
 * files of other owners.
 */
export function planOwners(plan: Plan, ownerOf: (path: string) => string): { owner: string; files: string[]; spanning: string[][] }[] {
  const firstOf = firstFiles(plan);
  const byOwner = new Map<string, { owner: string; files: string[]; spanning: string[][] }>();
  for (const file of plan.files) {
    const owner = ownerOf(firstOf.get(file.path) ?? file.path);
    const entry = byOwner.get(owner) ?? { owner, files: [], spanning: [] };
    entry.files.push(file.path);
    byOwner.set(owner, entry);
  }
  for (const group of plan.groups) {
    const owner = ownerOf(group[0]!);
    if (group.some((path) => ownerOf(path) !== owner)) byOwner.get(owner)?.spanning.push([...group]);
  }
  return [...byOwner.values()].sort((a, b) => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0));
}

/** The files of a plan `apply --owner <owner>` writes: whole groups, each by its first file's owner. */
export function planFilesOfOwner(plan: Plan, ownerOf: (path: string) => string, owner: string): PlanFile[] {
  const firstOf = firstFiles(plan);
  return plan.files.filter((file) => ownerOf(firstOf.get(file.path) ?? file.path) === owner);
}

/**
 * What `apply` would write: each file's text now, and the text the plan makes of it; a file whose text is not the one
 * the plan was made on (or that is gone) is stale, with why.
 */
export function planChanges(plan: Plan, files: readonly PlanFile[], cwd: string): { changes: Map<string, { before: string; after: string }>; stale: Map<string, string> } {
  const changes = new Map<string, { before: string; after: string }>();
  const stale = new Map<string, string>();
  for (const file of files) {
    const path = resolve(cwd, file.path);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      stale.set(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): not written`);
      continue;
    }
    if (sha256(text) !== file.sha256) {
      stale.set(path, 'changed since the plan was made: not written (analyze again, then apply the new plan)');
      continue;
    }
    changes.set(path, { before: text, after: applyEdits(text, file.edits) });
  }
  // A file the decisions read, changed, added or removed since, holds back each group it may bear on.
  const moved = movedInputs(plan, cwd);
  if (moved.length > 0) {
    const groupOf = new Map<string, readonly string[]>();
    for (const group of plan.groups) for (const path of group) groupOf.set(path, group);
    const reasons = new Map<string, string | undefined>();
    for (const file of files) {
      const path = resolve(cwd, file.path);
      if (!changes.has(path)) continue;
      const group = groupOf.get(file.path) ?? [file.path];
      const key = group.join('\u0000');
      if (!reasons.has(key)) reasons.set(key, bearingOn(group, moved, plan.run.analysis, (member) => changes.get(resolve(cwd, member))?.before ?? readText(resolve(cwd, member))));
      const reason = reasons.get(key);
      if (reason === undefined) continue;
      changes.delete(path);
      stale.set(path, `${reason}: not written (analyze again, then apply the new plan)`);
    }
  }
  return { changes, stale };
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A file the plan's decisions read that is not as they read it: changed, added or removed (with its text now). */
interface MovedInput {
  readonly path: string;
  readonly how: 'changed' | 'added' | 'removed';
  readonly text?: string;
}

/**
 * The files of the run that are not as the analysis read them: each input whose text is neither the one read nor the
 * one the plan writes (another part of the plan may be applied already), and each source file the run would read now
 * that it did not read then.
 */
function movedInputs(plan: Plan, cwd: string): MovedInput[] {
  const moved: MovedInput[] = [];
  const known = new Set<string>();
  for (const input of plan.inputs.files) {
    const path = resolve(cwd, input.path);
    known.add(path);
    const text = readText(path);
    if (text === undefined) {
      moved.push({ path: input.path, how: 'removed' });
      continue;
    }
    const hash = sha256(text);
    if (hash !== input.sha256 && hash !== input.written) moved.push({ path: input.path, how: 'changed', text });
  }
  const { universe } = runUniverse({ paths: plan.run.paths, cwd, project: plan.run.project, noIgnore: plan.inputs.noIgnore });
  for (const file of universe) {
    if (known.has(file)) continue;
    const text = readText(file);
    if (text !== undefined) moved.push({ path: toPosix(relative(cwd, file)), how: 'added', text });
  }
  return moved;
}

/**
 * Why a moved input may bear on a group's decision, or undefined when it cannot. A file removed may have been a caller,
 * a mock or a config. A file added or changed bears on the group when its text now
 * - may hold a mock or an assertion of the request (a test asserting a URL, a setup's mock): on every group;
 * - may hold a call of the request: on a group with mocks (a mock follows every call it can stand for);
 * - spells a name a file of the group exports or imports, or a module name of one of them (a new caller of a
 *   wrapper, an edited constant): on that group.
 * Text a file no longer has only takes a use away, and the plan decided with that use in view.
 */
function bearingOn(group: readonly string[], moved: readonly MovedInput[], analysis: AnalysisOptions, textOf: (path: string) => string | undefined): string | undefined {
  let names: Map<string, string> | undefined;
  let mocks: boolean | undefined;
  for (const input of moved) {
    if (input.how === 'removed') return `${input.path}, which the plan's decisions read, was removed since the plan was made`;
    const text = input.text ?? '';
    const since = `${input.path} ${input.how === 'added' ? 'was added' : 'changed'} since the plan was made`;
    const call = mayContainAssignCall(text, analysis);
    if (mayContainMock(text) && (call || mayMentionRequest(text))) return `${since} and may mock or assert the request, which every decision may depend on`;
    if (call || mayMentionRequest(text)) {
      mocks ??= group.some((path) => mayContainMock(textOf(path) ?? ''));
      if (mocks) return `${since} and may send the request, which the mocks of this group stand for`;
    }
    if (names === undefined) {
      names = new Map();
      const all = group.map((path) => ({ path, ...namesOf(path, textOf(path) ?? '') }));
      // A name a file of the group exports is named as that file's before a file that imports it.
      for (const { path, own } of all) for (const name of own) if (!names.has(name)) names.set(name, `a name ${path} declares`);
      for (const { path, taken } of all) for (const name of taken) if (!names.has(name)) names.set(name, `a name ${path} imports`);
    }
    const spelled = wordsOf(text);
    const name = [...names.keys()].find((word) => spelled.has(word));
    if (name !== undefined) return `${since} and spells "${name}", ${names.get(name)}: it may use what the plan changes`;
  }
  return undefined;
}

const WORD = /[A-Za-z_$][\w$]*/g;

function wordsOf(text: string): Set<string> {
  return new Set(text.match(WORD) ?? []);
}

/**
 * The names by which other files reach a planned file, or that it takes from them: what it exports or imports, and
 * its module name (its folder's for an index file). Read from the text: a name more is only a group held back more.
 */
function namesOf(path: string, text: string): { own: string[]; taken: string[] } {
  const own: string[] = [];
  const taken: string[] = [];
  const base = path.split('/').pop()!.replace(/\.[^.]*$/, '');
  const folder = path.split('/').slice(-2, -1)[0];
  const first = (part: string) => part.trim().replace(/^type\s+/, '').match(WORD)?.[0];
  for (const m of text.matchAll(/\bexport\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:const|let|var|function\*?|class|interface|type|enum|namespace)\s+([A-Za-z_$][\w$]*)/g)) own.push(m[1]!);
  for (const m of text.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)) m[1]!.split(',').forEach((part) => own.push(...[first(part)].filter((n) => n !== undefined)));
  for (const m of text.matchAll(/\b(?:module\.)?exports\.([A-Za-z_$][\w$]*)/g)) own.push(m[1]!);
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?(?:[A-Za-z_$][\w$]*\s*,\s*)?\{([^}]*)\}/g)) m[1]!.split(',').forEach((part) => taken.push(...[first(part)].filter((n) => n !== undefined)));
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?([A-Za-z_$][\w$]*)\s*(?:,|from\b)/g)) taken.push(m[1]!);
  for (const m of text.matchAll(/(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g)) {
    const parts = m[1]!.split('/');
    const last = parts.pop()!.replace(/\.[^.]*$/, '');
    if (/^(?:\.|@\/|~\/)/.test(m[1]!)) taken.push(last === 'index' || last === '' ? parts.pop() ?? last : last);
  }
  // The module's own name last: a message names the function or type a caller spells before the module it comes from.
  own.push(base === 'index' && folder !== undefined ? folder : base);
  const word = (name: string) => name.length > 1 && /^[A-Za-z_$][\w$]*$/.test(name);
  return { own: own.filter(word), taken: taken.filter(word) };
}
