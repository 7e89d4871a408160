/**
 * Wrappers: a function of the program that sends the deprecated request for its callers. A caller's rewrite may have
 * to edit the function itself (its URL, a body it builds), which every other caller shares; so a function and all its
 * callers are migrated together, or none of them is. This is where that is decided, over the findings of one file or
 * of a whole project: every front end settles its findings here before it reports or rewrites them.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Finding } from '../facts/finding.js';
import type { SourceContext } from '../facts/context.js';
import { type Reason, ReasonCode } from '../facts/reasons.js';
import type { TextEdit } from '../render/render.js';
import { findVariable, isExported, isScriptGlobal, usesOf } from '../facts/scope.js';
import { bindingUsesInModule, endpointUses, type HeldUse, placeOf, type UnreadUse } from './endpoint-uses.js';

/**
 * Every place a function is used (the identifiers that name it), or 'unknown' when not all of them can be seen: a
 * method, a function exported where this analysis does not see every importer; or the first place a file of a type
 * not read as code names it (an HTML page's module script, an MDX page: `index.html:6`), where a call cannot be read.
 */
export type FunctionUses = (fn: TSESTree.FunctionLike, ctx: SourceContext) => readonly TSESTree.Node[] | 'unknown' | UnreadUse | HeldUse;

export type { HeldUse, UnreadUse };
export { placeOf };

/** The uses one file shows: a function that is not exported, named by a declaration or a const. */
export const usesInFile: FunctionUses = (fn, ctx) =>
  // A global function of a classic script: other scripts of the page may call it.
  isScriptGlobal(fn, ctx.text, ctx.file) ? 'unknown' : usesInModule(fn, ctx);

/**
 * Uses that know their file is a module whatever it imports (a component's script blocks): no top-level function of
 * theirs is global. `usesInModule` is one; a front end marks its own such reading with `MODULE_USES`.
 */
export const MODULE_USES = new WeakSet<FunctionUses>();

/** The uses one module shows (a file known to be a module): a function that is not exported, by a declaration or a const. */
export const usesInModule: FunctionUses = (fn, ctx) => {
  // An RTK Query endpoint's query function: its uses are the triggers of the endpoint, read through the api.
  const endpoint = endpointUses(fn, ctx, bindingUsesInModule, (node) => (rootOf(node) === rootOf(fn) ? ctx : undefined));
  if (endpoint !== undefined) return endpoint;
  const id = nameOf(fn);
  const variable = id === undefined ? undefined : findVariable(ctx.getScope(id), id.name);
  if (variable === undefined || isExported(variable) || variable.defs.length !== 1) return 'unknown';
  // `export function f`, `export default function f`: other modules may call it.
  if (fn.parent?.type === 'ExportNamedDeclaration' || fn.parent?.type === 'ExportDefaultDeclaration') return 'unknown';
  return usesOf(variable).map((ref) => ref.identifier as TSESTree.Node);
};
MODULE_USES.add(usesInModule);

/** Whether other modules may import the function: `export function f`, `export default`, `export const f`, `export { f }`. */
function exported(fn: TSESTree.FunctionLike, ctx: SourceContext): boolean {
  if (fn.parent?.type === 'ExportNamedDeclaration' || fn.parent?.type === 'ExportDefaultDeclaration') return true;
  const id = nameOf(fn);
  const variable = id === undefined ? undefined : findVariable(ctx.getScope(id), id.name);
  return variable !== undefined && isExported(variable);
}

/** The identifier that declares a function: `function f`, `const f = () => ...`. */
export function nameOf(fn: TSESTree.FunctionLike): TSESTree.Identifier | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id ?? undefined;
  const parent = fn.parent;
  return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' && parent.init === fn ? parent.id : undefined;
}


interface Holder {
  readonly fn: TSESTree.FunctionLike;
  readonly ctx: SourceContext;
}

