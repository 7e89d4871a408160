/**
 * What the program does around the client, outside any helper: a replacement of the global `fetch`
 * (`globalThis.fetch = …`, `Object.defineProperty`, a `Proxy`, `Object.assign(globalThis, …)`) that rewrites the URL or
 * answers by it, and a response interceptor or hook that reads the request's URL (`err.config.url.endsWith('/assign')`
 * turning a 409 into success, got's `afterResponse` reading `res.url`). Each holds the calls of its client naming its
 * place: in a project wherever the program's modules (not its tests) write it, read file by file in the call's file;
 * both modes give the same reason for a file that holds all it needs. Close shapes still migrate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateIn, projectTrees } from './helpers/project-tree.js';

interface Report {
  files: { path: string; sites: { line: number; outcome: string; migrated: boolean; reasons: { code: string; key?: string }[] }[] }[];
}

const trees = projectTrees();
afterAll(() => trees.removeAll());

const reasons = (report: Report) => report.files.flatMap((file) => file.sites.map((site) =>
  `${file.path}:${site.line} ${site.outcome}${site.reasons.map((r) => ` ${r.code}:${r.key ?? ''}`).join('')}`));

const MODES = [['.'], ['.', '--no-project']];

const FETCH_CALL = `export async function assign(code: string, biz: string): Promise<number> {
  const res = await fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ business_uid: biz }) });
  return res.status;
}
`;

const REPLACEMENTS = [
  ['assigned', "globalThis.fetch = (url, init) => orig(String(url).replace('/platform/v1/', '/eu/platform/v1/'), init);", 'globalThis.fetch = …'],
  ['defined', "Object.defineProperty(globalThis, 'fetch', { value: (url: RequestInfo | URL, init?: RequestInit) => orig(String(url).replace('/platform/v1/', '/eu/platform/v1/'), init) });", 'Object.defineProperty(globalThis, …)'],
  ['proxied', "globalThis.fetch = new Proxy(orig, { apply: (target, self, [url, init]) => target(String(url).replace('/platform/v1/', '/eu/platform/v1/'), init) });", 'globalThis.fetch = …'],
  ['assigned with Object.assign', "Object.assign(globalThis, { fetch: (url: RequestInfo | URL, init?: RequestInit) => orig(String(url).replace('/platform/v1/', '/eu/platform/v1/'), init) });", 'Object.assign(globalThis, …)'],
  ['assigned through an alias of the global object', "const g = globalThis as { fetch: typeof fetch }; g.fetch = (url, init) => orig(String(url).replace('/platform/v1/', '/eu/platform/v1/'), init);", 'g.fetch = …'],
  ['given to a function that assigns it', "function install(target: { fetch: typeof fetch }) { target.fetch = (url, init) => orig(String(url).replace('/platform/v1/', '/eu/platform/v1/'), init); } install(globalThis);", 'install(globalThis)'],
  ['answered by its URL', "window.fetch = async (url, init) => {\n  const res = await orig(url, init);\n  return res.status === 409 && String(url).endsWith('/assign') ? new Response(null, { status: 200 }) : res;\n};", 'window.fetch = …'],
] as const;

describe('the global fetch replaced by the program', () => {
  it.each(REPLACEMENTS)('%s in a module the caller imports: a project run holds the direct call naming that line', async (_name, replace, label) => {
    const boot = `const orig = globalThis.fetch;\n${replace}\n`;
    const dir = trees.project({ 'src/boot.ts': boot, 'src/assign.ts': `import './boot.js';\n\n${FETCH_CALL}` });
    expect(reasons(await migrateIn<Report>(dir))).toEqual([`src/assign.ts:4 manual client-setup:${label} (src/boot.ts:2)`]);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
  });

  it.each(REPLACEMENTS)('%s in the call\'s own file: held in both modes with the same reason', async (_name, replace, label) => {
    const own = `const orig = globalThis.fetch;\n${replace}\n${FETCH_CALL}`;
    const line = own.split('\n').findIndex((text) => text.startsWith('export async function')) + 2;
    for (const args of MODES) {
      const dir = trees.project({ 'src/assign.ts': own });
      expect(reasons(await migrateIn<Report>(dir, args)), args.join(' ')).toEqual([`src/assign.ts:${line} manual client-setup:${label} (line 2)`]);
      expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
    }
  });

  it.each(MODES)('a setup module the program imports only for its side effect, named setup.ts, replaced in place or by an installer it exports: a project run holds the call naming that line (%s)', async (...args) => {
    const project = args.length === 1;
    const replace = "  globalThis.fetch = (input, init) => (String(input).includes('/platform/v1/') ? original(input, { ...init, headers: { Authorization: 'Bearer t' } }) : original(input, init));\n";
    for (const [setup, main, line] of [
      [`const original = globalThis.fetch;\n${replace}`, "import './setup.js';\nimport { assign } from './assign.js';\n\nexport const main = () => assign('crm', 'biz_1');\n", 2],
      [`export function installPlatformAuth(): void {\n  const original = globalThis.fetch;\n${replace}}\n`, "import { installPlatformAuth } from './setup.js';\nimport { assign } from './assign.js';\n\ninstallPlatformAuth();\nexport const main = () => assign('crm', 'biz_1');\n", 3],
    ] as const) {
      const dir = trees.project({ 'src/setup.ts': setup, 'src/main.ts': main, 'src/assign.ts': FETCH_CALL });
      const found = reasons(await migrateIn<Report>(dir, [...args.slice(1), 'src'])).filter((site) => site.startsWith('src/assign.ts:'));
      if (project) {
        expect(found).toEqual([`src/assign.ts:2 manual client-setup:globalThis.fetch = … (src/setup.ts:${line})`]);
        expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
      } else {
        // File by file, another module's replacement is not read: the call's file holds none.
        expect(found).toEqual(['src/assign.ts:2 fix']);
      }
    }
  });

  it('a test or a runner\'s setup file that replaces fetch with its mock, a module that only reads the global fetch or assigns other globals: the call migrates in both modes', async () => {
    const files = {
      'src/boot.ts': "export const orig = globalThis.fetch;\nObject.assign(globalThis, { appName: 'web' });\n(window as unknown as { fetchCount: number }).fetchCount = 0;\n" +
        "const client = { fetch: orig };\nclient.fetch = orig;\nObject.freeze(globalThis);\nconsole.log(Object.keys(globalThis).length);\n" +
        "function describe(g: typeof globalThis): string {\n  return typeof g.fetch;\n}\nconsole.log(describe(globalThis));\n",
      'src/assign.ts': `import './boot.js';\n\n${FETCH_CALL}`,
      'test/setup.ts': "import { vi } from 'vitest';\nglobalThis.fetch = vi.fn(async () => new Response(null, { status: 201 }));\n",
      'src/setupTests.ts': 'declare const jest: { fn: (f: unknown) => typeof fetch };\nglobal.fetch = jest.fn(async () => new Response(null, { status: 201 }));\n',
    };
    for (const args of MODES) {
      const dir = trees.project(files);
      expect(reasons(await migrateIn<Report>(dir, [...args.slice(1), 'src'])), args.join(' ')).toEqual(['src/assign.ts:4 fix']);
      expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('https://api.example.com/v3/apps/app_assignments');
    }
  });
});

describe('a response interceptor or hook that reads the request URL', () => {
  const AXIOS_CALL = `export async function assign3(code: string, biz: string): Promise<number> {
  const res = await axios.post(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { business_uid: biz });
  return res.status;
}
`;

  it.each([
    ['the error handler reads err.config.url', "axios.interceptors.response.use(undefined, (err) => (err.config.url.endsWith('/assign') && err.response?.status === 409 ? { status: 200 } : Promise.reject(err)));"],
    ['the success handler reads response.config.url', "axios.interceptors.response.use((response) => (response.config.url?.includes('/apps/') ? { ...response, data: null } : response));"],
    ['a handler not read here', "import { onError } from './errors.js';\naxios.interceptors.response.use(undefined, onError);"],
    ['the error handler reads the path node sent (err.request.path)', "axios.interceptors.response.use(undefined, (err) => (err.response?.status === 404 && err.request?.path?.endsWith('/assign') ? { status: 404, data: null } : Promise.reject(err)));"],
    ['the error handler reads the browser request\'s URL (err.request.responseURL)', "axios.interceptors.response.use(undefined, (err) => (String(err.request?.responseURL).includes('/assign') ? null : Promise.reject(err)));"],
    ['the success handler reads the request it answers (response.request)', "const recent: unknown[] = [];\naxios.interceptors.response.use((response) => { recent.push(response.request.path); return response; });"],
    ['the error handler destructures the path', "axios.interceptors.response.use(undefined, (err) => { const { path } = err.request ?? {}; return path === undefined ? Promise.reject(err) : null; });"],
    ['the error handler destructures the config\'s url in its parameter', "axios.interceptors.response.use(undefined, ({ config: { url } }) => (url?.endsWith('/assign') ? null : Promise.reject(new Error('failed'))));"],
  ])('axios, %s: held in both modes, naming the interceptor', async (_name, setup) => {
    const file = `import axios from 'axios';\n${setup}\n\n${AXIOS_CALL}`;
    const line = file.split('\n').findIndex((text) => text.startsWith('export async function')) + 2;
    const at = file.split('\n').findIndex((text) => text.startsWith('axios.interceptors')) + 1;
    for (const args of MODES) {
      const dir = trees.project({ 'src/x3.ts': file, 'src/errors.ts': 'export const onError = (err: unknown) => Promise.reject(err);\n' });
      expect(reasons(await migrateIn<Report>(dir, [...args.slice(1), 'src/x3.ts'])), args.join(' ')).toEqual([`src/x3.ts:${line} manual client-setup:axios.interceptors.response.use (line ${at})`]);
    }
  });

  it('axios, handlers that read the status and the data only: the call migrates in both modes', async () => {
    const file = `import axios from 'axios';\naxios.interceptors.response.use((r) => r.data, (err) => (err.response?.status === 401 ? Promise.resolve(null) : Promise.reject(err)));\n\n${AXIOS_CALL}`;
    for (const args of MODES) {
      const dir = trees.project({ 'src/x3.ts': file });
      expect(reasons(await migrateIn<Report>(dir, args)), args.join(' ')).toEqual(['src/x3.ts:5 fix']);
    }
  });

  it.each([
    ['reads res.url', "afterResponse: [(res) => { if (res.statusCode === 409 && res.url.endsWith('/assign')) { res.statusCode = 200; } return res; }]", 'manual'],
    ['reads the status only', 'afterResponse: [(res) => { if (res.statusCode === 401) console.warn(res.statusCode); return res; }]', 'fix'],
  ])('got, an afterResponse hook that %s', async (_name, hook, outcome) => {
    const file = `import got from 'got';\n\nconst client = got.extend({\n  hooks: {\n    ${hook},\n  },\n});\n\nexport async function assign7(code: string, biz: string): Promise<number> {\n  const res = await client.post(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { json: { business_uid: biz } });\n  return res.statusCode;\n}\n`;
    for (const args of MODES) {
      const dir = trees.project({ 'src/g7.ts': file });
      expect(reasons(await migrateIn<Report>(dir, args)), args.join(' '))
        .toEqual([outcome === 'fix' ? 'src/g7.ts:10 fix' : 'src/g7.ts:10 manual client-setup:the hooks of got.extend(...) at line 3']);
    }
  });
});
