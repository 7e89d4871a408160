/**
 * A wrapper's rewrite spans files, and ESLint fixes one file at a time: `eslint --fix` rewrites the first file of a
 * group, then lints the next one in a program that already holds the first one's new text. Read as it is, that program
 * shows a caller passing a v3 body to a wrapper that still sends the deprecated request, and the rest of the group
 * would be held back, half migrated. So each program's decision is remembered with the text it was made on, and a
 * later program whose files hold exactly some of the planned parts is read as the text they were planned on: the files
 * not yet fixed get their part of the same decision. The decision is then made again on that text, and used only if it
 * plans the same parts; otherwise the program is read as it is.
 */
import { applyEdits, type Finding, type TextEdit } from '@app-assignment/core';

/** The findings that share code (a followed function, a request, an edit): migrated together or not at all. */
export interface Group {
  readonly members: readonly Finding[];
  /** Every edit the group makes, once each. */
  readonly edits: readonly TextEdit[];
  /** Every member is `fix`: the group's edits may be a fix; otherwise they are only offered. */
  readonly exact: boolean;
}

const editKey = (edit: TextEdit): string => `${edit.file ?? ''}:${edit.range[0]}:${edit.range[1]}:${edit.text}`;
const spanKey = (edit: TextEdit): string => `${edit.file ?? ''}:${edit.range[0]}:${edit.range[1]}`;

/** The key of a set of edits, whatever their order. */
export function partKey(edits: readonly TextEdit[]): string {
  return edits.map((edit) => `${edit.range[0]}:${edit.range[1]}:${edit.text}`).sort().join('\u0000');
}

function editsOf(finding: Finding): readonly TextEdit[] {
  return finding.outcome === 'fix' || finding.outcome === 'review' ? (finding.edits ?? []) : [];
}

/** Splits settled findings into groups: those that share a followed function, a request call, or an edited span. */
export function groupsOf(findings: readonly Finding[]): Group[] {
  const parent = findings.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) at = parent[at] = parent[parent[at]!]!;
    return at;
  };
  const touches = (a: Finding, b: Finding): boolean =>
    a.call.via.some((step) => step.node === b.call.node || b.call.via.some((other) => other.fn === step.fn)) ||
    b.call.via.some((step) => step.node === a.call.node) ||
    (a.edits ?? []).some((edit) => (b.edits ?? []).some((other) => spanKey(other) === spanKey(edit))) ||
    editsInside(a, b) || editsInside(b, a);
  for (let i = 0; i < findings.length; i++) {
    for (let j = i + 1; j < findings.length; j++) {
      if (root(i) !== root(j) && touches(findings[i]!, findings[j]!)) parent[root(j)] = root(i);
    }
  }
  const byRoot = new Map<number, Finding[]>();
  findings.forEach((finding, index) => {
    const list = byRoot.get(root(index)) ?? [];
    list.push(finding);
    byRoot.set(root(index), list);
  });
  return [...byRoot.values()].map((members) => {
    const seen = new Set<string>();
    const edits: TextEdit[] = [];
    for (const edit of members.flatMap(editsOf)) {
      if (seen.has(editKey(edit))) continue;
      seen.add(editKey(edit));
      edits.push(edit);
    }
    return { members, edits, exact: members.every((member) => member.outcome === 'fix' || (member.outcome === 'manual' && editsOf(member).length === 0)) };
  });
}

/** An edit of `a` inside a function `b` is followed into: `a` changes code that `b` goes through. */
function editsInside(a: Finding, b: Finding): boolean {
  return (a.edits ?? []).some((edit) => b.call.via.some((step) => edit.file === step.ctx.file &&
    edit.range[0] >= step.fn.range[0] && edit.range[1] <= step.fn.range[1]));
}

/** Maps offsets between a text and the same text with some edits applied. */
export interface Shift {
  /** An offset of the planned-on text in the current one; undefined inside an applied edit. */
  toCurrent(offset: number): number | undefined;
  /** An offset of the current text in the planned-on one; undefined inside an applied edit's new text. */
  toOriginal(offset: number): number | undefined;
}

export function shiftOf(applied: readonly TextEdit[]): Shift {
  const edits = [...applied].sort((a, b) => a.range[0] - b.range[0]);
  return {
    toCurrent(offset) {
      let delta = 0;
      for (const edit of edits) {
        if (offset <= edit.range[0]) break;
        if (offset < edit.range[1]) return undefined;
        delta += edit.text.length - (edit.range[1] - edit.range[0]);
      }
      return offset + delta;
    },
    toOriginal(offset) {
      let delta = 0;
      for (const edit of edits) {
        const start = edit.range[0] + delta;
        if (offset <= start) break;
        const end = start + edit.text.length;
        if (offset < end) return undefined;
        delta += edit.text.length - (edit.range[1] - edit.range[0]);
      }
      return offset - delta;
    },
  };
}

/** Which planned parts a file's current text holds: the keys of those parts, and how offsets moved. */
export interface Applied {
  /** The text the parts were planned on. */
  readonly original: string;
  readonly parts: ReadonlySet<string>;
  readonly shift: Shift;
}

/** How many parts a file may have for every combination of them to be tried; beyond, all of them or one. */
const MAX_COMBINED_PARTS = 8;

/**
 * The planned parts that, applied to `original`, give `current` exactly; undefined when no combination does (the
 * file was edited otherwise, and is read as it is).
 */
export function matchApplied(original: string, parts: readonly (readonly TextEdit[])[], current: string): Applied | undefined {
  const tries: number[][] = [];
  if (parts.length <= MAX_COMBINED_PARTS) {
    for (let mask = 1; mask < 1 << parts.length; mask++) tries.push(parts.flatMap((_, index) => ((mask >> index) & 1 ? [index] : [])));
  } else {
    tries.push(parts.map((_, index) => index), ...parts.map((_, index) => [index]));
  }
  for (const indexes of tries) {
    const edits = indexes.flatMap((index) => parts[index]!);
    const growth = edits.reduce((sum, edit) => sum + edit.text.length - (edit.range[1] - edit.range[0]), 0);
    if (original.length + growth !== current.length || overlaps(edits)) continue;
    if (applyEdits(original, edits) !== current) continue;
    return { original, parts: new Set(indexes.map((index) => partKey(parts[index]!))), shift: shiftOf(edits) };
  }
  return undefined;
}

function overlaps(edits: readonly TextEdit[]): boolean {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0]);
  return sorted.some((edit, index) => index > 0 && sorted[index - 1]!.range[1] > edit.range[0]);
}
