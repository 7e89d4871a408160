#!/usr/bin/env node
/**
 * `pnpm test:pack`, a CI job of .ci/run: the packages as a new user gets them. Packs core, project, the plugin and
 * the codemod (`pnpm pack`), installs the tarballs with npm into empty projects, a TypeScript one (typescript left
 * unpinned, as `npm i -D typescript` writes it) and a JavaScript one (no TypeScript tooling of its own), and there:
 * lints with every eslint.config.js of the READMEs, checks that `defineConfig` and `Linter.Config[]` take the configs
 * (tsc), runs ESLint's bulk-suppression ratchet of docs/ci.md, `scan --format sarif` (checked against the SARIF 2.1.0
 * schema), `ratchet` and `migrate`. It also asks npm for a TypeScript outside the supported range and expects a quick
 * refusal that names the range. Each step is timed; temp folders are removed at the end, also on failure.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvDraft04 from 'ajv-draft-04';
import AjvFormats from 'ajv-formats';
import { pack } from './lib/pack.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['core', 'project', 'eslint-plugin', 'codemod'];
/** The TypeScript versions the packages support, as their peer dependencies say. */
const SUPPORTED = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8')).peerDependencies.typescript;
/** How long npm may take to answer, with a solution or a clear refusal. */
const NPM_LIMIT_MS = 60_000;

