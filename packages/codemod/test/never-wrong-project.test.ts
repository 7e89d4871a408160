/**
 * Project mode on small multi-file projects where a rewrite would mean something else: a wrapper whose uses are not
 * all seen stays as it is, with every caller; where every use is seen, the wrapper and its callers are migrated
 * together and the project still compiles. Each input was checked against the contract by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiles, migrateIn, projectTrees, TSCONFIG } from './helpers/project-tree.js';

interface Report {
  mode: { kind: string };
  totals: { changed: number; migrated: number; todos: number; callers: number; errors: number };
  files: { path: string; sites: { line: number; kind: 'call' | 'caller'; outcome: string; migrated: boolean; reason?: string }[] }[];
}

const trees = projectTrees();
afterAll(() => trees.removeAll());

const project = (files: Record<string, string>, tsconfig = TSCONFIG) => trees.project(files, tsconfig);
const migrate = (dir: string, paths: string[] = ['.']) => migrateIn<Report>(dir, paths);

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const withoutTodos = (text: string) => text.replace(/^[ \t]*\/\/ TODO\(app-assignment\):.*\r?\n/gm, '');

/** Every file of the project is as it was, but for TODO lines; every reported call says why it was left. */
function expectAllHeld(dir: string, files: Record<string, string>, report: Report) {
  expect(report.totals.migrated).toBe(0);
  for (const site of report.files.flatMap((file) => file.sites)) {
    expect(site.migrated).toBe(false);
    expect(site.reason).toBeDefined();
  }
  for (const [name, text] of Object.entries(files)) expect(withoutTodos(read(dir, name)), name).toBe(text);
}

const WRAPPER = `export function assignApp(code: string, body: Record<string, unknown>) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
`;
const CALLER = `import { assignApp } from './api.js';
export const run = (uid: string) => assignApp('crm', { business_uid: uid });
`;
const OTHER_CALL = "assignApp('hr', { directory_uid: 'dir_1', is_internal: 'true' })";

describe('a wrapper whose uses are not all read stays as it is, with every caller', () => {
  it.each([
    ['a namespace import', { 'src/b.ts': `import * as api from './api.js';\nexport const seed = () => api.${OTHER_CALL};\n` }],
    ['a dynamic import alone', { 'src/b.ts': `export async function seed() {\n  const api = await import('./api.js');\n  return api.${OTHER_CALL};\n}\n` }],
  ])('%s', async (_name, extra) => {
    const files = { 'src/api.ts': WRAPPER, 'src/a.ts': CALLER, ...extra };
    const dir = project(files);
    const report = await migrate(dir);
    expect(report.mode.kind).toBe('project');
    expectAllHeld(dir, files, report);
    expect(report.files.find((f) => f.path === 'src/api.ts')?.sites[0]?.reason).toContain('calls cannot all be seen');
  });

  it('a CommonJS require in a JavaScript file', async () => {
    const files = {
      'src/api.ts': WRAPPER,
      'src/a.ts': CALLER,
      'src/old.cjs': `const { assignApp } = require('./api.js');\nexports.seed = () => ${OTHER_CALL};\n`,
    };
    const dir = project(files, TSCONFIG.replace('"noEmit":true', '"noEmit":true,"allowJs":true'));
    expectAllHeld(dir, files, await migrate(dir));
  });

  it('an importer outside the paths given to migrate', async () => {
    const files = { 'src/api.ts': WRAPPER, 'src/a.ts': CALLER, 'src/b.ts': `import { assignApp } from './api.js';\nexport const other = () => ${OTHER_CALL};\n` };
    const dir = project(files);
    const report = await migrate(dir, ['src/api.ts', 'src/a.ts']);
    expectAllHeld(dir, files, report);
    expect(read(dir, 'src/b.ts')).toBe(files['src/b.ts']);
  });

  it('an importer that does not parse holds the wrapper back', async () => {
    const files = {
      'src/api.ts': WRAPPER,
      'src/a.ts': CALLER,
      'src/broken.ts': `import { assignApp } from './api.js';\nexport const seed = () => assignApp('hr', { directory_uid: 'dir_1' };\n`,
    };
    const dir = project(files);
    const report = await migrate(dir);
    expect(report.totals.errors).toBe(1);
    expectAllHeld(dir, files, report);
  });

  it('a re-export as a namespace: the wrapper keeps its TODO', async () => {
    const files = {
      'src/platform/assign.ts': WRAPPER,
      'src/platform/index.ts': "export * as platform from './assign.js';\n",
      'src/billing/offer.ts': "import { platform } from '../platform/index.js';\nexport const offer = (uid: string) => platform.assignApp('crm', { business_uid: uid });\n",
    };
    const dir = project(files);
    expectAllHeld(dir, files, await migrate(dir));
  });
});

