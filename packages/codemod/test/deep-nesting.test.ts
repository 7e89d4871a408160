/**
 * No file ends a run: a file nested far deeper than code a person writes (oxc-parser's native code overflows its stack
 * on it, which ends the process) is skipped before any parser sees it, named with its reason in every report, and the
 * run migrates everything else and exits 1, in both modes and with worker processes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_NESTING_DEPTH, nestingDepth } from '@app-assignment/core';
import { describe, expect, it } from 'vitest';
import { cli, tree } from './helpers/cli.js';

const FIXABLE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;
const MIGRATED = `export async function go(code: string, uid: string) {
  await fetch(\`/v3/apps/app_assignments\`, { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: code }) });
}
`;
const CALL = "\nfetch('/platform/v1/apps/x/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });\n";

/** Files nested 16,000 levels deep, each of a shape that crashes oxc-parser natively, and each spelling the route. */
const DEEP: Record<string, string> = {
  'deep-array.ts': `export const a = ${'['.repeat(16_000)}${']'.repeat(16_000)};${CALL}`,
  'deep-object.ts': `export const o = ${'{ a: '.repeat(16_000)}1${' }'.repeat(16_000)};${CALL}`,
  'deep-parens.js': `export const p = ${'('.repeat(16_000)}1${')'.repeat(16_000)};${CALL}`,
  'deep-arrows.ts': `export const f = ${'() => ('.repeat(16_000)}1${')'.repeat(16_000)};${CALL}`,
  'deep-generic.ts': `export type T = ${'Array<'.repeat(16_000)}string${'>'.repeat(16_000)};${CALL}`,
};

interface Report {
  files: { path: string; status: string; skipped?: string; unparsable?: boolean }[];
  totals: { files: number; changed: number; migrated: number; errors: number; skipped?: number; unparsable?: number };
}

function deepTree(extra: Record<string, string> = {}): string {
  return tree({ 'src/a.ts': FIXABLE, ...Object.fromEntries(Object.entries(DEEP).map(([name, text]) => [`src/${name}`, text])), ...extra });
}

function expectDeepNamed(stdout: string): void {
  for (const name of Object.keys(DEEP)) expect(stdout).toMatch(new RegExp(` {2}src/${name.replace('.', '\\.')}: nested 16000 levels deep .*not parsed`));
}

