/**
 * Project mode on bodies typed by a type of another module, on small multi-file projects built to make the rewrite
 * wrong: the old type rewritten in its own module while other code still relies on its members, or a v3 body type
 * named at the annotation that the body does not fit, that means something else in the file, or that the compiler
 * cannot take from there. Each project compiles with the real TypeScript compiler before `migrate`; the assertions
 * say what is right after it: every file as it was but for TODO lines, or a result that still compiles and that a
 * second run leaves alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILER_OPTIONS, compiles, migrateIn, projectTrees } from './helpers/project-tree.js';

interface Report {
  mode: { kind: string };
  totals: { changed: number; migrated: number; todos: number };
  files: { path: string; sites: { line: number; outcome: string; migrated: boolean; reasons: { code: string }[] }[] }[];
}

const trees = projectTrees();
afterAll(() => trees.removeAll());

const tsconfig = (options: Record<string, unknown> = {}, include = ['src']) => JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, ...options }, include });
const project = (files: Record<string, string>, config = tsconfig()) => trees.project(files, config);
const migrate = (dir: string, paths: string[] = ['.']) => migrateIn<Report>(dir, paths);

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const withoutTodos = (text: string) => text.replace(/^[ \t]*\/\/ TODO\(app-assignment\):.*\r?\n/gm, '');
const codes = (report: Report) => report.files.flatMap((file) => file.sites.flatMap((site) => site.reasons.map((reason) => reason.code)));

/** Every file of the project is as it was, but for TODO lines, and the body says why it stays. */
function expectAllHeld(dir: string, files: Record<string, string>, report: Report): void {
  expect(report.totals.migrated).toBe(0);
  expect(codes(report)).toContain('body-typed');
  for (const [name, text] of Object.entries(files)) expect(withoutTodos(read(dir, name)), name).toBe(text);
}

/** The call is migrated, the project compiles, and a second run changes nothing. */
async function expectMigratedAndStable(dir: string, report: Report, migrated = 1): Promise<void> {
  expect(report.totals.migrated).toBe(migrated);
  compiles(dir);
  expect((await migrate(dir)).totals.changed).toBe(0);
}

const LEGACY = 'export interface AssignAppRequest {\n  business_uid?: string;\n  directory_uid?: string;\n}\n';
const V3_MEMBERS = "  assignee_type: 'business' | 'directory';\n  assignee_uid: string;\n  app_code_name: string;\n";
const V3 = `export interface AppAssignmentRequest {\n${V3_MEMBERS}  settings?: { assignment_mode: 'internal' | 'pre_installed' };\n}\n`;
const importType = (names: string, from = './types.js') => `import type { ${names} } from '${from}';\n`;
const sendWith = (name: string, annotation: string, body: string) => [
  `export async function ${name}(code: string): Promise<number> {`,
  `  const body: ${annotation} = ${body};`,
  "  const response = await fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify(body) });",
  '  return response.status;',
  '}',
  '',
].join('\n');
const send = (annotation = 'AssignAppRequest') => sendWith('send', annotation, "{ business_uid: 'biz_1' }");
const internal = (annotation = 'AssignAppRequest') => sendWith('internal', annotation, "{ directory_uid: 'dir_1', is_internal: 'true' }");
const builtIn = (annotation = 'AssignAppRequest') => sendWith('builtIn', annotation, "{ directory_uid: 'dir_1', built_in: 'true' }");
/** A body file typed by the old type of `src/types.ts`. */
const BODY = `${importType('AssignAppRequest')}\n${send()}`;