const work = mkdtempSync(join(tmpdir(), 'app-assignment-pack-smoke-'));
const started = Date.now();
const step = (text) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${text}\n`);

function run(command, args, cwd, { expect = 0, timeout = 120_000, env = {} } = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  if (result.error?.code === 'ETIMEDOUT') throw new Error(`${command} ${args.join(' ')} did not finish within ${timeout / 1000} s in ${cwd}`);
  if (result.error) throw result.error;
  if (expect !== null && result.status !== expect) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status} (expected ${expect}) in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

function project(name, files = {}) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `smoke-${name}`, version: '1.0.0', private: true, type: 'module' }, null, 2));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const npmInstall = (dir, specs, options) => run('npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', ...specs], dir, { timeout: NPM_LIMIT_MS, ...options });
const eslint = (dir, args, expect) => run(process.execPath, [join(dir, 'node_modules/eslint/bin/eslint.js'), ...args], dir, { expect });
const app = (dir, args, expect) => run(process.execPath, [join(dir, 'node_modules/@app-assignment/codemod/dist/cli.js'), ...args], dir, { expect });

/** Every `js` block of a README that is an eslint.config.js (it has `export default`), with where it was found. */
function readmeConfigs() {
  const configs = [];
  for (const readme of ['README.md', 'packages/eslint-plugin/README.md']) {
    const text = readFileSync(join(root, readme), 'utf8');
    for (const match of text.matchAll(/```js\n([\s\S]*?)```/g)) {
      // A components config needs a framework's parser; packages/eslint-plugin/test/components.test.ts runs it.
      if (match[1].includes('export default') && !/from '(?:vue|svelte|astro)-eslint-parser'/.test(match[1])) configs.push({ where: `${readme}, config ${configs.filter((c) => c.where.startsWith(readme)).length + 1}`, text: match[1] });
    }
  }
  return configs;
}

const TS_CALL = (name) =>
  `export async function ${name}(code: string, uid: string): Promise<number> {\n` +
  `  const response = await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });\n` +
  `  return response.status;\n}\n`;
const JS_CALL = (name) =>
  `export async function ${name}(code, uid) {\n` +
  `  const response = await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });\n` +
  `  return response.status;\n}\n`;
const MIGRATED = "body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: code })";

/** The findings of `eslint --format json`, as [file, rule, line]; fatal parse errors fail the step. */
function findings(dir, stdout) {
  const results = JSON.parse(stdout);
  const fatal = results.flatMap((r) => r.messages.filter((m) => m.fatal).map((m) => `${r.filePath}: ${m.message}`));
  assert.deepEqual(fatal, [], 'no file may fail to parse');
  return results.flatMap((r) => r.messages.map((m) => [r.filePath.slice(dir.length + 1), m.ruleId, m.line])).sort((a, b) => a[0].localeCompare(b[0]));
}

function checkSarif(file) {
  const Ajv = AjvDraft04.default;
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  AjvFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(join(root, 'packages/codemod/test/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')));
  const log = JSON.parse(readFileSync(file, 'utf8'));
  assert.ok(validate(log), `SARIF 2.1.0 schema: ${ajv.errorsText(validate.errors)}`);
  return log;
}

/** Lint, scan, ratchet and migrate in an installed project whose src/ holds `calls` deprecated calls. */
function campaign(dir, flavour, ext) {
  // docs/ci.md's ESLint ratchet: suppress today's calls, then the lint passes.
  eslint(dir, ['.', '--suppress-rule', 'app-assignment/no-deprecated-assign'], 0);
  eslint(dir, ['.'], 0);
  rmSync(join(dir, 'eslint-suppressions.json'));
  step(`${flavour}: eslint --suppress-rule, then eslint . passes`);

  app(dir, ['scan', '--format', 'sarif', '--out', 'app-assignment.sarif'], 0);
  const log = checkSarif(join(dir, 'app-assignment.sarif'));
  assert.deepEqual(log.runs[0].results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri).sort(), [`src/a.${ext}`, `src/b.${ext}`]);
  step(`${flavour}: scan --format sarif is valid SARIF 2.1.0 with both calls`);

  app(dir, ['ratchet', 'src', '--update'], 0);
  app(dir, ['ratchet'], 0);
  writeFileSync(join(dir, `src/c.${ext}`), (ext === 'ts' ? TS_CALL : JS_CALL)('third'));
  assert.match(app(dir, ['ratchet'], 1).stdout, new RegExp(`src/c\\.${ext}:2:`));
  rmSync(join(dir, `src/c.${ext}`));
  step(`${flavour}: ratchet passes on the baseline and fails on a new call`);

  assert.match(app(dir, ['migrate', 'src'], 0).stdout, /2 calls migrated/);
  assert.ok(readFileSync(join(dir, `src/a.${ext}`), 'utf8').includes(MIGRATED));
  eslint(dir, ['.'], 0);
  assert.equal(app(dir, ['ratchet'], 1).stdout.includes('0 new, 2 gone'), true);
  app(dir, ['ratchet', '--update'], 0);
  app(dir, ['ratchet'], 0);
  step(`${flavour}: migrate rewrote both calls; the lint is clean; the ratchet shrank to nothing`);
}

try {
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  const packed = PACKAGES.map((name) => pack(name, tarballs));
  step(`packed ${packed.length} packages`);

  // A TypeScript outside the supported range: npm must refuse quickly, naming the range.
  const refused = npmInstall(project('typescript-7'), ['typescript@7', ...packed], { expect: null });
  assert.notEqual(refused.status, 0, 'npm installed the packages with TypeScript 7, which they do not support');
  assert.ok(`${refused.stdout}${refused.stderr}`.includes(`typescript@"${SUPPORTED}"`), `npm's refusal names ${SUPPORTED}:\n${refused.stderr}`);
  step(`TypeScript 7: npm refused at once, naming ${SUPPORTED}`);

  // The TypeScript flavour, typescript unpinned: npm must settle on a supported version within the limit.
  const ts = project('typescript', {
    'src/a.ts': TS_CALL('first'),
    'src/b.ts': TS_CALL('second'),
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', lib: ['ES2023', 'DOM'], noEmit: true, skipLibCheck: false }, include: ['src'] }),
    'types/eslint.config.ts':
      `import { defineConfig } from 'eslint/config';\nimport type { Linter } from 'eslint';\nimport appAssignment from 'eslint-plugin-app-assignment';\nimport tseslint from 'typescript-eslint';\n\n` +
      `export const withDefine = defineConfig(appAssignment.configs.recommended);\n` +
      `export const typed = defineConfig(tseslint.configs.recommended, appAssignment.configs.recommendedTypeChecked, { files: ['src/admin/**'], ...appAssignment.configs['directory-token'] });\n` +
      `export const list: Linter.Config[] = [appAssignment.configs.recommended, appAssignment.configs.recommendedTypeChecked, { files: ['test/**'], ...appAssignment.configs.testing }];\n`,
    'types/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', noEmit: true, skipLibCheck: true, types: [] }, include: ['eslint.config.ts'] }),
  });
  const installed = npmInstall(ts, ['typescript', 'eslint', 'typescript-eslint', ...packed], { expect: null });
  assert.equal(installed.status, 0, `npm with typescript unpinned: ${installed.stderr}`);
  const tsVersion = JSON.parse(readFileSync(join(ts, 'node_modules/typescript/package.json'), 'utf8')).version;
  step(`TypeScript project: npm installed typescript ${tsVersion} (supported: ${SUPPORTED})`);

  run(process.execPath, [join(ts, 'node_modules/typescript/bin/tsc'), '-p', 'types'], ts);
  rmSync(join(ts, 'types'), { recursive: true });
  step('TypeScript project: defineConfig and Linter.Config[] take the configs (tsc)');

  for (const { where, text } of readmeConfigs()) {
    writeFileSync(join(ts, 'eslint.config.js'), text);
    const found = findings(ts, eslint(ts, ['.', '--format', 'json'], 1).stdout).filter((f) => f[0].startsWith('src/'));
    assert.deepEqual(found, [['src/a.ts', 'app-assignment/no-deprecated-assign', 2], ['src/b.ts', 'app-assignment/no-deprecated-assign', 2]], where);
    step(`TypeScript project: ${where} lints both .ts files, no parse error`);
  }
  // The README's typed config with the project service, as the ratchet of docs/ci.md runs it.
  writeFileSync(join(ts, 'eslint.config.js'), readmeConfigs().find((c) => c.text.includes('allowDefaultProject')).text);
  campaign(ts, 'TypeScript project', 'ts');

  // The JavaScript flavour: eslint and the packages, no typescript-eslint.
  const js = project('javascript', { 'src/a.js': JS_CALL('first'), 'src/b.js': JS_CALL('second') });
  npmInstall(js, ['eslint', ...packed]);
  step('JavaScript project: installed');
  for (const { where, text } of readmeConfigs().filter((c) => !c.text.includes('typescript-eslint'))) {
    writeFileSync(join(js, 'eslint.config.js'), text);
    const found = findings(js, eslint(js, ['.', '--format', 'json'], 1).stdout);
    assert.deepEqual(found, [['src/a.js', 'app-assignment/no-deprecated-assign', 2], ['src/b.js', 'app-assignment/no-deprecated-assign', 2]], where);
    step(`JavaScript project: ${where} lints both .js files`);
  }
  campaign(js, 'JavaScript project', 'js');
  step('pack smoke: all passed');
} finally {
  rmSync(work, { recursive: true, force: true });
}