describe('a file nested too deeply to parse', () => {
  for (const [mode, args] of [['read alone', ['--no-project']], ['as one project', []]] as const) {
    it(`is named and skipped; the normal call migrates; exit 1, no stack trace (${mode})`, () => {
      const dir = deepTree(mode === 'as one project' ? { 'tsconfig.json': '{ "compilerOptions": { "strict": true }, "include": ["src"] }' } : {});
      const run = cli(['migrate', ...args], dir);
      expect(run.stderr).not.toMatch(/unexpected error|at .*\(|Segmentation|stopped/);
      expect(run.code).toBe(1);
      expect(readFileSync(join(dir, 'src/a.ts'), 'utf8')).toBe(MIGRATED);
      expectDeepNamed(run.stdout);
      expect(run.stdout).toContain(`${Object.keys(DEEP).length} could not be parsed, so the run exits 1`);
      for (const [name, text] of Object.entries(DEEP)) expect(readFileSync(join(dir, 'src', name), 'utf8')).toBe(text);
      if (mode === 'as one project') expect(run.stdout).toContain('read as one project');

      const report = JSON.parse(cli(['scan', '--json', ...args], dir).stdout) as Report;
      expect(report.totals.skipped).toBe(Object.keys(DEEP).length);
      expect(report.totals.unparsable).toBe(Object.keys(DEEP).length);
      expect(report.files.filter((f) => f.unparsable === true).map((f) => f.path).sort()).toEqual(Object.keys(DEEP).map((n) => `src/${n}`).sort());
    });
  }

  it('is named by scan in Markdown and SARIF, and fails the scan (exit 1)', () => {
    const dir = deepTree();
    const markdown = cli(['scan', '--no-project', '--format', 'markdown'], dir);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toMatch(/- src\/deep-object\.ts: nested 16000 levels deep/);
    const sarif = JSON.parse(cli(['scan', '--no-project', '--format', 'sarif'], dir).stdout) as {
      runs: { invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string } }[] }[] }[];
    };
    const invocation = sarif.runs[0]!.invocations[0]!;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications.filter((n) => n.level === 'warning').map((n) => n.message.text.split(':')[0]).sort())
      .toEqual(Object.keys(DEEP).map((n) => `src/${n}`).sort());
  });

  it('with --jobs 2 and enough files for worker processes: the same', () => {
    // Workers start only when each gets at least 100 files to parse.
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`src/many/m${i}.ts`, FIXABLE]));
    const dir = deepTree(many);
    const run = cli(['migrate', '--no-project', '--jobs', '2'], dir);
    expect(run.stderr).not.toMatch(/unexpected error|at .*\(|stopped/);
    expect(run.code).toBe(1);
    expectDeepNamed(run.stdout);
    expect(run.stdout).toMatch(/201 changed, 201 calls migrated/);
    expect(readFileSync(join(dir, 'src/many/m199.ts'), 'utf8')).toBe(MIGRATED);
  });

  it('a file whose nesting the check does not count and that crashes the parser in a worker costs that file, not the run', () => {
    // A run of 100,000 unary operators takes no bracket, and overflows oxc-parser's native stack.
    const crash = `export const x = ${'!'.repeat(100_000)}true;${CALL}`;
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`src/m${i}.ts`, FIXABLE]));
    const dir = tree({ ...many, 'src/m100.ts': crash });
    const run = cli(['migrate', '--no-project', '--jobs', '2'], dir);
    expect(run.stderr).not.toMatch(/unexpected error|at .*\(/);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/ {2}src\/m100\.ts: the parser's process stopped on it \(SIGSEGV\): not parsed/);
    expect(run.stdout).toMatch(/199 changed, 199 calls migrated/);
    expect(readFileSync(join(dir, 'src/m100.ts'), 'utf8')).toBe(crash);
    expect(readFileSync(join(dir, 'src/m199.ts'), 'utf8')).toBe(MIGRATED);
  });

  it('a file just under the limit is parsed and migrated', () => {
    const dir = tree({ 'a.ts': `${FIXABLE}export const a = ${'['.repeat(MAX_NESTING_DEPTH - 1)}${']'.repeat(MAX_NESTING_DEPTH - 1)};\n` });
    const run = cli(['migrate', '--no-project'], dir);
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, 'a.ts'), 'utf8').startsWith(MIGRATED)).toBe(true);
  });
});

describe('nestingDepth', () => {
  it('counts brackets, parentheses, braces, template substitutions and type arguments', () => {
    expect(nestingDepth('f([{ a: 1 }])')).toBe(3);
    expect(nestingDepth('`${`${x}`}`')).toBe(2);
    expect(nestingDepth('type T = Map<string, Array<Set<number>>>;')).toBe(3);
  });

  it('skips strings, template text, comments and regular expressions', () => {
    expect(nestingDepth("const s = '(((' + \"[[[\" + `{{{ ${1} (((`; // (((\n/* [[[ */ const r = /[(]{3}/;")).toBe(1);
    expect(nestingDepth('const r = x.replace(/\\(+/g, "");')).toBe(1);
  });

  it('a comparison leaves no depth behind it', () => {
    const text = 'for (let i = 0; i<n; i++) {}\n'.repeat(2 * MAX_NESTING_DEPTH);
    expect(nestingDepth(text)).toBeLessThan(5);
  });

  it('a division is not read as a regular expression', () => {
    expect(nestingDepth('const r = (a) / 2 + (b / (c));')).toBe(2);
  });
});

describe('nestingDepth on minified code', () => {
  it('comparisons in one long statement leave no depth behind', () => {
    const text = `var ${Array.from({ length: 2 * MAX_NESTING_DEPTH }, (_, i) => `v${i}=a<b?c:d,w${i}=e<f&&(g=1)`).join(',')};`;
    expect(nestingDepth(text)).toBeLessThan(5);
  });
});
