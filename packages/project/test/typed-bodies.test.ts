// Bodies typed by a type of another module, read with the project: the old type is rewritten in its own file only when
// every use of it is a body migrated in the run; a v3 body type the project exports is named, its import added.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdits, type Finding, type TextEdit } from '@app-assignment/core';
import { loadProject } from '@app-assignment/project';
import { analyze } from './analyze.js';
import { json, type Tree, writeTree } from './tree.js';

const PROJECTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/projects');

/** Each finding as `file:line outcome reasons`, and the edits of all of them by file. */
function summary(root: string, files?: readonly string[]) {
  const result = analyze(root, files);
  const all: Finding[] = [...result.findings.values()].flat();
  const sites = all.map((f) => `${f.call.ctx.file}:${f.call.node.loc.start.line} ${f.outcome} ${f.reasons.map((r) => r.code).join(',')}`.trim()).sort();
  const edits = new Map<string, TextEdit[]>();
  for (const finding of all) {
    for (const edit of finding.edits ?? []) {
      const list = edits.get(edit.file!) ?? [];
      if (!list.some((e) => e.range[0] === edit.range[0] && e.range[1] === edit.range[1] && e.text === edit.text)) list.push(edit);
      edits.set(edit.file!, list);
    }
  }
  const after = (file: string) => applyEdits(readFileSync(path.join(root, file), 'utf8'), edits.get(file) ?? []);
  return { sites, files: [...edits.keys()].sort(), after };
}

describe('a type of another module that only bodies use', () => {
  it('shared-body-type: the type in src/types.ts takes the v3 members, with both bodies in the other files', () => {
    const root = path.join(PROJECTS, 'shared-body-type');
    const { sites, files, after } = summary(root);
    expect(sites).toEqual(['src/internal.ts:7 fix', 'src/main.ts:6 fix', 'src/main.ts:7 fix', 'src/offers.ts:6 fix']);
    expect(files).toEqual(['src/internal.ts', 'src/offers.ts', 'src/types.ts']);
    expect(after('src/types.ts')).toBe(readFileSync(path.join(root, 'after/src/types.ts'), 'utf8'));
  });

  it('shared-body-type-held: a parameter typed by it holds back every body, and no file is edited', () => {
    const { sites, files } = summary(path.join(PROJECTS, 'shared-body-type-held'));
    expect(sites).toEqual(['src/internal.ts:7 manual body-typed', 'src/main.ts:6 manual body-typed', 'src/main.ts:7 manual body-typed',
      'src/offers.ts:6 manual body-typed']);
    expect(files).toEqual([]);
  });

  it('a run without the module of the type cannot rewrite it: every body stays', () => {
    const root = path.join(PROJECTS, 'shared-body-type');
    const files = loadProject(root).sourceFiles.filter((file) => !file.endsWith('types.ts'));
    const { sites, files: edited } = summary(root, files);
    expect(sites).toEqual(['src/internal.ts:7 manual body-typed', 'src/main.ts:6 manual body-typed', 'src/main.ts:7 manual body-typed',
      'src/offers.ts:6 manual body-typed']);
    expect(edited).toEqual([]);
  });

  it('a run without the module of one of the bodies cannot count its uses: the type is not rewritten', () => {
    const root = path.join(PROJECTS, 'shared-body-type');
    const files = loadProject(root).sourceFiles.filter((file) => !file.endsWith('offers.ts'));
    const { sites, files: edited } = summary(root, files);
    // main.ts still calls into offers.ts, which the run reads but may not change.
    expect(sites).toEqual(['src/internal.ts:7 manual body-typed', 'src/main.ts:6 manual body-typed', 'src/main.ts:7 manual body-typed']);
    expect(edited).toEqual([]);
  });
});

