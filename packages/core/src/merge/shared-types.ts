/**
 * Bodies typed by an old body type that another module declares (`import type { AssignAppRequest } from './types'`).
 * The type can take the v3 body's members only if nothing else needs the old ones: every use of it in the program must
 * be the annotation of a body that is migrated in the same run. That is a question about all findings and all files,
 * so it is decided here, after recognition, with the uses of the type a project analysis counts across its modules,
 * and again after the wrappers are settled (a body left with a TODO there holds its type back).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type Finding, findingOf } from '../analysis/analyze.js';
import type { SourceContext } from '../facts/context.js';
import { ReasonCode } from '../facts/reasons.js';
import { lineAt } from '../facts/text-facts.js';
import { placeOf } from './wrappers.js';
import type { TypeDeclaration } from '../recognize/typed-body.js';

/**
 * Every use of a top-level declaration (the identifiers that name it) across the program, or 'unknown' when not all
 * of them can be seen: a namespace import, a re-export out of the program, a published package's entry.
 */
export type DeclarationUses = (declaration: TypeDeclaration, ctx: SourceContext) => readonly TSESTree.Node[] | 'unknown';

/**
 * The findings, with each group of bodies that share an old type of another module rewritten together with the type,
 * where every use of the type is one of them and each of them is migrated after `settle` (the wrapper decision);
 * otherwise every finding as it was, `body-typed` included.
 *
 * Each type is decided with its own bodies: one held back (a body of it left with a TODO, a use that is no body
 * migrated here) keeps its old members and its bodies, and the others are rewritten. Holding one back may hold back a
 * body of another type (a wrapper whose callers' bodies are typed by both), so the decision is made again until no
 * more is held.
 */
export function settleTypedBodies(findings: readonly Finding[], uses: DeclarationUses, settle: (findings: Finding[]) => Finding[], placeOfUse: PlaceOfUse = () => undefined): Finding[] {
  const groups = new Map<TypeDeclaration, number[]>();
  findings.forEach((finding, index) => {
    const shared = finding.call.sharedType;
    if (shared !== undefined) groups.set(shared.declaration, [...(groups.get(shared.declaration) ?? []), index]);
  });
  if (groups.size === 0) return settle([...findings]);
  // Each body as it is when its type is held back: `body-typed`, naming what holds the type where that is known.
  const held = [...findings];
  const retyped = [...findings];
  const writable = new Set<TypeDeclaration>();
  for (const [declaration, members] of groups) {
    const rewritten = members.map((index) => withType(findings[index]!));
    const annotations = new Set<TSESTree.Node>(members.map((index) => findings[index]!.call.sharedType!.annotation));
    const found = uses(declaration, findings[members[0]!]!.call.sharedType!.ctx);
    const other = found === 'unknown' ? undefined : found.find((use) => !annotations.has(use));
    const place = other === undefined ? undefined : placeOfUse(other);
    if (place !== undefined) {
      const { ctx } = findings[members[0]!]!.call.sharedType!;
      const key = `${declaration.id.name}${ctx.file === undefined ? '' : ` (${ctx.file})`}, also used at ${place} by something that is not a body migrated here`;
      for (const index of members) held[index] = withTypeHeldBy(findings[index]!, key);
    }
    if (rewritten.some((finding) => finding === undefined) || found === 'unknown' || found.length !== annotations.size || other !== undefined) continue;
    writable.add(declaration);
    members.forEach((index, i) => (retyped[index] = rewritten[i]!));
  }
  const migrated = (settled: readonly Finding[], index: number) => settled[index]!.outcome === 'fix' || settled[index]!.outcome === 'review';
  const current = [...retyped];
  for (const [declaration, members] of groups) if (!writable.has(declaration)) for (const index of members) current[index] = held[index]!;
  for (let round = 0; round <= groups.size; round++) {
    const settled = settle([...current]);
    // A type whose bodies the wrappers held back keeps its old members, and each of its bodies says which body holds
    // the type back, so that its TODO names the cause instead of the type alone.
    const failing = [...writable].filter((declaration) => groups.get(declaration)!.some((index) => !migrated(settled, index)));
    if (failing.length === 0) return settled;
    for (const declaration of failing) {
      writable.delete(declaration);
      const members = groups.get(declaration)!;
      const heldBack = members.filter((index) => !migrated(settled, index));
      // The body held for its own reasons (what it sends), else one held for reasons other than the group of a wrapper
      // it goes through.
      const own = (index: number) => findings[index]!.call.facts.obstacles.some((reason) => reason.code !== ReasonCode.bodyTyped);
      const blocker = heldBack.find(own) ?? heldBack.find((index) => settled[index]!.reasons.some((reason) => !WRAPPER_REASONS.has(reason.code))) ?? heldBack[0]!;
      const at = findings[blocker]!.call;
      const key = `${declaration.id.name}${at.sharedType!.ctx.file === undefined ? '' : ` (${at.sharedType!.ctx.file})`}, which also types the body of the call ${placeOf(at.node, at.ctx)}, held back by its own TODO`;
      for (const index of members) current[index] = index === blocker ? held[index]! : withTypeHeldBy(findings[index]!, key);
    }
  }
  return settle(current);
}

/** Where a use of a type is, as a TODO names it (`src/jobs/backfill.ts:15`); undefined when the front end cannot say. */
export type PlaceOfUse = (use: TSESTree.Node) => string | undefined;

/** The place of a use among a front end's parsed files: the file whose tree holds it, by its id, and the line. */
export function placeOfUseIn(files: () => Iterable<{ readonly program: TSESTree.Program; readonly text: string; readonly id: string | undefined }>): PlaceOfUse {
  return (use) => {
    let root: TSESTree.Node = use;
    while (root.parent != null) root = root.parent;
    for (const file of files()) if (file.program === root && file.id !== undefined) return `${file.id}:${lineAt(file.text, use.range[0])}`;
    return undefined;
  };
}

/** Reasons a caller takes from the wrapper it goes through, not from its own body. */
const WRAPPER_REASONS: ReadonlySet<string> = new Set([ReasonCode.wrapperCallers, ReasonCode.wrapperCallersDiffer, ReasonCode.wrapperCallersUnknown]);

/** The finding planned again with its `body-typed` reason naming what holds the type back. */
function withTypeHeldBy(finding: Finding, key: string): Finding {
  const { call } = finding;
  if (!call.facts.obstacles.some((reason) => reason.code === ReasonCode.bodyTyped)) return finding;
  const obstacles = call.facts.obstacles.map((reason) => (reason.code === ReasonCode.bodyTyped ? { ...reason, key } : reason));
  return findingOf({ ...call, facts: { ...call.facts, obstacles } });
}

/**
 * The finding planned again without `body-typed`, its rewrite carrying the type's edit; undefined when the type's
 * members cannot be written. A call of a function that holds the typed body is retyped too, and a function's own call
 * that its callers' arguments decide may stay manual here: the wrappers decide them together.
 */
function withType(finding: Finding): Finding | undefined {
  const { call } = finding;
  const shared = call.sharedType!;
  if (shared.edit === undefined) return undefined;
  const index = call.facts.obstacles.findIndex((reason) => reason.code === ReasonCode.bodyTyped);
  if (index < 0) return undefined;
  const obstacles = call.facts.obstacles.filter((_, i) => i !== index);
  return findingOf({ ...call, facts: { ...call.facts, obstacles }, typeEdits: [...(call.typeEdits ?? []), shared.edit] });
}