describe('facts from other modules', () => {
  it('an instance whose baseURL holds /platform/v1 and joins even absolute URLs to it is left with a TODO that names the base', async () => {
    const files = {
      'src/http.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.example.com/platform/v1', allowAbsoluteUrls: false });\n",
      'src/a.ts': "import { api } from './http.js';\nexport const run = (code: string, uid: string) => api.post(`/apps/${code}/assign`, { business_uid: uid });\n",
    };
    const dir = project(files);
    const report = await migrate(dir);
    expectAllHeld(dir, files, report);
    expect(report.files.find((f) => f.path === 'src/a.ts')?.sites[0]?.reason).toContain('base URL');
  });

  it('an instance of another module whose base is changed by a third one is left with a TODO', async () => {
    const files = {
      'src/http.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.example.com/platform/v1' });\n",
      'src/region.ts': "import { api } from './http.js';\nexport function useRegion(host: string) {\n  api.defaults.baseURL = `https://${host}/platform/v1`;\n}\n",
      'src/a.ts': "import { api } from './http.js';\nexport const run = (code: string, uid: string) => api.post(`/apps/${code}/assign`, { business_uid: uid });\n",
    };
    const dir = project(files);
    const report = await migrate(dir);
    expectAllHeld(dir, files, report);
    expect(report.files.find((f) => f.path === 'src/a.ts')?.sites[0]?.reason).toContain('point the call at https://api.example.com/v3/apps/app_assignments');
  });

  it('an instance made with a form content type in another module: the body is not JSON', async () => {
    const files = {
      'src/http.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });\n",
      'src/a.ts': "import { api } from './http.js';\nexport const run = (code: string, uid: string) => api.post(`/platform/v1/apps/${code}/assign`, { business_uid: uid });\n",
    };
    const dir = project(files);
    const report = await migrate(dir);
    expectAllHeld(dir, files, report);
    expect(report.files.find((f) => f.path === 'src/a.ts')?.sites[0]?.reason).toContain('form-encoded');
  });

  it('an app code const imported from another module is named in the body, and the project compiles', async () => {
    const files = {
      'src/config.ts': "export const APP = 'crm';\n",
      'src/a.ts': "import axios from 'axios';\nimport { APP } from './config.js';\nexport const run = (uid: string) => axios.post(`https://api.example.com/platform/v1/apps/${APP}/assign`, { business_uid: uid });\n",
    };
    const dir = project(files);
    const report = await migrate(dir);
    expect(report.totals.migrated).toBe(1);
    expect(read(dir, 'src/a.ts')).toBe(files['src/a.ts'].replace(
      '/platform/v1/apps/${APP}/assign`, { business_uid: uid }',
      "/v3/apps/app_assignments`, { assignee_type: 'business', assignee_uid: uid, app_code_name: APP }",
    ));
    compiles(dir);
  });
});

