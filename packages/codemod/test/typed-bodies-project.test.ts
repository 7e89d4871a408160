/**
 * Project mode on bodies typed by a type of another module: the imports a v3 body type needs are written in the file's
 * style, the old type's import goes only where it can go exactly, two bodies of one file add one import, and every
 * result compiles with the real TypeScript compiler; per file (`--no-project`) such a body keeps `body-typed`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILER_OPTIONS, compiles, migrateIn, projectTrees } from './helpers/project-tree.js';

interface Report {
  mode: { kind: string };
  totals: { changed: number; migrated: number; todos: number; callers: number };
  files: { path: string; sites: { line: number; outcome: string; migrated: boolean; reasons: { code: string }[] }[] }[];
}

const trees = projectTrees();
afterAll(() => trees.removeAll());

const TYPED_TSCONFIG = JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, verbatimModuleSyntax: true }, include: ['src'] });
const project = (files: Record<string, string>) => trees.project(files, TYPED_TSCONFIG);
const migrate = async (dir: string, extra: string[] = []) => await migrateIn<Report>(dir, ['.', ...extra]);

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

const LEGACY = 'export interface AssignAppRequest {\n  business_uid?: string;\n  directory_uid?: string;\n}\n';
const V3 = [
  'export interface AppAssignmentRequest {',
  "  assignee_type: 'business' | 'directory';",
  '  assignee_uid: string;',
  '  app_code_name: string;',
  "  settings?: { assignment_mode: 'internal' | 'pre_installed' };",
  '}',
  '',
].join('\n');
const send = (name: string, annotation: string, uid = 'biz_1') => [
  `export async function ${name}(code: string): Promise<number> {`,
  `  const body: ${annotation} = { business_uid: '${uid}' };`,
  "  const response = await fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify(body) });",
  '  return response.status;',
  '}',
].join('\n');
const sent = (name: string, annotation: string, uid = 'biz_1') => [
  `export async function ${name}(code: string): Promise<number> {`,
  `  const body: ${annotation} = { assignee_type: 'business', assignee_uid: '${uid}', app_code_name: code };`,
  "  const response = await fetch(`https://api.example.com/v3/apps/app_assignments`, { method: 'POST', body: JSON.stringify(body) });",
  '  return response.status;',
  '}',
].join('\n');

describe('a v3 body type exported by another module', () => {
  it('no import of its module yet: an `import type` line after the last import, in the quotes and semicolons of the file', async () => {
    const dir = project({
      'src/legacy.ts': LEGACY,
      'src/v3.ts': V3,
      'src/helpers.ts': 'export const trace = (s: string) => s\n',
      'src/send.ts': `import { trace } from "./helpers.js"\nimport type { AssignAppRequest } from "./legacy.js"\n\ntrace("x")\n\n${send('send', 'AssignAppRequest')}\n`,
    });
    const report = await migrate(dir);
    expect(report.totals.migrated).toBe(1);
    // The old import was the last one and had nothing else: the new one takes its place.
    expect(read(dir, 'src/send.ts')).toBe(`import { trace } from "./helpers.js"\nimport type { AppAssignmentRequest } from "./v3.js"\n\ntrace("x")\n\n${sent('send', 'AppAssignmentRequest')}\n`);
    compiles(dir);
    expect((await migrate(dir)).totals.changed).toBe(0);
  });

  it('the old import keeps the names still used, and loses the one that is not', async () => {
    const dir = project({
      'src/legacy.ts': `${LEGACY}export type Uid = string;\n`,
      'src/v3.ts': V3,
      'src/send.ts': `import type { AssignAppRequest, Uid } from './legacy.js';\n\nexport const owner: Uid = 'biz_1';\n${send('send', 'AssignAppRequest')}\n`,
    });
    await migrate(dir);
    expect(read(dir, 'src/send.ts')).toBe(
      `import type { Uid } from './legacy.js';\nimport type { AppAssignmentRequest } from './v3.js';\n\nexport const owner: Uid = 'biz_1';\n${sent('send', 'AppAssignmentRequest')}\n`,
    );
    compiles(dir);
  });

  it('an import of its module by value takes the name as a type-only specifier', async () => {
    const dir = project({
      'src/legacy.ts': LEGACY,
      'src/v3.ts': `${V3}export const V3_PATH = '/v3/apps/app_assignments';\n`,
      'src/send.ts': `import { V3_PATH } from './v3.js';\nimport type { AssignAppRequest } from './legacy.js';\n\nexport const path = V3_PATH;\n${send('send', 'AssignAppRequest')}\n`,
    });
    await migrate(dir);
    expect(read(dir, 'src/send.ts')).toBe(`import { V3_PATH, type AppAssignmentRequest } from './v3.js';\n\nexport const path = V3_PATH;\n${sent('send', 'AppAssignmentRequest')}\n`);
    compiles(dir);
  });

  it('two bodies of one file add one import; the old import, which both named, stays', async () => {
    const dir = project({
      'src/legacy.ts': LEGACY,
      'src/v3.ts': V3,
      'src/send.ts': `import type { AssignAppRequest } from './legacy.js';\n\n${send('one', 'AssignAppRequest')}\n${send('two', 'AssignAppRequest', 'biz_2')}\n`,
    });
    const report = await migrate(dir);
    expect(report.totals.migrated).toBe(2);
    expect(read(dir, 'src/send.ts')).toBe(
      `import type { AssignAppRequest } from './legacy.js';\nimport type { AppAssignmentRequest } from './v3.js';\n\n${sent('one', 'AppAssignmentRequest')}\n${sent('two', 'AppAssignmentRequest', 'biz_2')}\n`,
    );
    compiles(dir);
    expect((await migrate(dir)).totals.changed).toBe(0);
  });

  it('an old import with a comment inside is left as it is', async () => {
    const dir = project({
      'src/legacy.ts': LEGACY,
      'src/v3.ts': V3,
      'src/send.ts': `import type { /* the platform's */ AssignAppRequest } from './legacy.js';\n\n${send('send', 'AssignAppRequest')}\n`,
    });
    await migrate(dir);
    expect(read(dir, 'src/send.ts')).toBe(
      `import type { /* the platform's */ AssignAppRequest } from './legacy.js';\nimport type { AppAssignmentRequest } from './v3.js';\n\n${sent('send', 'AppAssignmentRequest')}\n`,
    );
    compiles(dir);
  });
});

describe('where the new import goes', () => {
  it('after the whole line of the last import: a comment that ends it stays with it', async () => {
    const dir = project({
      'src/legacy.ts': LEGACY,
      'src/v3.ts': V3,
      'src/helpers.ts': 'export const trace = (s: string) => s;\n',
      'src/send.ts': `import type { AssignAppRequest } from './legacy.js';\nimport { trace } from './helpers.js'; // logging\n\ntrace('x');\n${send('send', 'AssignAppRequest')}\n`,
    });
    await migrate(dir);
    expect(read(dir, 'src/send.ts')).toBe(
      `import { trace } from './helpers.js'; // logging\nimport type { AppAssignmentRequest } from './v3.js';\n\ntrace('x');\n${sent('send', 'AppAssignmentRequest')}\n`,
    );
    compiles(dir);
  });
});

