/**
 * Which files must be written together. A rewrite that spans files (a wrapper's URL and its callers' bodies, a body
 * type rewritten in its module with the bodies it types) is right only when every part of it is written: a front end
 * that writes or fixes less than all of the files (a path given on the command line, one shard of a CI matrix, one
 * file fixed in the editor) must write none of them.
 *
 * Findings are linked by what their rewrites need of each other, not by sharing code alone: calls through one
 * request helper that none of them changes are independent, while a caller that is rewritten and whose call goes
 * through a function that another finding edits depends on that edit.
 */
import type { Finding } from '../facts/finding.js';
import type { TextEdit } from '../render/render.js';

/** The files one group of rewrites changes or depends on, and its findings. */
export interface WriteGroup {
  /** File ids (`SourceContext.file`), sorted. */
  readonly files: readonly string[];
  /** The findings of the group that are rewritten, in the order they were given. */
  readonly members: readonly Finding[];
}

const rewrites = (finding: Finding): readonly TextEdit[] =>
  finding.outcome === 'fix' || finding.outcome === 'review' ? (finding.edits ?? []) : [];

/**
 * The groups of rewrites among settled findings: each rewritten finding with the files its edits touch, joined with
 * every finding whose call goes through code one of those edits changes. Findings that are not rewritten (manual,
 * choose) belong to no group: their TODOs are comments, right in any file alone. `links` join more files (a test
 * file whose mocks follow calls of other files).
 */
export function writeGroups(findings: readonly Finding[], links: readonly (readonly [string, string])[] = []): WriteGroup[] {
  const parent = new Map<string, string>();
  const root = (file: string): string => {
    let at = file;
    while (parent.has(at) && parent.get(at) !== at) at = parent.get(at)!;
    parent.set(file, at);
    return at;
  };
  const join = (a: string, b: string): void => {
    const ra = root(a);
    const rb = root(b);
    if (ra !== rb) parent.set(rb, ra);
  };
  const fileOf = (finding: Finding): string => finding.call.ctx.file ?? '';
  // A call rewritten with no edit of its own (the caller of a wrapper whose own request rewrites exactly for any
  // argument) depends on nothing being written in its file.
  const rewritten = findings.filter((finding) => rewrites(finding).length > 0);

  // The functions the calls go through, each with the findings that go through it: an edit inside one links them.
  const through = new Map<string, { file: string; range: readonly [number, number]; findings: Finding[] }>();
  for (const finding of rewritten) {
    for (const step of finding.call.via) {
      const key = `${step.ctx.file ?? ''}:${step.fn.range[0]}:${step.fn.range[1]}`;
      const entry = through.get(key) ?? { file: step.ctx.file ?? '', range: step.fn.range, findings: [] };
      entry.findings.push(finding);
      through.set(key, entry);
    }
  }
  for (const finding of rewritten) {
    root(fileOf(finding));
    for (const edit of rewrites(finding)) {
      const file = edit.file ?? fileOf(finding);
      join(fileOf(finding), file);
      for (const fn of through.values()) {
        if (fn.file !== file || edit.range[0] < fn.range[0] || edit.range[1] > fn.range[1]) continue;
        for (const other of fn.findings) join(file, fileOf(other));
      }
    }
  }
  for (const [a, b] of links) join(a, b);
  const groups = new Map<string, { files: Set<string>; members: Finding[] }>();
  for (const file of parent.keys()) {
    const group = groups.get(root(file)) ?? { files: new Set<string>(), members: [] };
    group.files.add(file);
    groups.set(root(file), group);
  }
  for (const finding of rewritten) groups.get(root(fileOf(finding)))!.members.push(finding);
  // A request rewritten by the edits of others (a wrapper's own request, whose URL its callers' group rewrites) is a
  // member of their group.
  const edited = rewritten.flatMap((finding) => rewrites(finding).map((edit) => ({ edit, file: edit.file ?? fileOf(finding) })));
  for (const finding of findings) {
    if (rewrites(finding).length > 0 || (finding.outcome !== 'fix' && finding.outcome !== 'review')) continue;
    const [start, end] = finding.call.node.range;
    const inside = edited.find(({ edit, file }) => file === fileOf(finding) && edit.range[0] >= start && edit.range[1] <= end);
    if (inside !== undefined) groups.get(root(inside.file))!.members.push(finding);
  }
  return [...groups.values()].map(({ files, members }) => ({ files: [...files].sort(), members }));
}

