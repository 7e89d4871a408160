/**
 * The edit renderer: turns a recognized call and one migration option into text edits. Only the URL span and the
 * body object change; the new object is written in the style of the one it replaces (layout, indentation, quotes,
 * trailing comma), so a migrated file differs from its input in those spans alone.
 *
 * ESLint applies these edits as a fix or suggestion, the codemod applies them to the file: the same text either way.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { FLAG_ENABLED_VALUE, V3Key } from '../facts/contract.js';
import type { MigrationOption } from '../plan/plan.js';
import type { AssignCall } from '../recognize/recognize.js';
import { type Reason, ReasonCode, todoText } from '../facts/reasons.js';
import { enclosingStatement, staticKey } from '../facts/syntax.js';
import { fileQuotes, lineEndingOf } from '../facts/text-facts.js';

export interface TextEdit {
  readonly range: readonly [number, number];
  readonly text: string;
  /** The file to edit, in a project analysis (its `SourceContext.file`); absent: the file analysed. */
  readonly file?: string;
}

type Quote = "'" | '"';

/** The edits that migrate `call` as `option` says; undefined when the call cannot be rewritten in place. */
export function renderMigration(call: AssignCall, option: MigrationOption): TextEdit[] | undefined {
  if (call.urlEdit === undefined || call.body === undefined || call.appCode === undefined) return undefined;
  // The body is already the v3 one (a migration left half done): the URL changes as for any call (a base const that
  // loses its /platform/v1, openapi-fetch's params), the body stays.
  if (option.urlOnly === true) {
    return [call.urlEdit, call.urlEdit.also, ...(call.alsoEdit ?? [])].flatMap((edit) => (edit === undefined ? [] : [{ range: edit.range, text: edit.text, ...fileOf(edit.ctx) }]));
  }
  const object = call.body.object;
  // The object is written in the style of the file that holds it (a caller's, when it was passed to a wrapper).
  const ctx = call.body.ctx;
  const quote = quoteOf(object, ctx);
  const assigneeValue = call.body.sources?.get(option.body.assigneeFrom) ?? object.properties.find(
    (p): p is TSESTree.Property => p.type === 'Property' && staticKey(p) === option.body.assigneeFrom,
  )?.value;
  if (assigneeValue === undefined) return undefined;

  const appCode =
    call.appCode.kind === 'literal' ? stringLiteral(call.appCode.value, quote) : valueText(call.appCode.node, call.appCode.ctx);
  const entries: [string, string][] = [
    [V3Key.assigneeType, stringLiteral(option.body.assigneeType, quote)],
    // A form sent the value as `String(value)`: JSON sends that string, unless the value is one already.
    [V3Key.assigneeUid, call.body.form?.stringify === true ? `String(${textOf(assigneeValue, ctx)})` : valueText(assigneeValue, ctx)],
    [V3Key.appCodeName, appCode],
  ];
  const style = styleOf(object, ctx);
  const pad = style.multiline || style.padded ? ' ' : '';
  const settings = (mode: string) =>
    `{${pad}${formatKey(V3Key.assignmentMode, style.quotedKeys, quote)}: ${stringLiteral(mode, quote)}${pad}}`;
  if (option.body.mode !== undefined) entries.push([V3Key.settings, settings(option.body.mode)]);
  const properties = entries.map(([key, value]) =>
    !style.quotedKeys && value === key ? key : `${formatKey(key, style.quotedKeys, quote)}: ${value}`,
  );
  const chosen = option.body.modeWhen;
  if (chosen !== undefined) {
    // The mode chosen at run time: the condition is tested once, where the old body chose the flag's value.
    const condition = call.body.conditions?.get(chosen.key);
    if (condition === undefined) return undefined;
    const test = condition.equalsTrue === true
      ? `${textOf(condition.node, ctx)} === ${stringLiteral(FLAG_ENABLED_VALUE, quote)}`
      : textOf(condition.node, ctx);
    const side = (mode: string | undefined) => mode === undefined ? '{}' : `{${pad}${formatKey(V3Key.settings, style.quotedKeys, quote)}: ${settings(mode)}${pad}}`;
    properties.push(`...(${test} ? ${side(chosen.whenTrue)} : ${side(chosen.whenFalse)})`);
  }
  const text = style.multiline
    ? `{${style.eol}${properties.map((p) => style.indent + p).join(`,${style.eol}`)}${style.trailingComma ? ',' : ''}${style.eol}${style.closingIndent}}`
    : `{${style.padded ? ' ' : ''}${properties.join(', ')}${style.trailingComma ? ',' : ''}${style.padded ? ' ' : ''}}`;

  const also = call.urlEdit.also;
  const edits: TextEdit[] = [
    { range: call.urlEdit.range, text: call.urlEdit.text, ...fileOf(call.urlEdit.ctx) },
    // A form body is replaced whole, by the object or its JSON string, and its content type becomes JSON.
    { range: call.body.form?.range ?? object.range, text: call.body.form?.write === 'stringify' ? `JSON.stringify(${text})` : text, ...fileOf(ctx) },
    ...(call.body.form?.toJson === undefined ? [] : [{ range: call.body.form.toJson.range, text: call.body.form.toJson.text, ...fileOf(call.body.form.toJson.ctx) }]),
    ...(call.alsoEdit ?? []).map((edit) => ({ range: edit.range, text: edit.text, ...fileOf(edit.ctx) })),
    // The statements that built the body in steps: their effect is in the new object.
    ...(call.body.removals ?? []).map((range) => ({ range, text: '', ...fileOf(ctx) })),
    ...[also, ...(call.typeEdits ?? [])].flatMap((edit) => (edit === undefined ? [] : [{ range: edit.range, text: edit.text, ...fileOf(edit.ctx) }])),
  ];
  // The URL can sit inside the body's range only in code no client accepts; refuse rather than overlap.
  const sorted = [...edits].sort((x, y) => (x.file ?? '').localeCompare(y.file ?? '') || x.range[0] - y.range[0]);
  if (sorted.some((edit, i) => i > 0 && sorted[i - 1]!.file === edit.file && sorted[i - 1]!.range[1] > edit.range[0])) return undefined;
  return edits;
}

