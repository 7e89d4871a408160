/**
 * Typed linting (`followImports`) reads the program as the codemod's project mode does, so it agrees with
 * `app-assignment scan` on shapes that only the whole program decides: a request helper that names its path in the
 * message of the language's own `Error` (migrated where nothing reads an error's message, held where something does),
 * each site with scan's outcome.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';
import { command } from '../../../scripts/lib/command.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const RULE = 'app-assignment/no-deprecated-assign';
const OUTCOME_OF_MESSAGE: Record<string, string> = { deprecated: 'fix', deprecatedReview: 'review', deprecatedChoose: 'choose', deprecatedManual: 'manual', deprecatedGroup: 'fix', deprecatedGroupReview: 'review' };

function project(files: Record<string, string>): string {
  const dir = makeTempDir('app-assignment-typed-everyday-');
  const all = {
    'package.json': '{ "name": "p", "private": true, "type": "module" }\n',
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, lib: ['es2022', 'dom'], skipLibCheck: true }, include: ['src'] }),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function linted(dir: string): Promise<string[]> {
  const config: Linter.Config[] = [{
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: dir } },
    plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
    rules: { [RULE]: ['error', { followImports: true }] },
  }];
  const results = await new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config }).lintFiles(['src/**/*.ts']);
  return results.flatMap((result) => result.messages.map((m) => {
    expect(m.fatal, m.message).not.toBe(true);
    return `${relative(dir, result.filePath).split(sep).join('/')}:${m.line} ${OUTCOME_OF_MESSAGE[m.messageId ?? ''] ?? m.messageId}`;
  })).sort();
}

