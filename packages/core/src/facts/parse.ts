/**
 * Builds a SourceContext from text, for front ends that are not ESLint (the codemod, a project scanner, tests):
 * typescript-estree gives the same ESTree that ESLint's TypeScript parser gives, and scope-manager the same scopes.
 * The grammar follows the file's extension: `.ts` files may hold `<T>x` casts, which the TSX grammar rejects, and
 * JavaScript and `.tsx` files may hold JSX, which the TS grammar rejects.
 *
 * Both parsers are loaded on the first parse, not on import: typescript-estree brings TypeScript itself (about a third
 * of a second), and a run whose files hold no candidate parses nothing. `contextOf` builds the same context for a
 * TS-ESTree program that another parser produced, so a front end can switch parsers without changing anything else.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type * as ScopeManagerModule from '@typescript-eslint/scope-manager';
import type { ScopeManager } from '@typescript-eslint/scope-manager';
import type { TSESTree } from '@typescript-eslint/types';
import type * as TypeScriptEstree from '@typescript-eslint/typescript-estree';
import { type AnalysisOptions, DEFAULT_ANALYSIS_OPTIONS, type SourceContext } from './context.js';
import type { ScopeLike } from './scope.js';

export interface ParsedSource {
  readonly program: TSESTree.Program;
  readonly context: SourceContext;
}

/** A file that does not parse: where, and why. Lines and columns are 1-based. */
export class SourceSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'SourceSyntaxError';
  }
}

/** The extensions the toolkit reads. */
export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;

/** Whether a file of this name may hold JSX (`.ts`, `.mts`, `.cts` may not: they may hold `<T>x` casts instead). */
export function allowsJsx(filename: string): boolean {
  return !/\.[mc]?ts$/i.test(filename) || /\.tsx$/i.test(filename);
}

const require = createRequire(import.meta.url);
let typescriptEstree: typeof TypeScriptEstree | undefined;
let scopeManagerModule: typeof ScopeManagerModule | undefined;

export function parseSource(text: string, filename: string, options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS): ParsedSource {
  typescriptEstree ??= require('@typescript-eslint/typescript-estree') as typeof TypeScriptEstree;
  const { parse, simpleTraverse } = typescriptEstree;
  let program: TSESTree.Program;
  try {
    program = parse(text, {
      jsx: allowsJsx(filename),
      range: true,
      loc: true,
      comment: true,
      tokens: true,
      filePath: filename,
    });
  } catch (error) {
    const e = error as { message?: string; lineNumber?: number; column?: number; location?: { start: { line: number; column: number } } };
    const line = e.location?.start.line ?? e.lineNumber ?? 1;
    const column = (e.location?.start.column ?? e.column ?? 0) + 1;
    throw new SourceSyntaxError(e.message ?? String(error), line, column);
  }
  simpleTraverse(program, { enter: () => {} }, true);
  return { program, context: contextOf(program, text, filename, options, program.tokens ?? []) };
}

/**
 * The context of a TS-ESTree program with parent links, ranges and comments, whichever parser made it: scopes from
 * scope-manager (CommonJS files are scripts, every other file a module), and the tokens when the parser gives them.
 */
export function contextOf(
  program: TSESTree.Program,
  text: string,
  filename: string,
  options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS,
  tokens?: readonly TSESTree.Token[],
): SourceContext {
  scopeManagerModule ??= require('@typescript-eslint/scope-manager') as typeof ScopeManagerModule;
  const manager = scopeManagerModule.analyze(program, { sourceType: /\.c[jt]s$/i.test(filename) ? 'script' : 'module' });
  return {
    text,
    comments: program.comments ?? [],
    ...(tokens === undefined ? {} : { tokens }),
    getScope: (node) => scopeOf(manager, node),
    options,
    snapshot: snapshotReader(filename),
  };
}

/** Reads, once, the snapshot file test runners keep for `filename` (`__snapshots__/<name>.snap` in its folder). */
export function snapshotReader(filename: string): () => string | undefined {
  let read: { text: string | undefined } | undefined;
  return () => {
    if (read === undefined) {
      try {
        read = { text: readFileSync(join(dirname(filename), '__snapshots__', `${basename(filename)}.snap`), 'utf8') };
      } catch {
        read = { text: undefined };
      }
    }
    return read.text;
  };
}

/** The innermost scope that holds a node, the way ESLint's `sourceCode.getScope` finds it. */
function scopeOf(manager: ScopeManager, node: TSESTree.Node): ScopeLike {
  const inner = node.type !== 'Program';
  for (let current: TSESTree.Node | undefined = node; current !== undefined; current = current.parent) {
    const scope = manager.acquire(current, inner);
    if (scope !== null) {
      return scope.type === 'function-expression-name' ? (scope.childScopes[0] ?? scope) : scope;
    }
  }
  return manager.globalScope as unknown as ScopeLike;
}