const editsOf = (finding: Finding): readonly TextEdit[] =>
  finding.edits ?? finding.choices?.flatMap((choice) => choice.edits) ?? [];

function inside(edit: TextEdit, holder: Holder): boolean {
  return edit.file === holder.ctx.file && edit.range[0] >= holder.fn.range[0] && edit.range[1] <= holder.fn.range[1];
}

const editKey = (edit: TextEdit): string => `${edit.file ?? ''}:${edit.range[0]}:${edit.range[1]}:${edit.text}`;

/**
 * Settles findings that share a followed function's code. Returns the findings in the same order: where a function
 * and all its callers can be migrated (every caller a `fix` or `review`, all asking the same edits of the function,
 * every use of the function among them), each caller keeps its rewrite and the function's edits are made once; else
 * no finding of the group changes anything, and each says why (a caller that could be migrated alone names the one
 * that holds the group back; the function's own call says its callers cannot all be migrated).
 */
export function settleWrappers(findings: readonly Finding[], uses: FunctionUses = usesInFile): Finding[] {
  // The followed functions that hold an edit of some finding: their code is shared by all their callers.
  const followed: Holder[] = [];
  for (const finding of findings) {
    for (const step of finding.call.via) if (!followed.some((h) => h.fn === step.fn)) followed.push({ fn: step.fn, ctx: step.ctx });
  }
  if (followed.length === 0) return [...findings];
  const holders = followed.filter((holder) => findings.some((f) => editsOf(f).some((edit) => inside(edit, holder))));
  if (holders.length === 0) return markRepeats(explainHeldCalls([...findings], new Set()));

  // Groups: the findings that edit a holder or call through one, merged where they overlap.
  const groupOf = new Map<number, Set<number>>();
  for (const holder of holders) {
    const members = new Set<number>();
    // The function's own request call, found on its own, belongs with its callers.
    const ownCallsOf = new Set(findings.flatMap((f) => f.call.via.filter((step) => step.fn === holder.fn).map((step) => step.node)));
    findings.forEach((finding, index) => {
      if (finding.call.via.some((step) => step.fn === holder.fn) || editsOf(finding).some((edit) => inside(edit, holder)) ||
        ownCallsOf.has(finding.call.node)) members.add(index);
    });
    for (const index of [...members]) for (const other of groupOf.get(index) ?? []) members.add(other);
    for (const index of members) groupOf.set(index, members);
  }

  const settled = [...findings];
  for (const members of new Set(groupOf.values())) {
    const indexes = [...members].sort((a, b) => a - b);
    const callers = indexes.filter((i) => findings[i]!.call.via.length > 0);
    if (selfSufficient(indexes.map((i) => findings[i]!), holders)) {
      // The function's own rewrite holds whatever its callers pass: it is made alone; each caller is migrated with it.
      for (const index of callers) {
        const finding = findings[index]!;
        // A request sent through a helper with the route written at the call keeps its own rewrite.
        if (finding.call.caller !== true) continue;
        settled[index] = { ...finding, outcome: 'fix', edits: [], reasons: [] };
      }
      continue;
    }
    const problem = groupProblem(indexes.map((i) => findings[i]!), callers.map((i) => findings[i]!), holders, uses);
    if (problem === undefined) {
      const carried = carryAtRequests(settled, indexes, holders);
      for (const index of indexes) settled[index] = carried[index]!;
      continue;
    }
    for (const index of indexes) {
      const finding = findings[index]!;
      // A caller that cannot be migrated says its own reasons (built_in, ...); the others say what holds them back.
      const own = finding.outcome === 'manual' && finding.call.via.length > 0 ? finding.reasons : [];
      const reasons: Reason[] = own.length > 0 ? [...own] : [problem.reason(finding)];
      const { edits: _edits, choices: _choices, ...rest } = finding;
      settled[index] = { ...rest, outcome: 'manual', reasons };
    }
  }
  return markRepeats(explainHeldCalls(settled, new Set(groupOf.keys())));
}