describe('per file, an imported type cannot be followed', () => {
  it('--no-project leaves both kinds with body-typed and edits nothing but TODO lines', async () => {
    const files = {
      'src/legacy.ts': LEGACY,
      'src/v3.ts': V3,
      'src/send.ts': `import type { AssignAppRequest } from './legacy.js';\n\n${send('send', 'AssignAppRequest')}\n`,
    };
    const dir = project(files);
    const report = await migrate(dir, ['--no-project']);
    expect(report.totals.migrated).toBe(0);
    expect(report.files.flatMap((file) => file.sites.map((site) => site.reasons.map((r) => r.code)))).toEqual([['body-typed']]);
    expect(read(dir, 'src/legacy.ts')).toBe(LEGACY);
    expect(read(dir, 'src/send.ts').replace(/^[ \t]*\/\/ TODO\(app-assignment\):.*\n/gm, '')).toBe(files['src/send.ts']);
  });
});

describe('a wrapper whose body parameter is a Record<string, string>', () => {
  const WRAPPER = [
    'export async function assignApp(code: string, body: Record<string, string>): Promise<number> {',
    '  const res = await fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, {',
    "    method: 'POST',",
    "    headers: { 'Content-Type': 'application/json' },",
    '    body: JSON.stringify(body),',
    '  });',
    '  return res.status;',
    '}',
    '',
  ].join('\n');
  const CALLERS = [
    "import { assignApp } from './assign.js';",
    'export async function onboard(dir: string, biz: string): Promise<void> {',
    "  await assignApp('crm-sync', { directory_uid: dir, is_internal: 'true' });",
    "  await assignApp('help-center', { business_uid: biz });",
    '}',
    '',
  ].join('\n');

  it('migrates with its callers, the parameter widened to take the settings object; the result compiles', async () => {
    const dir = project({ 'src/assign.ts': WRAPPER, 'src/onboard.ts': CALLERS });
    const report = await migrate(dir);
    expect(report.totals.todos).toBe(0);
    expect(read(dir, 'src/assign.ts')).toBe(WRAPPER.replace('body: Record<string, string>', 'body: Record<string, unknown>')
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments'));
    expect(read(dir, 'src/onboard.ts')).toBe(CALLERS
      .replace("{ directory_uid: dir, is_internal: 'true' }", "{ assignee_type: 'directory', assignee_uid: dir, app_code_name: 'crm-sync', settings: { assignment_mode: 'internal' } }")
      .replace('{ business_uid: biz }', "{ assignee_type: 'business', assignee_uid: biz, app_code_name: 'help-center' }"));
    compiles(dir);
  });

  it('a body parameter with a default (an old body sent when a caller passes none) is not widened: every call stays', async () => {
    const defaulted = WRAPPER.replace('body: Record<string, string>)', "body: Record<string, string> = { directory_uid: 'root' })");
    const dir = project({ 'src/assign.ts': defaulted, 'src/onboard.ts': CALLERS });
    expect((await migrate(dir)).totals.migrated).toBe(0);
    expect(read(dir, 'src/assign.ts')).toContain("body: Record<string, string> = { directory_uid: 'root' }");
  });

  it('a wrapper that also reads a value of the body as a string is not widened: every call stays', async () => {
    const reads = WRAPPER.replace('  return res.status;', '  console.log(body.business_uid?.toUpperCase());\n  return res.status;');
    const dir = project({ 'src/assign.ts': reads, 'src/onboard.ts': CALLERS });
    const report = await migrate(dir);
    expect(report.totals.migrated).toBe(0);
    expect(read(dir, 'src/assign.ts')).toContain('body: Record<string, string>');
    compiles(dir);
  });
});

describe('a wrapper with a destructured parameter whose body member is typed by the old body type', () => {
  const API = [
    'export type AssignPayload = {',
    '  business_uid?: string',
    '  directory_uid?: string',
    '  is_internal?: string',
    '}',
    '',
    'export const assignApp = ({ appCode, body }: { appCode: string; body: AssignPayload }) =>',
    '  fetch(`https://api.example.com/platform/v1/apps/${appCode}/assign`, { method: "POST", body: JSON.stringify(body) })',
    '',
  ].join('\n');
  const CALLERS = [
    'import { assignApp } from "./api.js"',
    '',
    'export const staff = (dir: string) => assignApp({ appCode: "crm-sync", body: { directory_uid: dir, is_internal: "true" } })',
    'export const owner = (biz: string) => assignApp({ appCode: "billing", body: { business_uid: biz } })',
    '',
  ].join('\n');

  it('migrates with its callers and its type, written in the file\'s quotes and without semicolons; the result compiles', async () => {
    const dir = project({ 'src/api.ts': API, 'src/callers.ts': CALLERS });
    const report = await migrate(dir);
    expect(report.totals.todos).toBe(0);
    expect(read(dir, 'src/api.ts')).toBe(API.replace([
      '  business_uid?: string',
      '  directory_uid?: string',
      '  is_internal?: string',
    ].join('\n'), [
      '  assignee_type: "business" | "directory"',
      '  assignee_uid?: string',
      '  app_code_name: string',
      '  settings?: { assignment_mode: "internal" | "pre_installed" }',
    ].join('\n')).replace('/platform/v1/apps/${appCode}/assign', '/v3/apps/app_assignments'));
    expect(read(dir, 'src/callers.ts')).toBe(CALLERS
      .replace('{ directory_uid: dir, is_internal: "true" }', '{ assignee_type: "directory", assignee_uid: dir, app_code_name: "crm-sync", settings: { assignment_mode: "internal" } }')
      .replace('{ business_uid: biz }', '{ assignee_type: "business", assignee_uid: biz, app_code_name: "billing" }'));
    compiles(dir);
  });

  it('a caller that cannot migrate (built_in) holds the wrapper, its type and every other caller', async () => {
    const held = CALLERS.replace('{ business_uid: biz }', '{ business_uid: biz, built_in: "true" }');
    const dir = project({ 'src/api.ts': API.replace('  is_internal?: string', '  is_internal?: string\n  built_in?: string'), 'src/callers.ts': held });
    expect((await migrate(dir)).totals.migrated).toBe(0);
    expect(read(dir, 'src/api.ts')).toContain('  business_uid?: string');
    compiles(dir);
  });
});

describe('a monorepo whose packages each declare their own body type and wrapper under the same names', () => {
  const PLATFORM = [
    'export interface AssignBody {',
    '  business_uid?: string;',
    '  directory_uid?: string;',
    '  is_internal?: string;',
    '}',
    '',
    'export async function assignApp(code: string, body: AssignBody): Promise<number> {',
    "  const res = await fetch(`https://api.example.com/platform/v1/apps/${encodeURIComponent(code)}/assign`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });",
    '  return res.status;',
    '}',
    '',
  ].join('\n');
  const caller = (from: string, code: string) => [
    `import { assignApp } from '${from}';`,
    '',
    `export const onboard = (dir: string) => assignApp('${code}', { directory_uid: dir, is_internal: 'true' });`,
    '',
  ].join('\n');
  const pkg = (name: string, paths?: Record<string, string[]>) => ({
    [`packages/${name}/package.json`]: `{ "name": "@acme/${name}", "private": true, "type": "module" }\n`,
    [`packages/${name}/tsconfig.json`]: JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, ...(paths === undefined ? {} : { paths }) }, include: ['src'] }),
  });
  const monorepo = (extra: Record<string, string> = {}) => trees.project({
    'package.json': '{ "name": "acme", "private": true, "workspaces": ["packages/*"] }\n',
    ...pkg('billing'),
    ...pkg('crm', { '@acme/billing/platform': ['../billing/src/platform.ts'] }),
    'packages/billing/src/platform.ts': PLATFORM,
    'packages/billing/src/onboard.ts': caller('./platform.js', 'billing-app'),
    'packages/crm/src/platform.ts': PLATFORM,
    'packages/crm/src/onboard.ts': caller('./platform.js', 'crm-app'),
    ...extra,
  }, JSON.stringify({ files: [], references: [{ path: 'packages/billing' }, { path: 'packages/crm' }] }));

  it('each package migrates its wrapper, its type and its callers: another package spelling the same names is not a use', async () => {
    const dir = monorepo({ 'packages/crm/src/partner.ts': caller('@acme/billing/platform', 'partner-app') });
    const report = await migrate(dir);
    expect(report.totals.todos).toBe(0);
    expect(report.totals.migrated).toBe(2);
    expect(report.totals.callers).toBe(3);
    for (const name of ['billing', 'crm']) {
      expect(read(dir, `packages/${name}/src/platform.ts`)).toContain('  assignee_type: "business" | "directory";'.replace(/"/g, "'"));
      expect(read(dir, `packages/${name}/src/platform.ts`)).toContain('/v3/apps/app_assignments');
    }
    expect(read(dir, 'packages/crm/src/partner.ts')).toContain("app_code_name: 'partner-app'");
  });

  it('a module that names the wrapper but imports it from where the run cannot see still holds it', async () => {
    const dir = monorepo({ 'packages/crm/src/vendor.ts': caller('platform-sdk', 'vendor-app') });
    const report = await migrate(dir);
    expect(report.totals.migrated).toBe(0);
    expect(read(dir, 'packages/billing/src/platform.ts')).toContain('  business_uid?: string;');
  });
});