describe('a v3 body type the project exports', () => {
  it('v3-body-type: the annotation names it, its import joins or replaces the old one; a clash of names stays body-typed', () => {
    const root = path.join(PROJECTS, 'v3-body-type');
    const { sites, files, after } = summary(root);
    expect(sites).toEqual(['src/business.ts:7 fix', 'src/clash.ts:14 manual body-typed', 'src/directory.ts:7 fix', 'src/main.ts:7 fix',
      'src/main.ts:8 fix', 'src/main.ts:9 manual body-typed']);
    expect(files).toEqual(['src/business.ts', 'src/directory.ts']);
    for (const file of files) expect(after(file), file).toBe(readFileSync(path.join(root, 'after', file), 'utf8'));
  });
});

describe('near variants stay body-typed', () => {
  const trees: Tree[] = [];
  afterAll(() => trees.forEach((tree) => tree.remove()));
  const TSCONFIG = json({ compilerOptions: { module: 'NodeNext', strict: true }, include: ['src'] });
  const CALL = (annotation: string) => [
    `export async function send(code: string, uid: string): Promise<number> {`,
    `  const body: ${annotation} = { business_uid: uid };`,
    "  const response = await fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify(body) });",
    '  return response.status;',
    '}',
    '',
  ].join('\n');
  const OLD = 'export interface AssignAppRequest {\n  business_uid?: string;\n  directory_uid?: string;\n}\n';

  const sitesOf = (spec: Record<string, string>) => {
    const tree = writeTree({ 'package.json': json({ name: 'p', private: true, type: 'module' }), 'tsconfig.json': TSCONFIG, ...spec });
    trees.push(tree);
    return summary(tree.root);
  };

  it.each([
    ['the type comes from a package', {
      'node_modules/@acme/types/package.json': json({ name: '@acme/types', types: 'index.d.ts' }),
      'node_modules/@acme/types/index.d.ts': OLD,
      'src/send.ts': `import type { AssignAppRequest } from '@acme/types';\n${CALL('AssignAppRequest')}`,
    }],
    ['a barrel re-exports the types as a namespace', {
      'src/types.ts': OLD,
      'src/index.ts': "export * as types from './types.js';\n",
      'src/send.ts': `import type { types } from './index.js';\n${CALL('types.AssignAppRequest')}`,
    }],
    ['the type is generic', {
      'src/types.ts': 'export interface AssignAppRequest<T = string> {\n  business_uid?: T;\n  directory_uid?: T;\n}\n',
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
    }],
    ['the type extends another', {
      'src/types.ts': `interface Base {\n  hide_from_market?: string;\n}\n${OLD.replace('AssignAppRequest', 'AssignAppRequest extends Base')}`,
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
    }],
    ['the type is declared, not defined', {
      'src/types.ts': OLD.replace('export interface', 'export declare interface'),
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
    }],
    ['the type is also read with keyof', {
      'src/types.ts': `${OLD}export type Key = keyof AssignAppRequest;\n`,
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
    }],
    ['the package is published', {
      'package.json': json({ name: 'p', type: 'module', main: 'dist/index.js' }),
      'src/types.ts': OLD,
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
    }],
  ])('%s', (_, spec) => {
    const { sites, files } = sitesOf(spec);
    expect(sites).toEqual(['src/send.ts:4 manual body-typed']);
    expect(files).toEqual([]);
  });

  it('another body typed by it is not migrated (built_in): neither is', () => {
    const { sites, files } = sitesOf({
      'src/types.ts': 'export interface AssignAppRequest {\n  business_uid?: string;\n  directory_uid?: string;\n  built_in?: string;\n}\n',
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
      'src/builtin.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest').replace("{ business_uid: uid }", "{ directory_uid: uid, built_in: 'true' }")}`,
    });
    expect(sites).toEqual(['src/builtin.ts:4 manual body-typed,built-in-unsupported', 'src/send.ts:4 manual body-typed']);
    expect(files).toEqual([]);
  });

  it('the body held only for the type names the type and the body that holds it back, not the type alone', () => {
    const tree = writeTree({
      'package.json': json({ name: 'p', private: true, type: 'module' }), 'tsconfig.json': TSCONFIG,
      'src/types.ts': 'export interface AssignAppRequest {\n  business_uid?: string;\n  directory_uid?: string;\n  built_in?: string;\n}\n',
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
      'src/builtin.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest').replace('function send', 'function withBuiltIn').replace("{ business_uid: uid }", "{ directory_uid: uid, built_in: 'true' }")}`,
    });
    trees.push(tree);
    const findings = [...analyze(tree.root).findings.values()].flat();
    const keyOf = (file: string) => findings.find((f) => f.call.ctx.file === file)!.reasons.find((r) => r.code === 'body-typed')?.key;
    expect(keyOf('src/send.ts')).toBe('AssignAppRequest (src/types.ts), which also types the body of the call in withBuiltIn (src/builtin.ts), held back by its own TODO');
    // The body that holds it back says its own reason, with the type as it was.
    expect(keyOf('src/builtin.ts')).toBeUndefined();
  });

  it('a use of the type that types no body: every body it types names that use, with its place', () => {
    const tree = writeTree({
      'package.json': json({ name: 'p', private: true, type: 'module' }), 'tsconfig.json': TSCONFIG,
      'src/types.ts': OLD,
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
      'src/queue.ts': "import type { AssignAppRequest } from './types.js';\n\nexport const pending: AssignAppRequest[] = [];\n",
    });
    trees.push(tree);
    const findings = [...analyze(tree.root).findings.values()].flat();
    expect(findings.map((f) => [f.call.ctx.file, f.outcome])).toEqual([['src/send.ts', 'manual']]);
    expect(findings[0]!.reasons.find((r) => r.code === 'body-typed')?.key)
      .toBe('AssignAppRequest (src/types.ts), also used at src/queue.ts:3 by something that is not a body migrated here');
  });

  describe('a body of a wrapper, typed by the shared type', () => {
    const WRAPPED = {
      'src/types.ts': 'export interface AssignAppRequest {\n  directory_uid?: string;\n  is_internal?: string;\n}\n',
      'src/send.ts': [
        "import type { AssignAppRequest } from './types.js';",
        'export async function send(code: string, uid: string, internal: string): Promise<number> {',
        '  const body: AssignAppRequest = { directory_uid: uid, is_internal: internal };',
        "  const response = await fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify(body) });",
        '  return response.status;',
        '}',
        '',
      ].join('\n'),
      'src/a.ts': "import { send } from './send.js';\nexport const a = () => send('crm', 'dir_1', 'true');\n",
    };

    it('every caller passes what maps: the wrapper, its callers and the type go together', () => {
      const { sites, files } = sitesOf(WRAPPED);
      expect(sites).toEqual(['src/a.ts:2 fix', 'src/send.ts:4 fix']);
      expect(files).toEqual(['src/send.ts', 'src/types.ts']);
    });

    it('a caller left with a TODO holds the wrapper back, and with it the type: every body stays', () => {
      const { sites, files } = sitesOf({ ...WRAPPED, 'src/b.ts': "import { send } from './send.js';\nexport const b = (x: string) => send('crm', 'dir_1', x);\n" });
      // As without the type's rewrite: the callers say body-typed (and what else holds them), the wrapper names them.
      expect(sites).toEqual(['src/a.ts:2 manual body-typed', 'src/b.ts:2 manual body-typed,flag-dynamic', 'src/send.ts:4 manual wrapper-callers']);
      expect(files).toEqual([]);
    });
  });

  it('the same type, alone in a private package: rewritten (the variants above differ from it in one thing each)', () => {
    const { sites, files, after } = sitesOf({
      'src/types.ts': OLD,
      'src/send.ts': `import type { AssignAppRequest } from './types.js';\n${CALL('AssignAppRequest')}`,
    });
    expect(sites).toEqual(['src/send.ts:4 fix']);
    expect(files).toEqual(['src/send.ts', 'src/types.ts']);
    expect(after('src/types.ts')).toBe([
      'export interface AssignAppRequest {',
      "  assignee_type: 'business' | 'directory';",
      '  assignee_uid?: string;',
      '  app_code_name: string;',
      "  settings?: { assignment_mode: 'internal' | 'pre_installed' };",
      '}',
      '',
    ].join('\n'));
  });
});
