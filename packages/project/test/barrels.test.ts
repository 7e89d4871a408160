// A package index that re-exports a module with a request (`export * from './assign.js'`) is imported by much of an
// application for other names. Its importers are read by the names they import: a file that spells none of the names
// the index passes on, and imports it by no namespace, `require` or `import()`, is not parsed; every caller still is.
import { afterAll, describe, expect, it } from 'vitest';
import type { Finding } from '@app-assignment/core';
import { analyze } from './analyze.js';
import { json, type Tree, writeTree } from './tree.js';

const trees: Tree[] = [];
const tree = (spec: Record<string, string>): Tree => {
  const t = writeTree({
    'tsconfig.json': json({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: [] }, include: ['src'] }),
    ...spec,
  });
  trees.push(t);
  return t;
};
afterAll(() => {
  for (const t of trees) t.remove();
});

const WRAPPER = 'export async function assignApp(code: string, body: any) {\n' +
  "  return fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify(body) });\n}\n";
const FORMAT = 'export const formatDate = (d: Date) => d.toISOString();\n';
const BARREL = "export * from './assign.js';\nexport * from './format.js';\n";
/** Modules that import the index for another name only. */
const viewers = (count: number, from: string) => Object.fromEntries(Array.from({ length: count }, (_, i) => [
  `src/views/view${i}.ts`,
  `import { formatDate } from '${from}';\nexport const view${i} = (d: Date) => ({ label: formatDate(d), id: ${i} });\n`,
]));

const sites = (findings: ReadonlyMap<string, readonly Finding[]>) => [...findings.values()].flat()
  .map((f) => `${f.call.ctx.file}:${f.call.node.loc.start.line} ${f.outcome} ${f.reasons.map((r) => r.code).join(',')}`.trim()).sort();
const parsed = (t: Tree, files: ReadonlyMap<string, unknown>) => [...files.keys()].map((file) => file.slice(t.root.length + 1)).sort();