describe('a wrapper whose every use is read is migrated with its callers', () => {
  it('a wrapper module and its caller import each other: migrated once, and a second run changes nothing', async () => {
    const files = {
      'src/api.ts': `import { audit } from './a.js';\n${WRAPPER.replace('{\n', '{\n  audit(code);\n')}`,
      'src/a.ts': `${CALLER}export const audit = (code: string) => console.log(code);\n`,
    };
    const dir = project(files);
    const report = await migrate(dir);
    expect(report.totals).toMatchObject({ migrated: 1, callers: 1, errors: 0 });
    expect(read(dir, 'src/a.ts')).toContain("assignApp('crm', { assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' })");
    compiles(dir);
    expect((await migrate(dir)).totals.changed).toBe(0);
  });

  it('callers through a named re-export in a folder index, one under another name; the project compiles', async () => {
    const files = {
      'src/platform/assign.ts': WRAPPER,
      'src/platform/index.ts': "export { assignApp } from './assign.js';\n",
      'src/billing/offer.ts': "import { assignApp } from '../platform/index.js';\nexport const offer = (uid: string) => assignApp('crm', { business_uid: uid });\n",
      'src/billing/rollout.ts': `import { assignApp as assign } from '../platform/index.js';\nexport const rollout = () => ${OTHER_CALL.replace('assignApp', 'assign')};\n`,
    };
    const dir = project(files);
    const report = await migrate(dir);
    expect(report.totals).toMatchObject({ migrated: 1, callers: 2, todos: 0, errors: 0 });
    expect(read(dir, 'src/platform/assign.ts')).toBe(WRAPPER.replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments'));
    expect(read(dir, 'src/billing/offer.ts')).toContain("assignApp('crm', { assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' })");
    expect(read(dir, 'src/billing/rollout.ts')).toContain(
      "assign('hr', { assignee_type: 'directory', assignee_uid: 'dir_1', app_code_name: 'hr', settings: { assignment_mode: 'internal' } })");
    compiles(dir);
    expect((await migrate(dir)).totals.changed).toBe(0);
  });

  it('a JavaScript wrapper and a .tsx caller', async () => {
    const files = {
      'src/api.js': WRAPPER.replace('code: string, body: Record<string, unknown>', 'code, body'),
      'src/View.tsx': "import { assignApp } from './api.js';\nexport function View({ uid }: { uid: string }) {\n  return <button onClick={() => assignApp('crm', { business_uid: uid })}>Assign</button>;\n}\n",
    };
    const dir = project(files, TSCONFIG.replace('"noEmit":true', '"noEmit":true,"allowJs":true,"jsx":"preserve"'));
    const report = await migrate(dir);
    expect(report.totals).toMatchObject({ migrated: 1, callers: 1, errors: 0 });
    expect(read(dir, 'src/api.js')).toContain('`https://api.example.com/v3/apps/app_assignments`');
    expect(read(dir, 'src/View.tsx')).toContain("assignApp('crm', { assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' })");
  });
});

describe('found by a second adversarial reading: a use the import search misses holds the wrapper back', () => {
  const held = async (files: Record<string, string>, tsconfig?: string) => {
    const dir = project(files, tsconfig);
    expectAllHeld(dir, files, await migrate(dir));
  };
  const directory = "assignApp('hr', { directory_uid: 'dir_1', is_internal: 'true' })";

  it('a caller in a file no tsconfig includes (a script beside src/)', async () => {
    await held({ 'src/api.ts': WRAPPER, 'src/a.ts': CALLER, 'scripts/seed.ts': `import { assignApp } from '../src/api.js';\nawait ${directory};\n` });
  });

  it('a caller in a test file the tsconfig excludes', async () => {
    await held({ 'src/api.ts': WRAPPER, 'src/a.ts': CALLER, 'src/api.test.ts': `import { assignApp } from './api.js';\nexport const t = () => ${directory};\n` },
      JSON.stringify({ ...JSON.parse(TSCONFIG) as object, exclude: ['src/**/*.test.ts'] }));
  });

  it('a caller in a Vue component\'s template, which no analysis of its script sees', async () => {
    await held({ 'src/api.ts': WRAPPER, 'src/a.ts': CALLER, 'src/App.vue': `<template>\n  <button @click="${directory.replace(/'/g, '&apos;')}">go</button>\n</template>\n<script setup lang="ts">\nimport { assignApp } from './api';\n</script>\n` });
  });

  it('a caller in a Svelte component\'s markup, under another name', async () => {
    await held({ 'src/api.ts': WRAPPER, 'src/a.ts': CALLER, 'src/App.svelte': `<script lang="ts">\n  import { assignApp as go } from './api';\n</script>\n<button onclick={() => ${directory.replace('assignApp', 'go')}}>go</button>\n` });
  });

  it('a file that also imports the wrapper module dynamically', async () => {
    await held({ 'src/api.ts': WRAPPER, 'src/a.ts': `${CALLER}export const lazy = async () => (await import('./api.js')).${directory};\n` });
  });

  it('an importer whose specifier the search cannot match by name (a package imports alias)', async () => {
    const dir = project({ 'src/api.ts': WRAPPER, 'src/a.ts': CALLER, 'src/b.ts': `import { assignApp as go } from '#assign-lib';\nexport const b = () => go('hr', { directory_uid: 'dir_1', is_internal: 'true' });\n` });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', private: true, type: 'module', imports: { '#assign-lib': './src/api.ts' } }));
    const report = await migrate(dir);
    expect(report.totals.migrated).toBe(0);
    expect(withoutTodos(read(dir, 'src/api.ts'))).toBe(WRAPPER);
  });

  it('axios interceptors set in another module make a form body: left as it is', async () => {
    const files = {
      'src/http.ts': `import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.example.com' });\napi.interceptors.request.use((c) => ({ ...c, data: new URLSearchParams(c.data).toString() }));\n`,
      'src/a.ts': `import { api } from './http.js';\nexport const run = (code: string, uid: string) => api.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });\n`,
    };
    await held(files);
  });
});
