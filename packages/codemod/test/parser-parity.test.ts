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