/** The files of a group that are not among `files`, sorted: what a run over `files` alone would leave half done. */
export function filesOutside(group: WriteGroup, files: ReadonlySet<string>): string[] {
  return group.files.filter((file) => !files.has(file));
}

/**
 * A call of a wrapper that needs no word of its own: it is held back for exactly the wrapper's own reasons (the
 * comment at the wrapper's request says them), or it is migrated with its wrapper and passes neither the route nor
 * the body (nor anything else the rewrite changes in its file).
 * Reports for people and the ESLint rule leave such calls out; the wrapper's request speaks for them.
 */
export function goesWithWrapper(finding: Finding, migrated: boolean): boolean {
  const { call } = finding;
  if (call.caller !== true) return false;
  // Held back for exactly the reasons of the request it goes through: the comment there speaks for it.
  if (finding.repeatsWrapper === true) return true;
  const file = call.ctx.file;
  // Inside a function on the way (a wrapper in the same module) is the wrapper's, not the caller's.
  const inWrapper = (range: readonly [number, number]) => call.via.some((step) => step.ctx.file === file && step.ctx.text === call.ctx.text &&
    range[0] >= step.fn.range[0] && range[1] <= step.fn.range[1]);
  const here = (at: { readonly ctx: { readonly file?: string; readonly text: string }; readonly range: readonly [number, number] }) =>
    at.ctx.text === call.ctx.text && at.ctx.file === file && !inWrapper(at.range);
  const holdsOwn =
    (call.body !== undefined && here({ ctx: call.body.ctx, range: call.body.object.range })) ||
    (call.routeAt ?? []).some((at) => here({ ctx: at.ctx, range: at.node.range })) ||
    (finding.edits ?? []).some((edit) => (edit.file ?? file) === file && !inWrapper(edit.range));
  return !holdsOwn && migrated && finding.reasons.length === 0;
}

/** How many calls of wrappers go with this request (`goesWithWrapper`): the request speaks for them. */
export function callersGoingWith(request: Finding, findings: readonly Finding[]): number {
  const migrates = (finding: Finding) => finding.outcome === 'fix' || finding.outcome === 'review';
  return findings.filter((finding) => finding.call.via.at(-1)?.node === request.call.node && goesWithWrapper(finding, migrates(finding))).length;
}

const editKey = (edit: TextEdit) => `${edit.file ?? ''}:${edit.range[0]}:${edit.range[1]}`;

/**
 * The findings that share code with any of `seeds` (a followed function, a call, an edit), transitively: what must be
 * held back with them, since a wrapper is migrated with all its callers or not at all.
 */
export function sharingCode(seeds: ReadonlySet<Finding>, all: readonly Finding[]): Set<Finding> {
  const group = new Set(seeds);
  const touches = (a: Finding, b: Finding): boolean =>
    a.call.via.some((step) => b.call.via.some((other) => other.fn === step.fn) || step.node === b.call.node) ||
    b.call.via.some((step) => step.node === a.call.node) ||
    (a.edits ?? []).some((edit) => (b.edits ?? []).some((other) => editKey(other) === editKey(edit)));
  for (let grown = true; grown;) {
    grown = false;
    for (const finding of all) {
      if (group.has(finding)) continue;
      if ([...group].some((member) => touches(member, finding))) {
        group.add(finding);
        grown = true;
      }
    }
  }
  return group;
}