async function scanned(dir: string): Promise<string[]> {
  const run = await command(['scan', '.', '--json'], dir);
  expect(run.code, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as { files: { path: string; sites: { line: number; outcome: string; withWrapper?: true }[] }[] };
  return report.files.flatMap((file) => file.sites.filter((site) => site.withWrapper !== true).map((site) => `${file.path}:${site.line} ${site.outcome}`)).sort();
}

const HTTP = `export async function makeRequest(base: string, path: string, method: string, body?: unknown): Promise<number> {
  const res = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json' }, body: body == null ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(\`\${method} \${path} -> \${res.status}\`);
  return res.status;
}
`;
const ASSIGN = "import { makeRequest } from './http.js';\n\nexport const offer = (base: string, code: string, uid: string) => makeRequest(base, `/platform/v1/apps/${code}/assign`, 'POST', { business_uid: uid });\n";
const APP = (handler: string) => `import { offer } from './assign.js';\n\nexport async function tryOffer(base: string): Promise<boolean> {\n  try {\n    await offer(base, 'crm', 'b1');\n    return true;\n  } catch (e) {\n${handler}  }\n}\n`;

describe("typed linting and scan agree on the language's Error with a helper's path in its message", () => {
  it.each([
    ['nothing reads an error\'s message: a fix', '    return false;\n', 'fix'],
    ['a catch reads the message: held', '    return (e as Error).message.length > 0;\n', 'manual'],
    ['a catch makes the error a string through a cast: held', "    return ('failed (' + (e as Error).toString() + ')').length > 0;\n", 'manual'],
    ['a rejection handler of any name puts the error in a template: held', '    return offer(base, \'crm\', \'b1\').then(() => true, (problem) => `${problem}`.length > 0);\n', 'manual'],
    ['the function String given as the rejection handler: held', "    return offer(base, 'crm', 'b1').then(() => true, String).then(Boolean);\n", 'manual'],
    ['rejection handlers that say only that it failed: a fix', "    return offer(base, 'crm', 'b1').then(() => true, () => false);\n", 'fix'],
  ])('%s', async (_name, handler, outcome) => {
    const dir = project({ 'src/http.ts': HTTP, 'src/assign.ts': ASSIGN, 'src/app.ts': APP(handler) });
    const scan = await scanned(dir);
    expect(scan).toEqual([`src/assign.ts:3 ${outcome}`]);
    expect(await linted(dir)).toEqual(scan);
  });
});

const RETURNS_RESPONSE = `export async function assignBusiness(base: string, code: string, uid: string) {
  const res = await fetch(\`\${base}/platform/v1/apps/\${code}/assign\`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ business_uid: uid }) });
  return res;
}
`;
const CALLER = (read: string) => `import { assignBusiness } from './assign.js';\n\nexport async function offer(base: string) {\n  const res = await assignBusiness(base, 'crm', 'b1');\n  return ${read};\n}\n`;

describe('typed linting and scan agree on a wrapper whose caller reads the URL of the response', () => {
  it.each([
    ['the caller reads the status: the request fixed, its caller with it', 'res.status', ['src/assign.ts:2 fix']],
    ['the caller reads res.url: both held', 'res.url', ['src/app.ts:4 manual', 'src/assign.ts:2 manual']],
  ])('%s', async (_name, read, outcomes) => {
    const dir = project({ 'src/assign.ts': RETURNS_RESPONSE, 'src/app.ts': CALLER(read) });
    const scan = await scanned(dir);
    expect(scan).toEqual(outcomes);
    expect(await linted(dir)).toEqual(scan);
  });
});

describe('typed linting and scan agree on an app-action helper given the action from an as const map or tuple', () => {
  const ACTIONS = `export const APP_ACTIONS = ['assign', 'unassign'] as const;
export const AppAction = { Assign: 'assign', Unassign: 'unassign' } as const;
export type AppAction = (typeof AppAction)[keyof typeof AppAction];
`;
  const PLATFORM = "import type { AppAction } from './actions.js';\n\nexport function appAction(base: string, code: string, action: AppAction) {\n  return fetch(`${base}/platform/v1/apps/${code}/${action}`, { method: 'POST', body: JSON.stringify({ business_uid: 'b1' }) });\n}\n";
  const MAIN = "import { APP_ACTIONS, AppAction } from './actions.js';\nimport { appAction } from './platform.js';\n\nexport async function main(base: string) {\n  await appAction(base, 'crm', AppAction.Assign);\n  await appAction(base, 'erp', APP_ACTIONS[0]);\n  await appAction(base, 'crm', AppAction.Unassign);\n  await appAction(base, 'erp', APP_ACTIONS[1]);\n}\n";
  it('the member and the element that hold "assign" are reported, the others not', async () => {
    const dir = project({ 'src/actions.ts': ACTIONS, 'src/platform.ts': PLATFORM, 'src/main.ts': MAIN });
    const scan = await scanned(dir);
    expect(scan).toEqual(['src/main.ts:5 manual', 'src/main.ts:6 manual']);
    expect(await linted(dir)).toEqual(scan);
  });
});

describe('typed linting and scan agree on a namespace import of a module of the program', () => {
  it('`shared.ASSIGN`, `config.PLATFORM` and `config.appUrl(code)` are read as named imports are', async () => {
    const dir = project({
      'src/shared.ts': "export const ASSIGN = 'assign';\n",
      'src/config.ts': "export const PLATFORM = 'https://api.example.com/platform/v1';\nexport const appUrl = (code: string) => `${PLATFORM}/apps/${code}`;\n",
      'src/apps.ts': "import * as shared from './shared.js';\nimport * as config from './config.js';\n\nexport const a = (code: string) => fetch(`https://api.example.com/platform/v1/apps/${code}/${shared.ASSIGN}`, { method: 'POST', body: '{}' });\nexport const b = (code: string) => fetch(`${config.PLATFORM}/apps/${code}/assign`, { method: 'POST', body: '{}' });\nexport const c = (code: string) => fetch(`${config.appUrl(code)}/assign`, { method: 'POST', body: '{}' });\n",
    });
    const scan = await scanned(dir);
    expect(scan).toEqual(['src/apps.ts:4 manual', 'src/apps.ts:5 manual', 'src/apps.ts:6 manual']);
    expect(await linted(dir)).toEqual(scan);
  });
});