/**
 * One rewrite for a group that migrates: each edit once. An edit inside a function's code is carried by that
 * function's own request call when it is a finding of the group, with the notes of the callers whose rewrite is made
 * there alone: a note about the rewrite (a flag dropped) sits at the request it concerns, where the reviewer of the
 * changed line sees it, and such a caller goes with its wrapper. Every other edit is carried by the first finding that
 * asks for it.
 */
function carryAtRequests(settled: readonly Finding[], indexes: readonly number[], holders: readonly Holder[]): Finding[] {
  const result = [...settled];
  const requestOf = (edit: TextEdit): number | undefined => indexes.find((index) => {
    const finding = settled[index]!;
    if (finding.call.via.length > 0) return false;
    const holder = holders.find((h) => inside(edit, h));
    return holder !== undefined && finding.call.ctx.file === holder.ctx.file &&
      finding.call.node.range[0] >= holder.fn.range[0] && finding.call.node.range[1] <= holder.fn.range[1];
  });
  const carried = new Map<number, TextEdit[]>();
  const notes = new Map<number, Reason[]>();
  const done = new Set<string>();
  const give = (index: number, edit: TextEdit) => {
    if (done.has(editKey(edit))) return;
    done.add(editKey(edit));
    carried.set(index, [...(carried.get(index) ?? []), edit]);
  };
  for (const index of indexes) {
    const finding = settled[index]!;
    const isCaller = finding.call.via.length > 0;
    const edits = finding.edits ?? [];
    const requests = edits.map(requestOf);
    // The request call itself with callers: what it asks alone is what its callers ask (or less), made through them.
    if (!isCaller && indexes.some((i) => settled[i]!.call.via.length > 0)) continue;
    const atRequests = isCaller && edits.length > 0 && requests.every((r) => r !== undefined);
    edits.forEach((edit, i) => give(requests[i] ?? index, edit));
    if (atRequests && finding.reasons.length > 0) {
      const target = requests[0]!;
      const list = notes.get(target) ?? [];
      for (const note of finding.reasons) if (!list.some((n) => n.code === note.code && n.key === note.key)) list.push(note);
      notes.set(target, list);
    }
    result[index] = atRequests ? { ...finding, outcome: 'fix', reasons: [], edits: [] } : { ...finding, edits: [] };
  }
  for (const index of indexes) {
    const finding = result[index]!;
    const own = notes.get(index) ?? [];
    const edits = carried.get(index) ?? [];
    if (finding.call.via.length === 0 && indexes.some((i) => settled[i]!.call.via.length > 0)) {
      result[index] = { ...finding, outcome: own.length > 0 ? 'review' : 'fix', edits, reasons: own };
    } else {
      result[index] = { ...finding, edits, reasons: [...finding.reasons, ...own.filter((n) => !finding.reasons.some((r) => r.code === n.code && r.key === n.key))] };
    }
  }
  return result;
}

/** Callers held back for exactly the reasons of the request they go through (its own, intrinsic ones). */
function markRepeats(settled: Finding[]): Finding[] {
  const key = (finding: Finding) => finding.reasons.map((r) => `${r.code}:${r.key ?? ''}`).join();
  return settled.map((finding) => {
    if (finding.call.caller !== true || finding.outcome !== 'manual') return finding;
    // The nearest call on the way that is a finding of its own (the wrapper's request, or a caller with its own TODO).
    const own = finding.call.via.map((step) => settled.find((other) => other !== finding && other.call.node === step.node))
      .find((other) => other !== undefined);
    return own !== undefined && own.outcome === 'manual' && key(own) === key(finding) ? { ...finding, repeatsWrapper: true } : finding;
  });
}

/**
 * A function's own request call whose callers cannot all be migrated, though none of them edits anything (each is
 * left with its own reasons): it says so, rather than a reason of its own that its callers' arguments answer.
 */
