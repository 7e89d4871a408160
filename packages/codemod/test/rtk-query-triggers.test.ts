/**
 * An RTK Query mutation whose body is its argument is a wrapper: the calls that trigger it (the generated hook, its
 * member forms, `endpoints.<name>.initiate`) build the body. Run as a user runs it: in project mode the endpoint moves
 * with every trigger, and any use that cannot be read as a trigger, or that reads the argument, holds the whole group
 * with a reason that names it; read file by file, an endpoint whose api other modules may import is never rewritten,
 * and one whose triggers are all in its own module moves with them. (fixtures/projects/rtk-query-hooks runs the
 * request against the contract server before and after.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiles, migrateIn, projectTrees } from './helpers/project-tree.js';

interface Report {
  totals: { changed: number };
  files: { path: string; sites: { line: number; kind: string; outcome: string; reasons: { code: string; key?: string }[] }[] }[];
}

const trees = projectTrees();
afterAll(() => trees.removeAll());

const sitesOf = (report: Report) => report.files.flatMap((file) => file.sites.map((site) =>
  `${file.path}:${site.line} ${site.kind} ${site.outcome}${site.reasons.map((r) => ` ${r.code}${r.key === undefined ? '' : `: ${r.key}`}`).join('')}`));

const api = (module = '@reduxjs/toolkit/query/react', definition = '') => `import { createApi, fetchBaseQuery } from '${module}';

interface LegacyAssignBody {
  business_uid?: string;
  directory_uid?: string;
  pre_installed?: string;
  built_in?: string;
}

export const appsApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://api.example.com' }),
  endpoints: (build) => ({
    assignCrm: build.mutation<void, LegacyAssignBody>({${definition}
      query: (body) => ({ url: '/platform/v1/apps/crm/assign', method: 'POST', body }),
    }),
  }),
});
${module.endsWith('react') ? '\nexport const { useAssignCrmMutation } = appsApi;\n' : ''}`;

const PANEL = `import { useAssignCrmMutation } from './api.js';

export function usePanel(uid: string) {
  const [assignCrm, { isLoading }] = useAssignCrmMutation();
  return { isLoading, onClick: () => assignCrm({ business_uid: uid }).unwrap() };
}
`;

const THUNK = `import { appsApi } from './api.js';

export function preinstallCrm(dispatch: (action: unknown) => unknown, directoryUid: string) {
  return dispatch(appsApi.endpoints.assignCrm.initiate({ directory_uid: directoryUid, pre_installed: 'true' }));
}
`;

const V3_TYPE = `interface LegacyAssignBody {
  assignee_type: 'business' | 'directory';
  assignee_uid?: string;
  app_code_name: string;
  settings?: { assignment_mode: 'internal' | 'pre_installed' };
}`;
const OLD_TYPE = /interface LegacyAssignBody \{[^}]*\}/;

describe('project mode: the endpoint moves with every call that triggers it', () => {
  it.each([
    ['@reduxjs/toolkit/query/react', { 'src/panel.ts': PANEL, 'src/thunk.ts': THUNK }],
    ['@reduxjs/toolkit/query', { 'src/thunk.ts': THUNK }],
  ])('createApi of %s: the URL, the argument type and each trigger\'s literal change together; it compiles; a second run changes nothing', async (module, callers) => {
    const dir = trees.project({ 'src/api.ts': api(module), ...callers });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report).every((site) => / fix$/.test(site)), sitesOf(report).join('\n')).toBe(true);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8')).toBe(api(module).replace(OLD_TYPE, V3_TYPE).replace('/platform/v1/apps/crm/assign', '/v3/apps/app_assignments'));
    expect(readFileSync(join(dir, 'src/thunk.ts'), 'utf8')).toBe(THUNK.replace("{ directory_uid: directoryUid, pre_installed: 'true' }",
      "{ assignee_type: 'directory', assignee_uid: directoryUid, app_code_name: 'crm', settings: { assignment_mode: 'pre_installed' } }"));
    if ('src/panel.ts' in callers) {
      expect(readFileSync(join(dir, 'src/panel.ts'), 'utf8')).toBe(PANEL.replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' }"));
    }
    compiles(dir);
    expect((await migrateIn<Report>(dir)).totals.changed).toBe(0);
  });

  it('a trigger named in a React hook\'s dependency list is only compared there: it holds nothing', async () => {
    const panel = `import { useCallback } from 'react';
import { useAssignCrmMutation } from './api.js';

export function usePanel(uid: string) {
  const [assignCrm] = useAssignCrmMutation();
  return useCallback(() => assignCrm({ business_uid: uid }), [assignCrm, uid]);
}
`;
    const dir = trees.project({ 'src/api.ts': api(), 'src/panel.ts': panel });
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual(['src/api.ts:13 call fix', 'src/panel.ts:6 caller fix']);
    compiles(dir);
  });

  it('the member forms of the hook (api.use<Name>Mutation, endpoints.<name>.useMutation) and an index that re-exports it are triggers too', async () => {
    const members = `import { appsApi } from './api.js';
import { useAssignCrmMutation } from './index.js';

export function useBoth(uid: string) {
  const [viaApi] = appsApi.useAssignCrmMutation();
  const [viaEndpoint] = appsApi.endpoints.assignCrm.useMutation();
  const [viaIndex] = useAssignCrmMutation();
  return [viaApi({ business_uid: uid }), viaEndpoint({ directory_uid: 'dir_1' }), viaIndex({ business_uid: 'biz_2' })];
}
`;
    const dir = trees.project({ 'src/api.ts': api(), 'src/index.ts': "export { appsApi, useAssignCrmMutation } from './api.js';\n", 'src/members.ts': members });
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual([
      'src/api.ts:13 call fix',
      'src/members.ts:8 caller fix',
      'src/members.ts:8 caller fix',
      'src/members.ts:8 caller fix',
    ]);
    expect(readFileSync(join(dir, 'src/members.ts'), 'utf8')).toContain("viaEndpoint({ assignee_type: 'directory', assignee_uid: 'dir_1', app_code_name: 'crm' })");
    compiles(dir);
  });
});

describe('project mode: a use that cannot be read as a trigger, or that reads the argument, holds the whole group', () => {
  const HELD = 'src/api.ts:13 call manual';
  it.each([
    ['a trigger stored', { 'src/panel.ts': PANEL.replace('  return {', '  const later = assignCrm;\n  return { later,') },
      'endpoint-use-unread: the trigger assignCrm stored or passed on in usePanel (src/panel.ts:5)'],
    ['a trigger passed on', { 'src/panel.ts': PANEL.replace('usePanel(uid: string)', 'usePanel(uid: string, props: { onAssign(t: unknown): void })').replace('  return {', '  props.onAssign(assignCrm);\n  return {') },
      'endpoint-use-unread: the trigger assignCrm stored or passed on in usePanel (src/panel.ts:5)'],
    ['the hook\'s result kept whole', { 'src/panel.ts': PANEL.replace('const [assignCrm, { isLoading }] = useAssignCrmMutation();', 'const mutation = useAssignCrmMutation();\n  const [assignCrm, { isLoading }] = mutation;') },
      'endpoint-use-unread: the result of useAssignCrmMutation kept whole in usePanel (src/panel.ts:4)'],
    ['the api passed on', { 'src/setup.ts': "import { appsApi } from './api.js';\n\nexport const apis = [appsApi];\n" },
      'endpoint-use-unread: the api passed on at the top level (src/setup.ts:3)'],
    ['endpoints injected into the api', { 'src/extra.ts': "import { appsApi } from './api.js';\n\nexport const more = appsApi.injectEndpoints({ endpoints: () => ({}) });\n" },
      "endpoint-use-unread: the api's injectEndpoints, which may define the endpoint again, at the top level (src/extra.ts:3)"],
    ['a matcher of the endpoint read', { 'src/slice.ts': "import { appsApi } from './api.js';\n\nexport const matches = appsApi.endpoints.assignCrm.matchFulfilled;\n" },
      "endpoint-use-unread: the endpoint's matchFulfilled read at the top level (src/slice.ts:3)"],
    ['the argument read back from the action', { 'src/thunk.ts': THUNK.replace('  return dispatch(', '  const action = appsApi.endpoints.assignCrm.initiate({ business_uid: \'b\' });\n  console.log((action as unknown as { meta: { arg: unknown } }).meta.arg);\n  return dispatch(') },
      'endpoint-use-unread: the argument read back (originalArgs, meta.arg) in preinstallCrm (src/thunk.ts:4)'],
    ['a test that mocks the api\'s module', { 'src/panel.ts': PANEL, 'src/panel.test.ts': "import { vi } from 'vitest';\n\nvi.mock('./api.js');\n" },
      "endpoint-use-unread: a module mock (vi.mock, jest.mock) of the api's module or of one that names useAssignCrmMutation"],
  ])('%s', async (_name, files, reason) => {
    const sources = { 'src/api.ts': api(), 'src/thunk.ts': THUNK, ...files };
    const dir = trees.project(sources);
    const sites = sitesOf(await migrateIn<Report>(dir));
    expect(sites).toContain(`${HELD} ${reason}`);
    expect(sites.filter((site) => !site.includes(' manual '))).toEqual([]);
    for (const [path, text] of Object.entries(sources)) {
      const now = readFileSync(join(dir, path), 'utf8');
      expect(now.replace(/^ *\/\/ TODO\(app-assignment\):.*\n/gm, ''), path).toBe(text);
    }
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8')).toContain(`// TODO(app-assignment): the body is the argument of the endpoint, built by every call that triggers it, and ${reason.replace('endpoint-use-unread: ', '')} cannot be read`);
    expect((await migrateIn<Report>(dir)).totals.changed).toBe(0);
    // Read file by file, the api is exported: its endpoint keeps its own reason, and no trigger in another module is read.
    const alone = trees.project(sources);
    expect(sitesOf(await migrateIn<Report>(alone, ['.', '--no-project']))).toEqual([`${HELD} body-endpoint-argument: assignCrm`]);
  });

  it.each([
    ['a tag function', "\n      invalidatesTags: (_result, _error, arg) => [{ type: 'App' as const, id: arg.business_uid }],", 'invalidatesTags'],
    ['onQueryStarted', '\n      async onQueryStarted(arg) { console.log(arg); },', 'onQueryStarted'],
    ['transformErrorResponse', '\n      transformErrorResponse: (response, _meta, arg) => ({ response, arg }),', 'transformErrorResponse'],
  ])('%s that reads the argument: every trigger says so, in both modes', async (_name, definition, reader) => {
    const reason = `endpoint-argument-read: ${reader} of the endpoint assignCrm`;
    const dir = trees.project({ 'src/api.ts': api(undefined, definition), 'src/thunk.ts': THUNK });
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual([
      'src/api.ts:13 call manual wrapper-callers: in preinstallCrm (src/thunk.ts)',
      `src/thunk.ts:4 caller manual ${reason}`,
    ]);
    const alone = trees.project({ 'src/api.ts': api(undefined, definition), 'src/thunk.ts': THUNK });
    expect(sitesOf(await migrateIn<Report>(alone, ['.', '--no-project']))).toEqual([`src/api.ts:13 call manual body-endpoint-argument: assignCrm ${reason}`]);
  });

  it('a tag list that reads nothing, and a tag function that takes no argument, hold nothing', async () => {
    const dir = trees.project({ 'src/api.ts': api(undefined, "\n      invalidatesTags: ['App'],\n      transformResponse: (response: unknown) => response,"), 'src/thunk.ts': THUNK });
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual(['src/api.ts:13 call fix', 'src/thunk.ts:4 caller fix']);
  });

  it('a trigger given a body built at run time, or built_in, holds its endpoint and the other triggers, each naming it', async () => {
    const built = THUNK.replace("{ directory_uid: directoryUid, pre_installed: 'true' }", "{ directory_uid: directoryUid, built_in: 'true' }");
    const dir = trees.project({ 'src/api.ts': api(), 'src/thunk.ts': built, 'src/panel.ts': PANEL });
    const sites = sitesOf(await migrateIn<Report>(dir));
    expect(sites).toContain('src/panel.ts:5 caller manual wrapper-held-back: in preinstallCrm (src/thunk.ts)');
    expect(sites.find((site) => site.startsWith('src/thunk.ts:4'))).toMatch(/^src\/thunk\.ts:4 caller manual built-in-unsupported/);
    const runtime = trees.project({ 'src/api.ts': api(), 'src/thunk.ts': THUNK.replace("{ directory_uid: directoryUid, pre_installed: 'true' }", 'JSON.parse(directoryUid)'), 'src/panel.ts': PANEL });
    expect(sitesOf(await migrateIn<Report>(runtime))).toContain('src/panel.ts:5 caller manual wrapper-held-back: in preinstallCrm (src/thunk.ts)');
  });

  it('a test\'s msw handler of the route moves with the group; one that reads the old body holds it', async () => {
    const handler = (resolver: string) => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { it } from 'vitest';
import { preinstallCrm } from './thunk.js';

const server = setupServer(http.post('https://api.example.com/platform/v1/apps/crm/assign', ${resolver}));
server.listen();

it('pre-installs crm', () => {
  preinstallCrm(() => undefined, 'dir_1');
});
`;
    const tsconfig = JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: true }, include: ['src'] });
    const plain = trees.project({ 'src/api.ts': api(), 'src/thunk.ts': THUNK, 'src/thunk.test.ts': handler('() => HttpResponse.json({})') }, tsconfig);
    const moved = sitesOf(await migrateIn<Report>(plain));
    expect(moved.filter((site) => site.includes(' manual'))).toEqual([]);
    expect(readFileSync(join(plain, 'src/thunk.test.ts'), 'utf8')).toContain("http.post('https://api.example.com/v3/apps/app_assignments'");
    const reads = trees.project({ 'src/api.ts': api(), 'src/thunk.ts': THUNK,
      'src/thunk.test.ts': handler('async ({ request }) => { const body = (await request.json()) as { directory_uid: string }; return HttpResponse.json({ uid: body.directory_uid }); }') }, tsconfig);
    const held = sitesOf(await migrateIn<Report>(reads));
    expect(held.filter((site) => !site.includes(' manual'))).toEqual([]);
    expect(held.find((site) => site.startsWith('src/api.ts:13'))).toMatch(/call-mock-held: handler in src\/thunk\.test\.ts/);
    expect(readFileSync(join(reads, 'src/thunk.ts'), 'utf8')).toBe(THUNK);
  });

  it('an api of a package others install: its triggers cannot all be seen', async () => {
    const dir = trees.project({ 'src/api.ts': api(), 'src/thunk.ts': THUNK, 'package.json': '{ "name": "apps-api", "type": "module", "main": "dist/api.js" }\n' });
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual([
      'src/api.ts:13 call manual wrapper-callers-unknown',
      'src/thunk.ts:4 caller manual wrapper-callers-unknown',
    ]);
  });
});

describe('file by file: only an api no other module can import moves with its triggers', () => {
  const local = (extra = '') => `${api().replace('export const appsApi', 'const appsApi').replace('export const { useAssignCrmMutation }', 'const { useAssignCrmMutation }')}
export function usePanel(uid: string) {
  const [assignCrm] = useAssignCrmMutation();${extra}
  return () => assignCrm({ business_uid: uid });
}

export function preinstallCrm(dispatch: (action: unknown) => unknown, directoryUid: string) {
  return dispatch(appsApi.endpoints.assignCrm.initiate({ directory_uid: directoryUid, pre_installed: 'true' }));
}
`;

  it.each([['--no-project'], ['project mode']])('%s: migrated together; a second run changes nothing', async (mode) => {
    const dir = trees.project({ 'src/api.ts': local() });
    const args = mode === '--no-project' ? ['.', '--no-project'] : ['.'];
    expect(sitesOf(await migrateIn<Report>(dir, args))).toEqual(['src/api.ts:13 call fix', 'src/api.ts:23 caller fix', 'src/api.ts:27 caller fix']);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8')).toBe(local().replace(OLD_TYPE, V3_TYPE).replace('/platform/v1/apps/crm/assign', '/v3/apps/app_assignments')
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' }")
      .replace("{ directory_uid: directoryUid, pre_installed: 'true' }", "{ assignee_type: 'directory', assignee_uid: directoryUid, app_code_name: 'crm', settings: { assignment_mode: 'pre_installed' } }"));
    expect((await migrateIn<Report>(dir, args)).totals.changed).toBe(0);
    compiles(dir);
  });

  it.each([['--no-project'], ['project mode']])('%s: a trigger passed on holds them all, naming its line', async (mode) => {
    const source = local('\n  setTimeout(assignCrm, 0);');
    const dir = trees.project({ 'src/api.ts': source });
    const where = mode === '--no-project' ? 'line 23' : 'src/api.ts:23';
    expect(sitesOf(await migrateIn<Report>(dir, mode === '--no-project' ? ['.', '--no-project'] : ['.']))).toContain(
      `src/api.ts:13 call manual endpoint-use-unread: the trigger assignCrm stored or passed on in usePanel (${where})`);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8').replace(/^ *\/\/ TODO\(app-assignment\):.*\n/gm, '')).toBe(source);
  });

  it('the exported api with a trigger in its own module: held, the triggers of other modules cannot be seen', async () => {
    const source = local().replace('const appsApi', 'export const appsApi');
    const dir = trees.project({ 'src/api.ts': source });
    expect(sitesOf(await migrateIn<Report>(dir, ['.', '--no-project']))).toEqual([
      'src/api.ts:13 call manual wrapper-callers-unknown',
      'src/api.ts:23 caller manual wrapper-callers-unknown',
      'src/api.ts:27 caller manual wrapper-callers-unknown',
    ]);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8').replace(/^ *\/\/ TODO\(app-assignment\):.*\n/gm, '')).toBe(source);
  });
});
