/**
 * The codemod's parser: oxc-parser, a native parser whose TS-ESTree-shaped tree goes through the same scope-manager
 * as typescript-estree's, so the core's recognizer, planner and renderer see the tree they were written for, about
 * seven times faster. Where oxc's native binary cannot load (a platform it has no build for), the core's
 * typescript-estree parser takes over, with one warning.
 *
 * Nothing is loaded on import: `--help`, `--version` and runs whose files hold no candidate load no parser.
 */
import { createRequire } from 'node:module';
import { type AnalysisOptions, DEFAULT_ANALYSIS_OPTIONS, isStackOverflow, MAX_NESTING_DEPTH, nestingDepth } from '@app-assignment/core';
import { allowsJsx, contextOf, type ParsedSource, parseSource, SourceSyntaxError } from '@app-assignment/core/parse';
import type { TSESTree } from '@typescript-eslint/types';
import type * as Oxc from 'oxc-parser';

export type ParserName = 'oxc' | 'typescript-estree';

export interface ParserState {
  readonly name: ParserName;
  /** Why oxc-parser is not the one in use: the warning to print once. */
  readonly warning?: string;
}

const require = createRequire(import.meta.url);
let oxc: typeof Oxc | undefined;
let state: ParserState | undefined;

/** Loads the parser on first use; later calls return the same. */
export function loadParser(): ParserState {
  if (state !== undefined) return state;
  try {
    oxc = require('oxc-parser') as typeof Oxc;
    state = { name: 'oxc' };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    state = {
      name: 'typescript-estree',
      warning: `app-assignment: oxc-parser's native binary did not load (${reason}); parsing with typescript-estree, which is slower`,
    };
  }
  return state;
}

/** The parser that has been loaded, if any file was parsed. */
export function parserInUse(): ParserState | undefined {
  return state;
}

/**
 * A file that is not given to a parser: nested deeper than MAX_NESTING_DEPTH. oxc-parser's native code would overflow
 * its stack on it and end the process (no `catch` sees that), and typescript-estree overflows earlier.
 */
export class NestedTooDeeply extends Error {
  constructor(readonly depth: number) {
    super(`nested ${depth} levels deep (brackets, parentheses and braces), more than the ${MAX_NESTING_DEPTH} the parser is given: not parsed, so its calls were not analysed`);
    this.name = 'NestedTooDeeply';
  }
}

/**
 * Why a file could not be parsed or analysed for its nesting, from the error that stopped it: over the limit, or out
 * of stack in a recursive walk (typescript-estree reports that as a syntax error); undefined for any other error.
 */
export function nestingFailure(error: unknown): string | undefined {
  if (error instanceof NestedTooDeeply) return error.message;
  if (isStackOverflow(error) || (error instanceof SourceSyntaxError && /maximum call stack/i.test(error.message))) {
    return 'nested too deeply to analyse: the parser or the analysis ran out of stack (Maximum call stack size exceeded), so its calls were not analysed';
  }
  return undefined;
}

function checkNesting(text: string): void {
  if (nestingDepth(text, MAX_NESTING_DEPTH) > MAX_NESTING_DEPTH) throw new NestedTooDeeply(nestingDepth(text));
}

/**
 * `parseSource` of the core, with the parser `loadParser` picked. Throws SourceSyntaxError, or NestedTooDeeply
 * without parsing.
 */
export function parseFile(text: string, filename: string, options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS): ParsedSource {
  checkNesting(text);
  const { name } = loadParser();
  return name === 'oxc' ? parseWithOxc(text, filename, options) : parseSource(text, filename, options);
}

/** Whether the text parses, with the parser `parseFile` uses, without scope analysis. */
export function parsesFile(text: string, filename: string): boolean {
  if (nestingDepth(text, MAX_NESTING_DEPTH) > MAX_NESTING_DEPTH) return false;
  if (loadParser().name === 'oxc') {
    // The smallest tree (no TypeScript fields, no ranges) is read although nothing looks at it: a result whose tree
    // is never read keeps the parser's native memory, which V8 does not count, until a collection comes; over
    // thousands of files that tripled the peak memory.
    const result = parseOxc(text, filename, { astType: 'js', range: false });
    void result.program;
    return !failed(result);
  }
  try {
    parseSource(text, filename);
    return true;
  } catch {
    return false;
  }
}

/** Parses with oxc-parser alone (no fallback): for the parity test and for `parseFile`. */
export function parseWithOxc(text: string, filename: string, options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS): ParsedSource {
  const result = parseOxc(text, filename);
  const lines = lineStarts(text);
  const error = result.errors.find((e) => e.severity === 'Error');
  if (error !== undefined) {
    const at = position(lines, error.labels[0]?.start ?? 0);
    throw new SourceSyntaxError(error.message, at.line, at.column + 1);
  }
  const program = result.program as unknown as TSESTree.Program;
  const comments = result.comments.map(
    (c) =>
      ({
        type: c.type,
        value: c.value,
        range: [c.start, c.end],
        loc: { start: position(lines, c.start), end: position(lines, c.end) },
      }) as TSESTree.Comment,
  );
  toTypescriptEstreeShape(program, lines, comments);
  return { program, context: contextOf(program, text, filename, options) };
}