function explainHeldCalls(settled: Finding[], grouped: ReadonlySet<number>): Finding[] {
  settled.forEach((finding, index) => {
    if (finding.call.via.length > 0 || finding.outcome !== 'manual' || grouped.has(index)) return;
    const callers = settled.filter((other) => other.call.via.some((step) => step.node === finding.call.node));
    // A caller held back for the same reasons as the call itself says nothing new: the call keeps its own.
    const same = (caller: Finding) => caller.reasons.map((r) => `${r.code}:${r.key ?? ''}`).join() === finding.reasons.map((r) => `${r.code}:${r.key ?? ''}`).join();
    const blocker = callers.find((caller) => caller.outcome === 'manual' && !same(caller));
    if (blocker !== undefined) {
      settled[index] = { ...finding, reasons: [{ code: ReasonCode.wrapperCallers, key: placeOf(blocker.call.node, blocker.call.ctx) }] };
    }
  });
  return settled;
}

/**
 * The function's own request call, read alone (its parameters unknown), has an exact rewrite, and its callers ask for
 * nothing else: every edit a caller asks is one the function's own rewrite makes. Such a rewrite is right for any
 * argument a caller passes (an unknown value is never taken for a flag or an app code), so callers the analysis cannot
 * see do not hold it back.
 */
function selfSufficient(members: readonly Finding[], holders: readonly Holder[]): boolean {
  // The function's own request: sent here, or through a request helper given the route written here (the helper is
  // never changed, so its call is this function's own as much as a direct one).
  const isOwn = (finding: Finding) => finding.call.via.length === 0 || finding.call.caller !== true;
  const own = members.filter((finding) => isOwn(finding) && holders.some((h) => finding.call.node.range[0] >= h.fn.range[0] &&
    finding.call.node.range[1] <= h.fn.range[1] && finding.call.ctx.file === h.ctx.file));
  if (own.length === 0 || own.some((finding) => finding.outcome !== 'fix')) return false;
  const made = new Set(own.flatMap((finding) => (finding.edits ?? []).map(editKey)));
  return members.every((finding) => own.includes(finding) || (finding.outcome === 'fix' && editsOf(finding).every((edit) => made.has(editKey(edit)))));
}

interface Problem {
  /** What a finding of the group says when it is held back by this problem. */
  reason(finding: Finding): Reason;
}