function fileOf(ctx: SourceContext): { file?: string } {
  return ctx.file === undefined ? {} : { file: ctx.file };
}

/**
 * Applies non-overlapping edits to a text. At one offset, insertions go first, in the order given, then the
 * replacement that starts there. The edits are sorted once and the text is cut once, so the cost grows with the text
 * plus the edits, not with their product (a file of thousands of calls).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const order = edits.map((edit, index) => ({ edit, index }));
  order.sort((x, y) =>
    x.edit.range[0] - y.edit.range[0] ||
    Number(y.edit.range[1] === y.edit.range[0]) - Number(x.edit.range[1] === x.edit.range[0]) ||
    x.index - y.index);
  const parts: string[] = [];
  let at = 0;
  for (const { edit } of order) {
    // Overlapping edits are a caller's mistake; they keep the result they always had.
    if (edit.range[0] < at) return applyOneByOne(text, edits);
    parts.push(text.slice(at, edit.range[0]), edit.text);
    at = edit.range[1];
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Edits applied from the end backwards, each to the whole text: what overlapping edits have always given. */
function applyOneByOne(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  const order = edits.map((edit, index) => ({ edit, index }));
  order.sort((x, y) =>
    y.edit.range[0] - x.edit.range[0] ||
    Number(x.edit.range[1] === x.edit.range[0]) - Number(y.edit.range[1] === y.edit.range[0]) ||
    y.index - x.index);
  for (const { edit } of order) out = out.slice(0, edit.range[0]) + edit.text + out.slice(edit.range[1]);
  return out;
}

function textOf(node: TSESTree.Node, ctx: SourceContext): string {
  return ctx.text.slice(node.range[0], node.range[1]);
}

/**
 * An expression's text as the value of a property: a comma expression keeps the parentheses its range leaves out
 * (`(n++, d)` written as a value is two properties otherwise).
 */
function valueText(node: TSESTree.Node, ctx: SourceContext): string {
  const text = textOf(node, ctx);
  return node.type === 'SequenceExpression' ? `(${text})` : text;
}

function formatKey(key: string, quoted: boolean, quote: Quote): string {
  return quoted ? `${quote}${key}${quote}` : key;
}

export function stringLiteral(value: string, quote: Quote): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(new RegExp(quote, 'g'), `\\${quote}`)
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
  return `${quote}${escaped}${quote}`;
}

interface ObjectStyle {
  readonly multiline: boolean;
  /** Single line: a space inside the braces. */
  readonly padded: boolean;
  readonly trailingComma: boolean;
  readonly quotedKeys: boolean;
  /** Multi-line: the indentation of the first property, and of the closing brace. */
  readonly indent: string;
  readonly closingIndent: string;
  readonly eol: string;
}

