/**
 * The configs as a user pastes them. `[appAssignment.configs.recommended]` alone lints TypeScript files (.ts, .tsx,
 * .mts, .cts) with typescript-eslint's parser and JavaScript files with espree; without typescript-eslint, a
 * TypeScript file fails with a message that says what to install while JavaScript files are still linted. The
 * types are checked against ESLint's own (`defineConfig`, `Linter.Config[]`) in pack-types.test.ts and in
 * scripts/pack-smoke.mjs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { ESLint as ESLint9 } from 'eslint9';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';
import { findTypeScriptParser, MISSING_PARSER, SOURCE_FILES, sourceParser } from '../src/parser.js';

const PLUGIN_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const CALL = "await fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b1' }) });\n";
// Type syntax espree cannot read: a file only parses with the TypeScript parser.
const TYPED = `const code: string = 'crm';\nawait fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: 'b1' }) });\n`;
const TSX = `const code = <string>'crm';\nexport const el = (x: number) => x;\nawait fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: 'b1' }) });\n`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'app-assignment-configs-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

async function lint(dir: string, config: Linter.Config[], Engine: typeof ESLint | typeof ESLint9 = ESLint): Promise<[string, string | null, string][]> {
  const eslint = new Engine({ cwd: dir, overrideConfigFile: true, overrideConfig: config as never });
  const results = await eslint.lintFiles(['.']);
  return results
    .flatMap((r) => r.messages.map((m): [string, string | null, string] => [r.filePath.slice(dir.length + 1), m.ruleId, m.fatal === true ? m.message : '']))
    .sort((a, b) => a[0].localeCompare(b[0]));
}

describe('configs.recommended as pasted', () => {
  it('lints .js, .mjs, .ts, .mts, .cts and .tsx files, TypeScript with typescript-eslint\'s parser', async () => {
    const dir = project({ 'src/a.js': CALL, 'src/b.mjs': CALL, 'src/c.ts': TYPED, 'src/d.mts': TYPED, 'src/e.cts': TYPED.replace(/await /g, 'void '), 'src/f.ts': TSX.replace('<string>', '') });
    expect(await lint(dir, [plugin.configs.recommended])).toEqual([
      ['src/a.js', 'app-assignment/no-deprecated-assign', ''],
      ['src/b.mjs', 'app-assignment/no-deprecated-assign', ''],
      ['src/c.ts', 'app-assignment/no-deprecated-assign', ''],
      ['src/d.mts', 'app-assignment/no-deprecated-assign', ''],
      ['src/e.cts', 'app-assignment/no-deprecated-assign', ''],
      ['src/f.ts', 'app-assignment/no-deprecated-assign', ''],
    ]);
  });

  it('does the same under ESLint 9', async () => {
    const dir = project({ 'a.js': CALL, 'b.cts': TYPED.replace(/await /g, 'void '), 'c.tsx': `export const V = () => <div />;\n${CALL}` });
    expect(await lint(dir, [plugin.configs.recommended], ESLint9)).toEqual([
      ['a.js', 'app-assignment/no-deprecated-assign', ''],
      ['b.cts', 'app-assignment/no-deprecated-assign', ''],
      ['c.tsx', 'app-assignment/no-deprecated-assign', ''],
    ]);
  });

  it('reads a .ts file\'s <T> cast and a .tsx file\'s JSX, each with its own grammar', async () => {
    const dir = project({ 'cast.ts': TSX, 'view.tsx': `export const V = () => <div />;\n${CALL}` });
    expect(await lint(dir, [plugin.configs.recommended])).toEqual([
      ['cast.ts', 'app-assignment/no-deprecated-assign', ''],
      ['view.tsx', 'app-assignment/no-deprecated-assign', ''],
    ]);
  });

  it('names the files it lints and sets only the parser, so the user\'s parserOptions still apply', () => {
    for (const config of [plugin.configs.recommended, plugin.configs.recommendedTypeChecked]) {
      expect(config.files).toEqual(SOURCE_FILES);
      expect(Object.keys(config.languageOptions ?? {})).toEqual(['parser']);
    }
    expect(plugin.configs['directory-token'].files).toBeUndefined();
    expect(plugin.configs.testing.languageOptions).toBeUndefined();
  });

  it('finds typescript-eslint\'s parser in the project, and nothing where there is none', () => {
    expect(typeof findTypeScriptParser()?.parseForESLint).toBe('function');
    const empty = project({ 'package.json': '{"name":"empty","private":true}' });
    // In a process of its own: pnpm's NODE_PATH (set for this test run) would find the workspace's copy from anywhere.
    const { NODE_PATH: _, ...env } = process.env;
    const script = `import('${pathToFileURL(join(PLUGIN_DIST, 'parser.js')).href}').then((m) => console.log(m.findTypeScriptParser([${JSON.stringify(join(empty, 'package.json'))}])))`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('null');
  });

  it('without typescript-eslint: a TypeScript file fails with what to install, JavaScript files are still linted', async () => {
    const dir = project({ 'a.js': CALL, 'b.ts': TYPED });
    const config: Linter.Config = { ...plugin.configs.recommended, languageOptions: { parser: sourceParser('0.0.0', () => null) } };
    const found = await lint(dir, [config]);
    expect(found).toEqual([
      ['a.js', 'app-assignment/no-deprecated-assign', ''],
      ['b.ts', null, `Parsing error: ${MISSING_PARSER}`],
    ]);
    expect(MISSING_PARSER).toMatch(/npm install --save-dev typescript-eslint/);
  });
});