describe('importers of a package index, by the names they import', () => {
  it('callers through one and two indexes migrate with the wrapper; importers of other names are not parsed', () => {
    const t = tree({
      'src/platform/assign.ts': WRAPPER,
      'src/platform/format.ts': FORMAT,
      'src/platform/index.ts': BARREL,
      'src/index.ts': "export * from './platform/index.js';\nexport const appName = 'crm';\n",
      'src/features/named.ts': "import { assignApp as give } from '../platform/index.js';\nexport const a = () => give('crm', { directory_uid: 'dir_1' });\n",
      'src/features/top.ts': "import { assignApp, appName } from '../index.js';\nexport const t = () => assignApp(appName, { business_uid: 'b9' });\n",
      'src/features/name-only.ts': "import { appName } from '../index.js';\nexport const n = appName;\n",
      ...viewers(30, '../platform/index.js'),
    });
    const result = analyze(t.root);
    expect(sites(result.findings)).toEqual([
      'src/features/named.ts:2 fix',
      'src/features/top.ts:2 fix',
      'src/platform/assign.ts:2 fix',
    ]);
    const read = parsed(t, result.files);
    expect(read).toContain('src/features/top.ts');
    expect(read).toContain('src/features/named.ts');
    expect(read.filter((file) => file.startsWith('src/views/'))).toEqual([]);
    expect(read).not.toContain('src/features/name-only.ts');
  });

  it('a namespace import or import() of the index is read, and holds the wrapper whose use it cannot list', () => {
    for (const [name, text] of [
      ['namespace', "import * as platform from '../platform/index.js';\nexport const c = () => platform.assignApp('crm', { business_uid: 'b3' });\n"],
      ['import()', "export const c = async () => (await import('../platform/index.js')).formatDate(new Date());\n"],
      ['namespace, a comment before as', "import * /* the platform */ as platform from '../platform/index.js';\nexport const c = () => platform.assignApp('crm', { business_uid: 'b3' });\n"],
    ] as const) {
      const t = tree({
        'src/platform/assign.ts': WRAPPER,
        'src/platform/format.ts': FORMAT,
        'src/platform/index.ts': BARREL,
        'src/features/named.ts': "import { assignApp } from '../platform/index.js';\nexport const a = () => assignApp('crm', { directory_uid: 'dir_1' });\n",
        'src/features/whole.ts': text,
        ...viewers(3, '../platform/index.js'),
      });
      const result = analyze(t.root);
      expect(sites(result.findings), name).toEqual([
        'src/features/named.ts:2 manual wrapper-callers-unknown',
        'src/platform/assign.ts:2 manual wrapper-callers-unknown',
      ]);
      expect(parsed(t, result.files), name).toContain('src/features/whole.ts');
    }
  });

  it('a module read before the module it re-exports turns out to carry a URL builder still hands it to its importers', () => {
    // routes.ts ← urls/index.ts ← builders.ts ← index.ts, and index.ts is read early for paths.ts: when builders.ts is
    // read, index.ts passes linkFor on too, and feature.ts (which spells nothing of the route) is found.
    const t = tree({
      'src/routes.ts': 'export const assignUrl = (code: string) => `https://api.example.com/platform/v1/apps/${code}/assign`;\n',
      'src/urls/index.ts': "export { assignUrl as urlForAssign } from '../routes.js';\n",
      'src/builders.ts': "import { urlForAssign } from './urls/index.js';\nexport const linkFor = (code: string) => urlForAssign(code);\n",
      'src/paths.ts': "export const ASSIGN_PATH = '/platform/v1/apps/crm/assign';\n",
      'src/index.ts': "export * from './builders.js';\nexport * from './paths.js';\n",
      'src/feature.ts': "import { linkFor } from './index.js';\nexport const send = () => fetch(linkFor('crm'), { method: 'POST', body: JSON.stringify({ business_uid: 'b1' }) });\n",
      ...viewers(3, '../index.js'),
    });
    const result = analyze(t.root);
    // Each builder on the way is a const that builds the route alone: the call of linkFor becomes the v3 URL.
    expect(sites(result.findings)).toEqual(['src/feature.ts:2 fix']);
    expect(parsed(t, result.files).filter((file) => file.startsWith('src/views/'))).toEqual([]);
  });

  it('an instance exported as default and re-exported by name reaches the importers of that name', () => {
    const t = tree({
      'src/lib/api.ts': "const api = { post: (url: string, body: unknown) => fetch(url, { method: 'POST', body: JSON.stringify(body) }) };\n" +
        "export const base = 'https://api.example.com/platform/v1';\nexport default api;\n",
      'src/lib/index.ts': "export { default as api, base } from './api.js';\nexport const version = 1;\n",
      'src/use.ts': "import { api, base } from './lib/index.js';\nexport const go = (code: string) => api.post(`${base}/apps/${code}/assign`, { business_uid: 'b1' });\n",
      'src/version.ts': "import { version } from './lib/index.js';\nexport const v = version;\n",
    });
    const result = analyze(t.root);
    expect(sites(result.findings).map((site) => site.split(' ')[0])).toEqual(['src/use.ts:2']);
    expect(parsed(t, result.files)).not.toContain('src/version.ts');
  });

  it('a module that says "assign" for something else passes on only what is built from the words', () => {
    const t = tree({
      // The prefilter lets it in for `'assign'`; only ACTIONS is built from it, and only its importers are read.
      'src/logic.ts': "export const ACTIONS = ['calculate', 'assign'] as const;\nexport const isAction = (a: string) => (ACTIONS as readonly string[]).includes(a);\n" +
        'export const formatLabel = (a: string) => a.toUpperCase();\nexport interface Rule { action: string }\n',
      'src/routes.ts': "const BASE = 'https://api.example.com';\nconst APP = (id: string) => `/platform/v1/apps/${id}`;\n" +
        "const ASSIGN = (id: string) => `${APP(id)}/assign`;\nexport const assignPath = (id: string) => BASE + ASSIGN(id);\nexport const home = () => BASE;\n",
      'src/use-route.ts': "import { assignPath as p } from './routes.js';\nexport const go = () => fetch(p('crm'), { method: 'POST', body: JSON.stringify({ business_uid: 'b1' }) });\n",
      'src/use-check.ts': "import { isAction } from './logic.js';\nexport const ok = isAction('x');\n",
      'src/home.ts': "import { home } from './routes.js';\nexport const h = home();\n",
      ...Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`src/views/view${i}.ts`, `import { formatLabel, type Rule } from '../logic.js';\nexport const v${i} = (r: Rule) => formatLabel(r.action);\n`])),
    });
    const result = analyze(t.root);
    expect(sites(result.findings).map((site) => site.split(' ')[0])).toEqual(['src/use-route.ts:2']);
    const read = parsed(t, result.files);
    expect(read).toContain('src/use-check.ts');
    expect(read.filter((file) => file.startsWith('src/views/') || file === 'src/home.ts')).toEqual([]);
  });

  it('a name quoted with pattern characters, and a default import under any name, are still followed', () => {
    const t = tree({
      'src/platform/assign.ts': WRAPPER,
      'src/platform/index.ts': 'export { assignApp as "grant[v1]" } from \'./assign.js\';\nexport { assignApp as default } from \'./assign.js\';\n',
      'src/features/quoted.ts': "import { \"grant[v1]\" as grant } from '../platform/index.js';\nexport const q = () => grant('crm', { business_uid: 'b1' });\n",
      'src/features/default.ts': "import /* the wrapper */ zuweisungF\u00fcr from '../platform/index.js';\nexport const d = () => zuweisungF\u00fcr('crm', { directory_uid: 'd1' });\n",
    });
    const result = analyze(t.root);
    const found = sites(result.findings);
    // Both callers are seen: each is migrated with the wrapper, or the whole group is held; never the wrapper alone.
    expect(found.filter((site) => site.startsWith('src/features/')).map((site) => site.split(':')[0])).toEqual(['src/features/default.ts', 'src/features/quoted.ts']);
    const outcomes = new Set(found.map((site) => site.split(' ')[1]));
    expect(outcomes.size, found.join('\n')).toBe(1);
  });

  it('a module that spells "assign" only as a schema literal, a comparison or a longer word passes nothing on; a route piece still does', () => {
    const t = tree({
      // An operator of a form's logic: a zod enum of it, every schema built from that, a comparison, a switch case.
      'src/types/logic.ts': "import { z } from 'zod';\nexport const ZOperator = z.enum(['assign', 'concat'] as const);\n" +
        "export const ZAction = z.object({ operator: ZOperator, value: z.literal('assign').optional() });\n" +
        "export const isAssign = (op: string) => op === 'assign';\n" +
        "export function label(op: string) { switch (op) { case 'assign': return 'Assign'; default: return op; } }\n",
      // A word that starts with the route's last piece: no candidate at all.
      'src/types/hooks.ts': 'export const hookName = (key: string) => `assignRelationFrom${key}`;\nexport const other = 1;\n',
      // The same piece written to be joined into a URL: it passes on, and the file that sends it is read.
      'src/routes/segments.ts': "import { z } from 'zod';\nexport const ZSegment = z.enum(['assign']);\nexport const ASSIGN_SEGMENT = 'assign';\n",
      'src/features/send.ts': "import { ASSIGN_SEGMENT } from '../routes/segments.js';\n" +
        'export const send = (code: string) => globalThis.fetch(`https://api.example.com/platform/v1/apps/${code}/${ASSIGN_SEGMENT}`, ' +
        "{ method: 'POST', body: JSON.stringify({ business_uid: 'b1' }) });\n",
      'src/features/schema-only.ts': "import { ZSegment } from '../routes/segments.js';\nexport const parseSegment = (x: unknown) => ZSegment.parse(x);\n",
      ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`src/views/view${i}.ts`,
        `import { ZAction, isAssign, label } from '../types/logic.js';\nimport { hookName } from '../types/hooks.js';\n` +
        `export const v${i} = (x: unknown) => { const a = ZAction.parse(x); return isAssign(a.operator) ? label(a.operator) : hookName('k'); };\n`])),
    });
    const result = analyze(t.root);
    expect(sites(result.findings).map((site) => site.split(' ')[0])).toEqual(['src/features/send.ts:2']);
    const read = parsed(t, result.files);
    expect(read).toContain('src/types/logic.ts');
    expect(read).toContain('src/features/send.ts');
    expect(read.filter((file) => file.startsWith('src/views/') || file === 'src/types/hooks.ts' || file === 'src/features/schema-only.ts')).toEqual([]);
  });
});