function styleOf(object: TSESTree.ObjectExpression, ctx: SourceContext): ObjectStyle {
  const source = textOf(object, ctx);
  const end = object.range[1];
  const first = object.properties[0];
  const last = object.properties[object.properties.length - 1];
  const multiline = source.includes('\n');
  const eol = lineEndingOf(ctx.text);
  const afterLast = last === undefined ? '' : ctx.text.slice(last.range[1], end - 1);
  const keys = object.properties.filter((p): p is TSESTree.Property => p.type === 'Property');
  return {
    multiline,
    // An empty object says nothing of the file's style: padded, as most code is.
    padded: /^\{\s/.test(source) || object.properties.length === 0,
    trailingComma: afterLast.trimStart().startsWith(','),
    quotedKeys: keys.length > 0 && keys.every((p) => p.key.type === 'Literal'),
    indent: first === undefined ? '  ' : lineIndent(ctx.text, first.range[0]),
    closingIndent: lineIndent(ctx.text, end - 1),
    eol,
  };
}

/** The whitespace that starts the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? '';
}

/** The quotes of the body's own strings, else the file's most used, else single. */
function quoteOf(object: TSESTree.ObjectExpression, ctx: SourceContext): Quote {
  let single = 0;
  let double = 0;
  for (const p of object.properties) {
    if (p.type !== 'Property') continue;
    for (const node of [p.key, p.value]) {
      if (node.type === 'Literal' && typeof node.value === 'string') {
        if (node.raw.startsWith('"')) double++;
        else single++;
      }
    }
  }
  if (single === 0 && double === 0) {
    // Counted once per file, not once per call: a file of thousands of calls would otherwise be walked for each.
    ({ single, double } = fileQuotes(object, ctx.tokens));
  }
  return double > single ? '"' : "'";
}

/** The other calls of a run that get a TODO, so that calls sharing one statement can be told apart. */
export interface TodoPeers {
  /** Every call that gets a TODO in this run, this one included. */
  readonly all: readonly AssignCall[];
  /** Those left as they were: a second run finds them again (a migrated call under review is not among them). */
  readonly pending: readonly AssignCall[];
}

/**
 * The edit that puts one TODO comment on its own line above the statement holding the call, in that line's
 * indentation and the file's line ending. Undefined when the same comment is already there, so a second run adds
 * nothing.
 *
 * When the statement holds other calls that get a TODO, the comment goes right above the call where the call starts
 * a line of its own; otherwise, above the statement, it says which of the statement's calls it is about.
 */
export function renderTodo(
  call: AssignCall,
  reasons: readonly Reason[],
  ctx: SourceContext,
  peers: TodoPeers = { all: [call], pending: [call] },
): TextEdit | undefined {
  const statement = enclosingStatement(call.node);
  const eol = lineEndingOf(ctx.text);
  const sharing = (calls: readonly AssignCall[]) => byStatement(calls).get(statement) ?? [];
  const together = sharing(peers.all);
  if (together.length > 1 && startsOwnLine(call, statement, ctx)) {
    const callLine = ctx.text.lastIndexOf('\n', call.node.range[0] - 1) + 1;
    return commentAbove(callLine, ctx.text.slice(callLine, call.node.range[0]), `// ${todoText(reasons)}`, eol, ctx);
  }
  // Numbered among the calls a second run finds again, so that the number, and the comment, stay the same.
  const pending = sharing(peers.pending);
  const index = pending.indexOf(call);
  const which = pending.length > 1 && index >= 0 ? `call ${index + 1} of ${pending.length} in this statement: ` : '';
  const comment = `// ${todoText(reasons).replace(': ', `: ${which}`)}`;
  const lineStart = ctx.text.lastIndexOf('\n', statement.range[0] - 1) + 1;
  // A byte order mark starts the first line but is not its indentation.
  const indentStart = lineStart === 0 && ctx.text.startsWith(BOM) ? BOM.length : lineStart;
  const indent = /^[ \t]*/.exec(ctx.text.slice(indentStart, statement.range[0]))?.[0] ?? '';
  // Code before the statement on its line (`a(); fetch(...)`, the end of a multi-line template or comment): the
  // start of the line may sit inside that code, so the comment goes on a line of its own right before the statement.
  // The first such comment of the statement breaks the line; the others follow it.
  const before = ctx.text.slice(lineStart, statement.range[0]);
  if (before.trim() !== '') {
    const first = together.find((other) => !startsOwnLine(other, statement, ctx));
    if (first !== undefined && first !== call) {
      return { range: [statement.range[0], statement.range[0]], text: `${comment}${eol}${indent}` };
    }
    const gap = /[ \t]*$/.exec(before)?.[0] ?? '';
    return { range: [statement.range[0] - gap.length, statement.range[0]], text: `${eol}${indent}${comment}${eol}${indent}` };
  }
  return commentAbove(lineStart, indent, comment, eol, ctx);
}

/**
 * The comment a run left above a call whose group reached outside the files it was given
 * (`group-outside-run`): once the call is migrated with its group, the comment no longer holds, and the edit that
 * removes its line is returned. Any other comment stays.
 */
export function staleGroupTodo(call: AssignCall, ctx: SourceContext): TextEdit | undefined {
  const marker = `// ${todoText([{ code: ReasonCode.groupOutsideRun, key: '\u0000' }]).split('\u0000')[0]}`;
  const statement = enclosingStatement(call.node);
  for (const from of [statement.range[0], call.node.range[0]]) {
    // The comment lines right above the statement (or the call's own line), upwards.
    const lineStart = ctx.text.lastIndexOf('\n', from - 1) + 1;
    for (let end = lineStart - 1; end > 0;) {
      const start = ctx.text.lastIndexOf('\n', end - 1) + 1;
      const line = ctx.text.slice(start, end).replace(/\r$/, '').trim();
      if (line.startsWith(marker)) return { range: [start, end + 1], text: '' };
      if (!line.startsWith('//')) break;
      end = start - 1;
    }
  }
  return undefined;
}

const statementsOf = new WeakMap<readonly AssignCall[], Map<TSESTree.Node, AssignCall[]>>();

/**
 * The calls grouped by the statement that holds them, each group in source order: made once per list of peers, as
 * every TODO of a run asks it (a file of thousands of calls would otherwise compare each call with all the others).
 */
function byStatement(calls: readonly AssignCall[]): ReadonlyMap<TSESTree.Node, readonly AssignCall[]> {
  let groups = statementsOf.get(calls);
  if (groups === undefined) {
    groups = new Map();
    for (const call of calls) {
      const statement = enclosingStatement(call.node);
      const group = groups.get(statement);
      if (group === undefined) groups.set(statement, [call]);
      else group.push(call);
    }
    for (const group of groups.values()) group.sort((a, b) => a.node.range[0] - b.node.range[0]);
    statementsOf.set(calls, groups);
  }
  return groups;
}

/** The call begins a line of the statement other than its first, with only indentation before it. */
function startsOwnLine(call: AssignCall, statement: TSESTree.Node, ctx: SourceContext): boolean {
  const callLine = ctx.text.lastIndexOf('\n', call.node.range[0] - 1) + 1;
  return callLine > statement.range[0] && ctx.text.slice(callLine, call.node.range[0]).trim() === '';
}

/**
 * Inserts `comment` as a line of its own at `lineStart`, unless the comment lines right above already hold it.
 *
 * Directive comments right above (`// eslint-disable-next-line`, `// @ts-expect-error`, ...) act on the line that
 * follows them: the comment goes above them, else it would become that line and the directive would miss the code.
 */
function commentAbove(lineStart: number, indent: string, comment: string, eol: string, ctx: SourceContext): TextEdit | undefined {
  let at = lineStart;
  let inDirectives = true;
  // Upwards through the comment lines; a single-line `/* ... */` directive is one of them too, so that a second run
  // finds the comment above it.
  for (let end = lineStart - 1; end > 0;) {
    const start = ctx.text.lastIndexOf('\n', end - 1) + 1;
    const line = ctx.text.slice(start, end).replace(/\r$/, '').trim();
    if (line === comment) return undefined;
    const directive = isDirective(line);
    if (inDirectives && directive) at = start;
    else inDirectives = false;
    if (!line.startsWith('//') && !directive) break;
    end = start - 1;
  }
  // The byte order mark must stay the file's first character.
  if (at === 0 && ctx.text.startsWith(BOM)) at = BOM.length;
  return { range: [at, at], text: `${indent}${comment}${eol}` };
}

const BOM = '\uFEFF';

/**
 * The comments that act on the next line: ESLint, TypeScript, Prettier, Biome, deno lint, oxlint, istanbul and c8.
 * Their tools accept them with or without a space after the comment's opening. The `-file`, `-all`, `-start` and
 * `-end` forms act elsewhere and are not among them.
 */
const NEXT_LINE_DIRECTIVE =
  /^(?:\/\/|\/\*\*?)\s*(?:eslint-disable-next-line|@ts-expect-error|@ts-ignore|prettier-ignore|biome-ignore|deno-lint-ignore|oxlint-disable-next-line|istanbul ignore next|c8 ignore next)(?![\w-])/;

/** A trimmed line that is one next-line directive comment and nothing else (a block one ends the line). */
function isDirective(line: string): boolean {
  if (!NEXT_LINE_DIRECTIVE.test(line)) return false;
  return line.startsWith('//') || line.indexOf('*/') === line.length - 2;
}
