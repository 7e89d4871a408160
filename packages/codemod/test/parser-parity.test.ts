/**
 * The codemod parses with oxc-parser and falls back to typescript-estree, the parser ESLint's TypeScript parser and
 * the core were written against: both must lead to the same analysis. Every source file of `fixtures/` (the cases'
 * inputs and outputs, the sample app, and any project under `fixtures/projects/`) is parsed with both and analysed
 * in full; the findings, their edits and choices, the migrated text with its TODO comments, and the report of every
 * call must be identical. A difference in the trees that changes any of these shows up here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type AnalysisOptions, analyzeProgram, DEFAULT_ANALYSIS_OPTIONS, type Finding, renderTodo, validateOptions } from '@app-assignment/core';
import { parseSource, type ParsedSource } from '@app-assignment/core/parse';
import { migrateText, parsesFile, parseWithOxc, SourceSyntaxError } from '@app-assignment/codemod';
import { describe, expect, it } from 'vitest';
import { CASES_DIR, FIXTURES_DIR } from '../../../fixtures/load.js';

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** A case's options apply to every file of its folder; other files are read with the defaults. */
function optionsOf(file: string): AnalysisOptions {
  const rel = relative(CASES_DIR, file);
  if (rel.startsWith('..')) return DEFAULT_ANALYSIS_OPTIONS;
  const meta = JSON.parse(readFileSync(join(CASES_DIR, rel.split(/[\\/]/)[0]!, 'case.json'), 'utf8')) as { options?: Record<string, unknown> };
  return validateOptions(meta.options ?? {});
}

/** Everything the analysis decides about a file, as plain data. */
function analysis(parsed: ParsedSource): unknown[] {
  return analyzeProgram(parsed.program, parsed.context).map((finding: Finding) => ({
    call: finding.call.node.range,
    at: finding.call.node.loc.start,
    outcome: finding.outcome,
    reasons: finding.reasons,
    edits: finding.edits,
    choices: finding.choices?.map((choice) => ({ ...choice })),
    todo: renderTodo(finding.call, finding.reasons, parsed.context),
  }));
}

const files = sourceFiles(FIXTURES_DIR).sort();

/**
 * The first place where two trees differ, or undefined: every key but `parent` (a cycle), `tokens` (oxc has none),
 * oxc's own `start`/`end` and typescript-estree's deprecated aliases; a key that is absent and a key that is
 * `undefined` count as the same. `loc`, `range` and the comments are compared.
 */
function firstDifference(a: unknown, b: unknown, path = 'Program'): string | undefined {
  if (a === b) return undefined;
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b) ? undefined : path;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${String(a)} / ${String(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array / not`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const deprecated = (object: object, key: string) => Object.getOwnPropertyDescriptor(object, key)?.get !== undefined;
  for (const key of keys) {
    if (key === 'parent' || key === 'tokens' || key === 'start' || key === 'end') continue;
    // typescript-estree keeps deprecated aliases (TSEnumMember's `computed`, ...) as getters that warn when read.
    if (deprecated(a, key) || deprecated(b, key)) continue;
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** TypeScript syntax the fixtures do not all show, where oxc's tree and typescript-estree's could differ. */
const SYNTAX_CORPUS = `#!/usr/bin/env node
function isS(x: unknown): x is string { return true; }
function assertX(x: unknown): asserts x {}
type I = import('./x');
type J = import('./x').Y<string>;
declare module 'foo';
declare module 'bar' { export const a: number; }
declare global { interface W { a: 1 } }
namespace N { export const b = 1; }
type M = { readonly [K in keyof T]?: T[K] };
type M3 = { -readonly [K in keyof T as \`x\${K}\`]-?: T[K] };
function g<T, U extends string = 'a'>(a: T, ...rest: U[]): void {}
enum E { A, B = 2, 'C' = 3 }
class C<T> extends Base<T> implements I1<T> { private x?: number; declare y: string; static { } accessor z = 1; constructor(public readonly p: number) { super(); } }
abstract class D { abstract m(): void; }
const { a: aa = 1, ...others } = o;
let v = x satisfies Y, w = <T,>(a: T) => a, re = /ab+c/gi, big = 10n, t = tag\`a\${1}b\`;
export * as ns from 'mod';
import type { T1 } from 'mod';
@dec class Z { @dec2 m(@p a: string) {} }
let opt = a?.b?.(c)!;
function over(a: string): void;
function over(a: any) {}
const s = '\\u00e9', d = "q", u = '\u2028', p = '\u2029';
/* a block
   comment */ const after = 1; // and a line comment
`;

describe('oxc-parser and typescript-estree lead to the same analysis of every fixture file', () => {
  it('reads the whole corpus', () => {
    expect(files.filter((file) => file.startsWith(CASES_DIR)).length).toBeGreaterThan(200);
    expect(files.some((file) => file.includes('sample-app'))).toBe(true);
  });

  it.each(files.map((file) => [relative(FIXTURES_DIR, file), file] as const))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const options = optionsOf(file);
    expect(analysis(parseWithOxc(text, file, options))).toEqual(analysis(parseSource(text, file, options)));
    expect(migrateText(text, file, options, parseWithOxc)).toEqual(migrateText(text, file, options, parseSource));
  });
});

describe('after the bridge, oxc-parser gives typescript-estree\'s tree', () => {
  it.each(files.map((file) => [relative(FIXTURES_DIR, file), file] as const))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    expect(firstDifference(parseWithOxc(text, file).program, parseSource(text, file).program)).toBeUndefined();
  });

  it.each(['syntax.ts', 'syntax.tsx'])('TypeScript syntax the fixtures lack (%s)', (filename) => {
    expect(firstDifference(parseWithOxc(SYNTAX_CORPUS, filename).program, parseSource(SYNTAX_CORPUS, filename).program)).toBeUndefined();
  });
});

describe('the check that a rewrite still parses', () => {
  const broken: [string, string][] = [
    ['a.ts', 'fetch("/v3/apps/app_assignments", { method: "POST", body: JSON.stringify({ a: 1 }) );\n'],
    ['a.tsx', 'const view = <div>{fetch(url}</div>;\n'],
    ['a.js', 'await fetch(`/v3/apps/app_assignments`, {\n  method: "POST",\n'],
  ];

  it.each(broken)('refuses broken %s, as both parsers do', (filename, text) => {
    expect(parsesFile(text, filename)).toBe(false);
    expect(() => parseWithOxc(text, filename)).toThrow(SourceSyntaxError);
    expect(() => parseSource(text, filename)).toThrow(SourceSyntaxError);
  });

  it('accepts every fixture file', () => {
    expect(files.filter((file) => !parsesFile(readFileSync(file, 'utf8'), file))).toEqual([]);
  });
});