function groupProblem(members: readonly Finding[], callers: readonly Finding[], holders: readonly Holder[], uses: FunctionUses): Problem | undefined {
  // A caller's edits are made once each; a span two findings edit alike is one edit.
  // Two findings that ask different rewrites of the same code: each names the other, the rest name the first.
  const differ = (one: Finding, other: Finding): Problem => ({
    reason: (finding) => {
      const named = finding === one ? other : one;
      return { code: ReasonCode.wrapperCallersDiffer, key: placeOf(named.call.node, named.call.ctx) };
    },
  });
  const heldBy = (blocker: Finding): Problem => ({
    reason: (finding) => finding.call.via.length === 0
      ? { code: ReasonCode.wrapperCallers, key: placeOf(blocker.call.node, blocker.call.ctx) }
      : { code: ReasonCode.wrapperHeldBack, key: placeOf(blocker.call.node, blocker.call.ctx) },
  });
  const unknownCallers: Problem = { reason: () => ({ code: ReasonCode.wrapperCallersUnknown }) };
  // The usual cause, named: the package.json that `npm init -y` writes (not private, with `main`) makes every
  // function of the package one that other packages may call.
  const installable: Problem = { reason: () => ({ code: ReasonCode.wrapperPackageInstallable }) };
  const scriptGlobal: Problem = { reason: () => ({ code: ReasonCode.wrapperScriptGlobal }) };
  const unseen = (fn: TSESTree.FunctionLike, ctx: SourceContext) =>
    !MODULE_USES.has(uses) && isScriptGlobal(fn, ctx.text, ctx.file) ? scriptGlobal
      : exported(fn, ctx) && ctx.file !== undefined && ctx.project?.installable?.(ctx.file) === true ? installable : unknownCallers;

  const blocker = callers.find((caller) => caller.outcome !== 'fix' && caller.outcome !== 'review');
  if (blocker !== undefined) return heldBy(blocker);
  // The function's own call, read alone, cannot be migrated: only its callers' facts say how, and there are none.
  const lone = members.find((finding) => finding.call.via.length === 0 && finding.outcome !== 'fix' && finding.outcome !== 'review');
  if (lone !== undefined && callers.length === 0) return heldBy(lone);

  // No two findings may ask different things of one span: one rewrite of the shared code must serve every caller.
  const groupHolders = holders.filter((holder) => members.some((f) => f.call.via.some((step) => step.fn === holder.fn) ||
    editsOf(f).some((edit) => inside(edit, holder))));
  const edits = members.flatMap((finding) => editsOf(finding).map((edit) => ({ edit, finding })));
  for (const [i, a] of edits.entries()) {
    const clash = edits.slice(i + 1).find((b) => a.edit.file === b.edit.file && a.edit.range[0] < b.edit.range[1] &&
      b.edit.range[0] < a.edit.range[1] && editKey(a.edit) !== editKey(b.edit));
    if (clash !== undefined) return differ(clash.finding === a.finding ? a.finding : clash.finding, a.finding);
  }

  // Every use of every function on the way must be one of the calls seen here: another use would send the request
  // the old way to the new route, or the new way from code that was never read.
  const seen = new Set<TSESTree.Node>();
  for (const finding of callers) {
    seen.add(finding.call.node.callee);
    for (const step of finding.call.via) seen.add(step.node.callee);
  }
  // Only the functions from a caller down to the deepest one whose code changes: a helper below it (a `request` that
  // every kind of call goes through) is not changed, so its other uses do not matter.
  const onTheWay = new Map<TSESTree.FunctionLike, SourceContext>();
  for (const finding of callers) {
    const deepest = finding.call.via.findLastIndex((step) => groupHolders.some((holder) => holder.fn === step.fn));
    for (const step of finding.call.via.slice(0, deepest + 1)) onTheWay.set(step.fn, step.ctx);
  }
  for (const holder of groupHolders) onTheWay.set(holder.fn, holder.ctx);
  for (const [fn, ctx] of onTheWay) {
    const found = uses(fn, ctx);
    if (found === 'unknown') return unseen(fn, ctx);
    // A use that holds the group for a reason of its own (a trigger of an endpoint passed on), named.
    if (!Array.isArray(found) && 'held' in (found as HeldUse)) {
      const held = (found as HeldUse).held;
      return { reason: () => held };
    }
    // A page or document that names the function may call it with a body no analysis reads.
    if (!Array.isArray(found)) {
      const at = (found as UnreadUse).unreadAt;
      return { reason: () => ({ code: ReasonCode.wrapperCallerUnread, key: at }) };
    }
    const unseenUses = (found as readonly TSESTree.Node[]).filter((use) => !seen.has(use));
    // A call of it in its own file that is no deprecated call read here (`assignDir(APPS.none, dir)`, whose app code
    // the route cannot take): that call is what holds the function back, named, not callers that cannot be seen.
    const plainCall = unseenUses.find((use) => use.parent?.type === 'CallExpression' && use.parent.callee === use && rootOf(use) === rootOf(fn));
    if (plainCall !== undefined) {
      const key = placeOf(plainCall.parent!, ctx);
      return { reason: () => ({ code: ReasonCode.wrapperHeldBack, key }) };
    }
    if (unseenUses.length > 0) return unseen(fn, ctx);
  }
  return undefined;
}

function rootOf(node: TSESTree.Node): TSESTree.Node {
  let root = node;
  while (root.parent != null) root = root.parent;
  return root;
}