/** oxc's result; its tree is deserialized when `program` is first read. */
function parseOxc(text: string, filename: string, tree: Pick<Oxc.ParserOptions, 'astType' | 'range'> = { astType: 'ts', range: true }): Oxc.ParseResult {
  const { parseSync } = (oxc ??= require('oxc-parser') as typeof Oxc);
  const lang = /\.d\.[mc]?ts$/i.test(filename) ? 'dts' : !allowsJsx(filename) ? 'ts' : /\.tsx$/i.test(filename) ? 'tsx' : 'jsx';
  const parse = (sourceType: 'unambiguous' | 'commonjs') => parseSync(filename, text, { lang, sourceType, ...tree, preserveParens: false });
  // typescript-estree reads any file as a module when it has import or export syntax, and as a script otherwise, and
  // takes a `return` at the top of a CommonJS script too; oxc does the first with 'unambiguous', the second with
  // 'commonjs', which in turn refuses import and export. So the second is tried where the first fails.
  const result = parse('unambiguous');
  if (!failed(result)) return result;
  const retry = parse('commonjs');
  return failed(retry) ? result : retry;
}

function failed(result: Oxc.ParseResult): boolean {
  return result.errors.some((e) => e.severity === 'Error');
}

/**
 * Where oxc's tree differs from typescript-estree's, it is made the same here, and only here (the parity test parses
 * every fixture with both and compares the whole analysis):
 * - oxc writes `null` for an absent optional child (`typeAnnotation`, `returnType`, `typeParameters`,
 *   `typeArguments`, `superTypeArguments`, `accessibility`, `directive`, a TSTypeParameter's `constraint` and
 *   `default`, a TSEnumMember's `initializer`, a TSMappedType's `readonly`, a RestElement's `value`, a
 *   TSDeclareFunction's `body`: the list `ABSENT` below, from TS-ESTree's AST spec); typescript-estree leaves the key
 *   out. Here they become `undefined`, so that code that asks `!== undefined` gets the same answer from both. Keys
 *   that TS-ESTree defines as nullable (`init`, `alternate`, `id`, `label`, a TSTypePredicate's `typeAnnotation`,
 *   ...) stay `null` in both.
 * - oxc gives `start`/`end` offsets and `range`, no `loc`: `loc` is computed from the line starts (UTF-16 columns,
 *   a byte order mark counted as a column of line 1, and `\r`, U+2028 and U+2029 ending lines, as TypeScript
 *   counts them). `start` and `end` stay: nothing reads them.
 * - oxc sets no `parent`: set here, as typescript-estree's `simpleTraverse` does.
 * - `Program`: oxc adds `hashbang` (typescript-estree keeps `#!` out of the tree and out of the comments) and says
 *   `sourceType: 'commonjs'` where typescript-estree says 'script'; the comments come apart from the tree and are
 *   attached here.
 */
function toTypescriptEstreeShape(program: TSESTree.Program, lines: readonly number[], comments: TSESTree.Comment[]): void {
  const record = program as unknown as Record<string, unknown>;
  delete record.hashbang;
  if (record.sourceType === 'commonjs') record.sourceType = 'script';
  record.comments = comments;
  const stack: [Record<string, unknown>, Record<string, unknown> | undefined][] = [[record, undefined]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    if (parent !== undefined) node.parent = parent;
    const range = node.range as [number, number];
    node.loc = { start: position(lines, range[0]), end: position(lines, range[1]) };
    for (const key in node) {
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'comments') continue;
      const value = node[key];
      if (value === null) {
        // Set to undefined rather than deleted: deleting keys makes every Identifier a slow dictionary object.
        if (absentWhenNull(key, node.type as string)) node[key] = undefined;
        continue;
      }
      if (typeof value !== 'object') continue;
      if (Array.isArray(value)) {
        for (const item of value as unknown[]) {
          if (item !== null && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string') {
            stack.push([item as Record<string, unknown>, node]);
          }
        }
      } else if (typeof (value as { type?: unknown }).type === 'string') {
        stack.push([value as Record<string, unknown>, node]);
      }
    }
  }
}

/**
 * The children that TS-ESTree leaves out when absent (typed `| undefined` in its AST spec), where oxc writes `null`:
 * for each key, on the node types `only` names, or on every type but those `except` names (where TS-ESTree writes
 * `null` too).
 */
const ABSENT: ReadonlyMap<string, { readonly only?: ReadonlySet<string>; readonly except?: ReadonlySet<string> }> = new Map([
  ...['accessibility', 'constraint', 'default', 'directive', 'initializer', 'optional', 'readonly', 'returnType', 'superTypeArguments', 'typeParameters'].map(
    (key) => [key, {}] as const,
  ),
  ['typeAnnotation', { except: new Set(['TSTypePredicate']) }],
  ['typeArguments', { except: new Set(['TSImportType']) }],
  ['value', { only: new Set(['RestElement']) }],
  ['body', { only: new Set(['TSDeclareFunction', 'TSModuleDeclaration']) }],
]);

function absentWhenNull(key: string, type: string): boolean {
  const rule = ABSENT.get(key);
  if (rule === undefined) return false;
  if (rule.only !== undefined) return rule.only.has(type);
  return rule.except?.has(type) !== true;
}

/** The offset at which each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|[\n\u2028\u2029]/g)) starts.push(match.index + match[0].length);
  return starts;
}

/** Line (1-based) and column (0-based, UTF-16) of an offset. */
function position(lines: readonly number[], offset: number): TSESTree.Position {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lines[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - lines[low]! };
}