describe('typed bodies across files: adversarial review', () => {
  describe('WRONG: a v3 body type is named where the body does not fit it (its keys are the v3 keys, its members are not the v3 body)', () => {
    // `v3Named` takes any exported interface whose key names are the v3 keys; it does not look at what the members
    // say. The annotation then names a type the rewritten body does not satisfy, and the project stops compiling.
    it.each([
      ['`settings` required: a business body has none', `export interface AppAssignmentRequest {\n${V3_MEMBERS}  settings: { assignment_mode: 'internal' | 'pre_installed' };\n}\n`, send()],
      ['`assignee_uid: number`: the uid is a string', "export interface AppAssignmentRequest {\n  assignee_type: 'business' | 'directory';\n  assignee_uid: number;\n  app_code_name: string;\n}\n", send()],
      ["`assignee_type: 'directory'` only: the body is a business's", "export interface AppAssignmentRequest {\n  assignee_type: 'directory';\n  assignee_uid: string;\n  app_code_name: string;\n}\n", send()],
      ["`settings?: { assignment_mode: 'pre_installed' }` only: the body is internal", `export interface AppAssignmentRequest {\n${V3_MEMBERS}  settings?: { assignment_mode: 'pre_installed' };\n}\n`, internal()],
      ['`app_code_name` a template literal type: the code is any string', "export interface AppAssignmentRequest {\n  assignee_type: 'business' | 'directory';\n  assignee_uid: string;\n  app_code_name: `app_${string}`;\n}\n", send()],
      // Declaration merging: a second block of the same interface adds a required key the first does not show.
      ['a second `interface` block of the same name adds a required key', `${V3}export interface AppAssignmentRequest {\n  tenant: string;\n}\n`, send()],
    ])('%s', async (_name, v3, body) => {
      const types = body === internal() ? LEGACY.replace('}', '  is_internal?: string;\n}') : LEGACY;
      const dir = project({ 'src/types.ts': types, 'src/v3.ts': v3, 'src/a.ts': `${importType('AssignAppRequest')}\n${body}` });
      await migrate(dir);
      compiles(dir);
    });

    it('a `declare module` augmentation in another file adds a required key to the v3 type', async () => {
      // The augmentation is part of the type wherever it is imported; only the declaration in v3.ts was read.
      const dir = project({
        'src/types.ts': LEGACY,
        'src/v3.ts': V3,
        'src/augment.ts': "export {};\ndeclare module './v3.js' {\n  interface AppAssignmentRequest {\n    tenant: string;\n  }\n}\n",
        'src/a.ts': BODY,
      });
      await migrate(dir);
      compiles(dir);
    });
  });

  describe('WRONG: the added import of a v3 body type shadows a global of the same name', () => {
    // The clash check asks the file's scope, which holds no globals: the new import then hides the DOM's `Request`
    // (or the project's own global interface) for every other use in the file.
    it('a v3 type named `Request`: `(r: Request) => r.url` of the same file now means the v3 body', async () => {
      const dir = project({
        'src/types.ts': LEGACY,
        'src/v3.ts': `export interface Request {\n${V3_MEMBERS}}\n`,
        'src/a.ts': `${importType('AssignAppRequest')}\nexport const urlOf = (r: Request) => r.url;\n${send()}`,
      });
      await migrate(dir);
      compiles(dir);
      expect(read(dir, 'src/a.ts')).not.toContain("import type { Request } from './v3.js'");
    });

    it('a global interface of the same name, declared in a .d.ts of the project', async () => {
      const dir = project({
        'src/types.ts': LEGACY,
        'src/v3.ts': V3,
        'src/globals.d.ts': 'interface AppAssignmentRequest {\n  at: string;\n}\n',
        'src/a.ts': `${importType('AssignAppRequest')}\nexport const last: AppAssignmentRequest = { at: 'x' };\n${send()}`,
      });
      await migrate(dir);
      compiles(dir);
    });
  });

  it('WRONG: a v3 body type outside `rootDir` is imported, and the compiler refuses the file (TS6059)', async () => {
    // The module search looks at every module of the run, not at the ones the tsconfig of the body's file allows.
    const dir = project({ 'src/types.ts': LEGACY, 'scripts/v3.ts': V3, 'src/a.ts': BODY }, tsconfig({ rootDir: 'src' }));
    await migrate(dir);
    compiles(dir);
  });

  describe('WRONG: a checked JavaScript file that names the old type in JSDoc is not counted as a use', () => {
    // With allowJs and checkJs the JSDoc type is checked like an annotation; the old type's members are rewritten
    // anyway, and the JavaScript object that still holds `business_uid` no longer fits its type.
    it.each([
      ['`@type {import(...).AssignAppRequest}`', "/** @type {import('./types.js').AssignAppRequest} */\nexport const seed = { business_uid: 'b' };\n"],
      ['a `@typedef` of it', "/** @typedef {import('./types.js').AssignAppRequest} Req */\n/** @type {Req} */\nexport const seed = { business_uid: 'b' };\n"],
    ])('%s', async (_name, seed) => {
      const files = { 'src/types.ts': LEGACY, 'src/a.ts': BODY, 'src/seed.js': seed };
      const dir = project(files, tsconfig({ allowJs: true, checkJs: true }));
      const report = await migrate(dir);
      compiles(dir);
      expectAllHeld(dir, files, report);
    });
  });

  it('WRONG: the old import is removed while a JSDoc `{@link}` of the file still names it', async () => {
    // The import was the link's target: after the rewrite the link no longer resolves in an editor or a docs build.
    const text = `${importType('AssignAppRequest')}\n/** Sends an {@link AssignAppRequest}. */\n${send()}`;
    const dir = project({ 'src/types.ts': LEGACY, 'src/v3.ts': V3, 'src/a.ts': text });
    await migrate(dir);
    expect(read(dir, 'src/a.ts')).toContain(importType('AssignAppRequest').trim());
  });

  describe('right: the old type has another use, so no type and no body changes', () => {
    const user = (line: string) => ({ 'src/user.ts': `${importType('AssignAppRequest')}${line}\n` });
    it.each([
      ['`keyof` in another module', user("export const key: keyof AssignAppRequest = 'business_uid';")],
      ['`Partial<>` in a generic argument in another module', user("export const list: Array<Partial<AssignAppRequest>> = [{ business_uid: 'b' }];")],
      ['`implements` in another module', user("export class Req implements AssignAppRequest {\n  business_uid = 'b';\n}")],
      ['a mock handler that reads the body', user('export const handler = (req: { json(): Promise<AssignAppRequest> }) => req.json().then((b) => b.business_uid);')],
      ['an inline `import()` type in a TypeScript file', { 'src/user.ts': "export const uid = (r: import('./types.js').AssignAppRequest) => r.business_uid;\n" }],
      ['a `declare global` block of a .d.ts', { 'src/globals.d.ts': "declare global {\n  interface Window { lastAssign?: import('./types.js').AssignAppRequest }\n}\nexport {};\n" }],
      ['a `declare module` augmentation of the old type', { 'src/augment.ts': "export {};\ndeclare module './types.js' {\n  interface AssignAppRequest {\n    is_internal?: string;\n  }\n}\n" }],
      ['an import spelled with a unicode escape', { 'src/user.ts': "import type { AssignApp\\u0052equest } from './types.js';\nexport const uid = (r: AssignApp\\u0052equest) => r.business_uid;\n" }],
      ['a file of a second tsconfig (tests)', {
        'test/tsconfig.json': JSON.stringify({ extends: '../tsconfig.json', include: ['.', '../src'] }),
        'test/user.test.ts': `${importType('AssignAppRequest', '../src/types.js')}export const uid = (r: AssignAppRequest) => r.business_uid;\n`,
      }],
      ['a user that imports it from an `export *` barrel under an alias', {
        'src/index.ts': "export * from './types.js';\n",
        'src/user.ts': `${importType('AssignAppRequest as R', './index.js')}export const uid = (r: R) => r.business_uid;\n`,
      }],
      ['a user that imports it from an `export type *` barrel under an alias', {
        'src/index.ts': "export type * from './types.js';\n",
        'src/user.ts': `${importType('AssignAppRequest as R', './index.js')}export const uid = (r: R) => r.business_uid;\n`,
      }],
    ])('%s', async (_name, extra: Record<string, string>) => {
      const files = { 'src/types.ts': LEGACY, 'src/a.ts': BODY, ...extra };
      const dir = project(files);
      expectAllHeld(dir, files, await migrate(dir));
    });

    it.each([
      ['a namespace import (`T.AssignAppRequest`)', { 'src/user.ts': "import type * as T from './types.js';\nexport const uid = (r: T.AssignAppRequest) => r.business_uid;\n" }],
      ['a re-export of it from the body file under another name', {
        'src/a.ts': `${BODY}export type { AssignAppRequest as Legacy };\n`,
        'src/user.ts': "import type { Legacy } from './a.js';\nexport const uid = (r: Legacy) => r.business_uid;\n",
      }],
      ['a Vue single-file component', { 'src/App.vue': "<script setup lang=\"ts\">\nimport type { AssignAppRequest } from './types';\nconst r: AssignAppRequest = { business_uid: 'b' };\n</script>\n<template><div>{{ r.business_uid }}</div></template>\n" }],
      ['the entry of a published package (`exports`)', {
        'package.json': '{ "name": "assign-lib", "version": "1.0.0", "type": "module", "exports": { ".": { "types": "./src/index.ts", "default": "./src/index.ts" } } }\n',
        'src/index.ts': "export * from './types.js';\nexport { send } from './a.js';\n",
      }],
      ['the entry of a published package (`types`)', {
        'package.json': '{ "name": "assign-lib", "version": "1.0.0", "type": "module", "main": "./dist/index.js", "types": "./dist/index.d.ts" }\n',
        'src/index.ts': "export type { AssignAppRequest } from './types.js';\nexport { send } from './a.js';\n",
      }],
    ])('%s', async (_name, extra: Record<string, string>) => {
      const files = { 'src/types.ts': LEGACY, 'src/a.ts': BODY, ...extra };
      const dir = project(files);
      expectAllHeld(dir, files, await migrate(dir));
    });

    it.each([
      ['an indexed access type', "export type Uid = AssignAppRequest['business_uid'];\n"],
      ['`Pick<>`', "export type BizOnly = Pick<AssignAppRequest, 'business_uid'>;\n"],
      ['a second `interface` block (declaration merging)', 'export interface AssignAppRequest {\n  is_internal?: string;\n}\n'],
      ['a namespace of the same name', "export namespace AssignAppRequest {\n  export const keys = ['business_uid'] as const;\n}\n"],
      ['a typed const', "export const sample: AssignAppRequest = { business_uid: 'b' };\n"],
      ['a class field and a return type', 'export class Holder {\n  last?: AssignAppRequest;\n}\nexport function make(): AssignAppRequest {\n  return {};\n}\n'],
    ])('in its own module: %s', async (_name, more) => {
      const files = { 'src/types.ts': LEGACY + more, 'src/a.ts': BODY };
      const dir = project(files);
      expectAllHeld(dir, files, await migrate(dir));
    });

    it('in the body file: a generic argument', async () => {
      const files = { 'src/types.ts': LEGACY, 'src/a.ts': `${BODY}export const list: Partial<AssignAppRequest>[] = [{ business_uid: 'b' }];\n` };
      const dir = project(files);
      expectAllHeld(dir, files, await migrate(dir));
    });

    it('a user of a renamed re-export (`export type { AssignAppRequest as LegacyBody }`)', async () => {
      const files = {
        'src/types.ts': LEGACY,
        'src/index.ts': "export type { AssignAppRequest as LegacyBody } from './types.js';\n",
        'src/a.ts': `${importType('LegacyBody', './index.js')}\n${send('LegacyBody')}`,
        'src/user.ts': `${importType('LegacyBody', './index.js')}export const uid = (r: LegacyBody) => r.business_uid;\n`,
      };
      const dir = project(files);
      expectAllHeld(dir, files, await migrate(dir));
    });

    it('a second body of the type that stays a TODO (built_in) holds the type and the first body back', async () => {
      const files = {
        'src/types.ts': 'export interface AssignAppRequest {\n  business_uid?: string;\n  directory_uid?: string;\n  built_in?: string;\n}\n',
        'src/a.ts': BODY,
        'src/b.ts': `${importType('AssignAppRequest')}\n${builtIn()}`,
      };
      const dir = project(files);
      const report = await migrate(dir);
      expectAllHeld(dir, files, report);
      expect(codes(report)).toContain('built-in-unsupported');
    });

    it('a user of a module outside the run (`migrate src/a.ts src/types.ts`)', async () => {
      const files = { 'src/types.ts': LEGACY, 'src/a.ts': BODY, 'src/user.ts': `${importType('AssignAppRequest')}export const uid = (r: AssignAppRequest) => r.business_uid;\n` };
      const dir = project(files);
      expectAllHeld(dir, files, await migrate(dir, ['src/a.ts', 'src/types.ts']));
    });

    it('the type module outside the run (`migrate src/a.ts`): the body and its type are one group, which reaches src/types.ts', async () => {
      const files = { 'src/types.ts': LEGACY, 'src/a.ts': BODY };
      const dir = project(files);
      const report = await migrate(dir, ['src/a.ts']);
      expect(report.totals.migrated).toBe(0);
      expect(codes(report)).toContain('group-outside-run');
      for (const [name, text] of Object.entries(files)) expect(withoutTodos(read(dir, name)), name).toBe(text);
    });

    it('a workspace package outside the run imports the type by its package name', async () => {
      const files = {
        'packages/types/package.json': '{ "name": "@org/types", "private": true, "type": "module" }\n',
        'packages/types/src/index.ts': `${LEGACY}\n${send()}`,
        'packages/app/src/user.ts': "import type { AssignAppRequest } from '@org/types';\nexport const uid = (r: AssignAppRequest) => r.business_uid;\n",
      };
      const dir = project(files, tsconfig({ paths: { '@org/types': ['./packages/types/src/index.ts'] } }, ['packages/*/src']));
      expectAllHeld(dir, files, await migrate(dir, ['packages/types']));
    });

    it.each([
      ['a default-exported type', { 'src/types.ts': 'export default interface AssignAppRequest {\n  business_uid?: string;\n}\n', 'src/a.ts': `import type AssignAppRequest from './types.js';\n\n${send()}` }],
      ['a .d.ts with a JavaScript module beside it', {
        'src/types.d.ts': `${LEGACY}export declare function check(r: AssignAppRequest): boolean;\n`,
        'src/types.js': 'export function check(r) { return !!r.business_uid; }\n',
        'src/a.ts': BODY,
      }],
      ['uids typed apart (`biz_${string}`, `dir_${string}`)', { 'src/types.ts': 'export interface AssignAppRequest {\n  business_uid?: `biz_${string}`;\n  directory_uid?: `dir_${string}`;\n}\n', 'src/a.ts': BODY }],
    ])('a type the run does not rewrite: %s', async (_name, files: Record<string, string>) => {
      const dir = project(files, tsconfig({ allowJs: true }));
      expectAllHeld(dir, files, await migrate(dir));
    });

    it('`export =` of a CommonJS module', async () => {
      const files = {
        'package.json': '{ "name": "p", "private": true }\n',
        'src/types.ts': 'interface AssignAppRequest {\n  business_uid?: string;\n}\nexport = AssignAppRequest;\n',
        'src/a.ts': `import AssignAppRequest = require('./types');\n\n${send()}`,
      };
      const dir = project(files, tsconfig({ module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0' }));
      expectAllHeld(dir, files, await migrate(dir));
    });

    it('a v3 type name taken by a value of the body file', async () => {
      const files = { 'src/types.ts': LEGACY, 'src/v3.ts': V3, 'src/a.ts': `${BODY}const AppAssignmentRequest = 'x';\nexport const y = AppAssignmentRequest;\n` };
      const dir = project(files);
      expectAllHeld(dir, files, await migrate(dir));
    });

    it('a body exported and read by another module', async () => {
      const files = {
        'src/types.ts': LEGACY,
        'src/a.ts': `${importType('AssignAppRequest')}\nexport const body: AssignAppRequest = { business_uid: 'b' };\nexport async function send(code: string) {\n  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });\n}\n`,
        'src/reader.ts': "import { body } from './a.js';\nexport const uid = body.business_uid;\n",
      };
      const dir = project(files);
      const report = await migrate(dir);
      expect(report.totals.migrated).toBe(0);
      for (const [name, text] of Object.entries(files)) expect(withoutTodos(read(dir, name)), name).toBe(text);
    });
  });

  describe('right: the old type rewritten in its own module, and the project compiles', () => {
    it('in a .d.ts', async () => {
      const dir = project({ 'src/types.d.ts': LEGACY, 'src/a.ts': BODY });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/types.d.ts')).toContain('assignee_uid?: string;');
    });

    it('the only body imports it through a renamed re-export', async () => {
      const dir = project({
        'src/types.ts': LEGACY,
        'src/index.ts': "export type { AssignAppRequest as LegacyBody } from './types.js';\n",
        'src/a.ts': `${importType('LegacyBody', './index.js')}\n${send('LegacyBody')}`,
      });
      await expectMigratedAndStable(dir, await migrate(dir));
    });

    it('a file with CRLF line ends keeps them in the type and the body', async () => {
      const crlf = (text: string) => text.replace(/\n/g, '\r\n');
      const dir = project({ 'src/types.ts': crlf(LEGACY), 'src/a.ts': crlf(BODY) });
      await expectMigratedAndStable(dir, await migrate(dir));
      for (const file of ['src/types.ts', 'src/a.ts']) expect(read(dir, file).replace(/\r\n/g, ''), file).not.toContain('\n');
    });

    it('a type alias with commas and a required uid, one body `satisfies` it in a second file', async () => {
      const dir = project({
        'src/types.ts': 'export type AssignAppRequest = {\n  business_uid: string,\n  is_internal?: "true",\n};\n',
        'src/a.ts': BODY,
      });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/types.ts')).toContain('  assignee_uid: string,\n');
    });

    it('two bodies in two files, one with `satisfies` and a mode', async () => {
      const dir = project({
        'src/types.ts': 'export interface AssignAppRequest {\n  business_uid?: string;\n  directory_uid?: string;\n  pre_installed?: string;\n}\n',
        'src/a.ts': BODY,
        'src/b.ts': `${importType('AssignAppRequest')}\nexport async function pre(code: string, dir: string) {\n  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: dir, pre_installed: 'true' } satisfies AssignAppRequest) });\n}\n`,
      });
      await expectMigratedAndStable(dir, await migrate(dir), 2);
    });

    it.each([
      ['it extends a base', 'interface Base {\n  tenant: string;\n}\nexport interface AppAssignmentRequest extends Base {\n' + V3_MEMBERS + '}\n'],
      ['it is generic', "export interface AppAssignmentRequest<U = number> {\n  assignee_type: 'business' | 'directory';\n  assignee_uid: U;\n  app_code_name: string;\n}\n"],
      ['it is an intersection', `export type AppAssignmentRequest = {\n${V3_MEMBERS}} & { tenant: string };\n`],
    ])('a would-be v3 type is not named where %s', async (_name, v3) => {
      const dir = project({ 'src/types.ts': LEGACY, 'src/v3.ts': v3, 'src/a.ts': BODY });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/a.ts')).toContain('const body: AssignAppRequest =');
    });
  });

  describe('right: a v3 body type of the project is named, and the project compiles', () => {
    it.each([
      ['the old import aliased (`as Old`)', { 'src/a.ts': `${importType('AssignAppRequest as Old')}\n${send('Old')}` }],
      ['the old name also a value of the same module, used as a value', {
        'src/types.ts': `${LEGACY}export const AssignAppRequest = { path: '/assign' };\n`,
        'src/a.ts': `import { AssignAppRequest } from './types.js';\n\nexport const path = AssignAppRequest.path;\n${send()}`,
      }],
      ['the old name also a value, used in a `typeof`', {
        'src/types.ts': `${LEGACY}export const AssignAppRequest = { path: '/assign' };\n`,
        'src/a.ts': `import { AssignAppRequest } from './types.js';\n\nexport type Paths = typeof AssignAppRequest;\n${send()}`,
      }],
      ['the old import also names a value (`import { X, type AssignAppRequest }`)', {
        'src/types.ts': `${LEGACY}export const X = 1;\n`,
        'src/a.ts': `import { X, type AssignAppRequest } from './types.js';\n\nexport const x = X;\n${send()}`,
      }],
      ['the old type imported by a value import', { 'src/a.ts': `import { AssignAppRequest } from './types.js';\n\n${send()}` }],
      ['the old import also used in a generic argument of the file', { 'src/a.ts': `${BODY}export const queue: Array<AssignAppRequest> = [];\n` }],
      ['an `import type` default of the v3 module already there', {
        'src/v3.ts': `${V3}export default interface Status {\n  code: number;\n}\n`,
        'src/a.ts': `import type Status from './v3.js';\n${BODY}export const status: Status = { code: 1 };\n`,
      }],
      ['a side-effect import of the v3 module already there', { 'src/v3.ts': `${V3}console.log('loaded');\n`, 'src/a.ts': `import './v3.js';\n${BODY}` }],
      ['two v3 types in two modules', { 'src/v3b.ts': V3.replace('AppAssignmentRequest', 'AssignmentBody') }],
      ['the v3 type in the old type\'s module, which another module still uses', {
        'src/types.ts': LEGACY + V3,
        'src/user.ts': `${importType('AssignAppRequest')}export const uid = (r: AssignAppRequest) => r.business_uid;\n`,
      }],
      ['a second body that stays a TODO (built_in) keeps the old import', {
        'src/types.ts': 'export interface AssignAppRequest {\n  business_uid?: string;\n  directory_uid?: string;\n  built_in?: string;\n}\n',
        'src/a.ts': `${BODY}${builtIn()}`,
      }],
    ])('%s', async (_name, over: Record<string, string>) => {
      const dir = project({ 'src/types.ts': LEGACY, 'src/v3.ts': V3, 'src/a.ts': BODY, ...over });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/types.ts')).toBe(over['src/types.ts'] ?? LEGACY);
    });

    it.each([
      // A v3 type is named only when it takes every v3 body exactly (its keys required, settings optional): this one is
      // not, so the old type is rewritten instead.
      ['the v3 type with every key optional', { 'src/v3.ts': "export interface AppAssignmentRequest {\n  assignee_type?: 'business' | 'directory';\n  assignee_uid?: string;\n  app_code_name?: string;\n}\n" }],
      // The file spells the v3 type's name already (in a namespace): an import of it is not added.
      ['the name in a namespace of the file', { 'src/a.ts': `${BODY}namespace Log {\n  export interface AppAssignmentRequest { at: string }\n}\nexport const last: Log.AppAssignmentRequest = { at: 'x' };\n` }],
    ])('%s: whatever is done, the project compiles and a second run changes nothing', async (_name, over: Record<string, string>) => {
      const dir = project({ 'src/types.ts': LEGACY, 'src/v3.ts': V3, 'src/a.ts': BODY, ...over });
      await migrate(dir);
      compiles(dir);
      expect((await migrate(dir)).totals.changed).toBe(0);
    });

    it.each([
      // The old import still serves the re-export that another module reads: it must stay.
      ['the old import re-exported by the body file: it stays', `${BODY}export type { AssignAppRequest };\n`, './a.js'],
      ['the old import after a shebang, a directive and code', `#!/usr/bin/env node\n'use strict';\nexport const z = 1;\n${BODY}`, './types.js'],
    ])('%s', async (_name, text, userFrom) => {
      const dir = project({
        'src/types.ts': LEGACY,
        'src/v3.ts': V3,
        'src/a.ts': text,
        'src/user.ts': `${importType('AssignAppRequest', userFrom)}export const uid = (r: AssignAppRequest) => r.business_uid;\n`,
      });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/a.ts')).toContain('const body: AppAssignmentRequest =');
    });

    it('a multi-line old import keeps the names still used', async () => {
      const dir = project({
        'src/types.ts': `${LEGACY}export type Uid = string;\n`,
        'src/v3.ts': V3,
        'src/a.ts': `import type {\n  AssignAppRequest,\n  Uid,\n} from './types.js';\n\nexport const owner: Uid = 'x';\n${send()}`,
      });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/a.ts').startsWith("import type {\n  Uid,\n} from './types.js';\nimport type { AppAssignmentRequest } from './v3.js';\n")).toBe(true);
    });

    it('a CommonJS (.cts) body file takes the v3 type of an ES module by a type-only import', async () => {
      const dir = project({ 'src/types.cts': LEGACY, 'src/v3.ts': V3, 'src/a.cts': `import type { AssignAppRequest } from './types.cjs';\n\n${send()}` });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/a.cts')).toContain("import type { AppAssignmentRequest } from './v3.js';");
    });

    it('a CRLF file: the new import line ends as the others do', async () => {
      const text = `${importType('AssignAppRequest')}import { x } from './x.js';\n\nexport const y = x;\n${send()}`.replace(/\n/g, '\r\n');
      const dir = project({ 'src/types.ts': LEGACY, 'src/v3.ts': V3, 'src/x.ts': 'export const x = 1;\n', 'src/a.ts': text });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/a.ts').replace(/\r\n/g, '')).not.toContain('\n');
    });

    it('moduleResolution Bundler: the specifier without an extension, as the file writes them', async () => {
      const dir = project(
        { 'src/types.ts': LEGACY, 'src/v3.ts': V3, 'src/x.ts': 'export const x = 1;\n', 'src/a.ts': `import type { AssignAppRequest } from './types';\nimport { x } from './x';\n\nexport const y = x;\n${send()}` },
        tsconfig({ module: 'esnext', moduleResolution: 'bundler' }),
      );
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/a.ts')).toContain("import type { AppAssignmentRequest } from './v3';");
    });

    it('a tsconfig `paths` alias for the old import', async () => {
      const dir = project(
        { 'src/types.ts': LEGACY, 'src/api/v3.ts': V3, 'src/feature/a.ts': `import type { AssignAppRequest } from '@/types';\n\n${send()}` },
        tsconfig({ module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./src/*'] } }),
      );
      await expectMigratedAndStable(dir, await migrate(dir));
    });

    it('.mts modules: the specifier ends in .mjs', async () => {
      const dir = project({ 'src/types.mts': LEGACY, 'src/v3.mts': V3, 'src/a.mts': `import type { AssignAppRequest } from './types.mjs';\n\n${send()}` });
      await expectMigratedAndStable(dir, await migrate(dir));
      expect(read(dir, 'src/a.mts')).toContain("import type { AppAssignmentRequest } from './v3.mjs';");
    });
  });
});
