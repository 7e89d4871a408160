/**
 * Client setup written apart from the calls (axios defaults and interceptors) holds a call back only when it changes
 * the URL, the method, the body or how the body is sent, and only on the client the call uses; the TODO names the
 * setup with its place. Setup that cannot be read holds back every client it may be.
 */
import { validateOptions } from '@app-assignment/core';
import { migrateText } from '@app-assignment/codemod';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateIn, projectTrees } from './helpers/project-tree.js';

const AX = "import axios from 'axios';\n";
const CALL = "export const go = (code: string, d: string) => axios.post(`/platform/v1/apps/${code}/assign`, { directory_uid: d });\n";
const MIGRATED = "export const go = (code: string, d: string) => axios.post(`/v3/apps/app_assignments`, { assignee_type: 'directory', assignee_uid: d, app_code_name: code });\n";

function run(input: string) {
  return migrateText(input, 'a.ts', validateOptions({}));
}

const codes = (reasons: readonly { code: string; key?: string }[]) => reasons.map(({ code, key }) => ({ code, ...(key === undefined ? {} : { key }) }));

function expectHeldBy(input: string, named: string) {
  const result = run(input);
  expect(result.sites.map((s) => s.migrated), result.output).toEqual([false]);
  const reasons = result.sites[0]!.reasons.filter((r) => r.code === 'client-setup').map((r) => r.key);
  expect(reasons, result.output).toEqual([expect.stringContaining(named)]);
  expect(result.output).toContain('TODO(app-assignment): the client this call uses is set up by');
}

function expectMigrated(input: string) {
  const result = run(input);
  expect(result.sites.map((s) => [s.migrated, codes(s.reasons)]), result.output).toEqual([[true, []]]);
  expect(result.output).toBe(input.replace(CALL, MIGRATED));
}

describe('setup that changes nothing the migration depends on holds nothing back', () => {
  it.each([
    ['a global auth header', "axios.defaults.headers.common['Authorization'] = `Bearer ${token}`;"],
    ['a header set through AxiosHeaders', "axios.defaults.headers.common.set('Authorization', 'Bearer t');"],
    ['a timeout and a status check', 'axios.defaults.timeout = 5000;\naxios.defaults.validateStatus = () => true;'],
    ['a headers group of static names', "axios.defaults.headers.post = { 'X-Client': 'web' };"],
    ['Object.assign of harmless options', "Object.assign(axios.defaults, { timeout: 1000, withCredentials: true });"],
    ['an interceptor that sets a header and logs', "axios.interceptors.request.use((config) => {\n  config.headers.Authorization = `Bearer ${token}`;\n  console.log(config.method, config.url);\n  return config;\n});"],
    ['an interceptor that returns a copy with more headers', "axios.interceptors.request.use(async (config) => ({ ...config, headers: { ...config.headers, 'X-Trace': '1' } }));"],
    ['an interceptor declared as a function of the file', "function auth(config: any) {\n  config.headers.set('Authorization', 'Bearer t');\n  return config;\n}\naxios.interceptors.request.use(auth);"],
    ['a response interceptor and an eject', 'axios.interceptors.response.use((r) => r.data);\naxios.interceptors.request.eject(0);'],
    ["lodash's defaults", "import _ from 'lodash';\nexport const merged = _.defaults({ a: 1 }, { b: 2 });"],
    ["JSON's content type, written out", "axios.defaults.headers.post['Content-Type'] = 'application/json';\naxios.defaults.headers.common = { 'Content-Type': 'application/json; charset=utf-8' };\naxios.defaults.headers.common.set('Content-Type', `application/json`);"],
  ])('%s', (_name, setup) => {
    expectMigrated(`${AX}declare const token: string;\n${setup}\n${CALL}`);
  });

  it('setup of another instance does not hold back axios itself', () => {
    expectMigrated(`${AX}const other = axios.create({ baseURL: 'https://o' });\nother.defaults.transformRequest = [(d: unknown) => String(d)];\nother.defaults.baseURL = 'https://p/platform/v1';\nother.interceptors.request.use((c) => ({ ...c, data: 'x' }));\n${CALL}`);
  });

  it('an interceptor of axios itself does not hold back an instance made from it (each client has its own interceptors)', () => {
    const input = `${AX}axios.interceptors.request.use((c) => ({ ...c, data: 'x' }));\nconst api = axios.create({ baseURL: 'https://h' });\nexport const go = (code: string, d: string) => api.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d });\n`;
    const result = run(input);
    expect(result.sites.map((s) => s.migrated)).toEqual([true]);
  });
});

describe('setup that may change the URL, the method or the body holds the calls of its client back, and is named', () => {
  it.each([
    ['a form content type for posts', "axios.defaults.headers.post['Content-Type'] = 'application/x-www-form-urlencoded';", 'axios.defaults.headers.post'],
    ['a content type in a headers group written whole', "axios.defaults.headers.common = { 'content-type': 'text/plain' };", 'axios.defaults.headers.common'],
    ['a headers group spread from elsewhere', 'axios.defaults.headers.common = { ...shared };', 'axios.defaults.headers.common'],
    ['a content type through AxiosHeaders', "axios.defaults.headers.common.set('Content-Type', 'text/plain');", 'axios.defaults.headers.common.set'],
    ["a content type that is JSON's only by name", "axios.defaults.headers.post['Content-Type'] = 'application/json-patch+json';", "axios.defaults.headers.post['Content-Type']"],
    ['a content type from a value', "axios.defaults.headers.post['Content-Type'] = value;", "axios.defaults.headers.post['Content-Type']"],
    ['a content type named through a cast, named as written', "axios.defaults.headers.post['Content-Type' as string] = 'text/plain';", "axios.defaults.headers.post['Content-Type' as string] (line"],
    ["JSON's content type set, then another in the same chain", "axios.defaults.headers.common.set('Content-Type', 'application/json').set('Content-Type', 'application/x-www-form-urlencoded');", 'axios.defaults.headers.common.set'],
    ['a header named by a value', 'axios.defaults.headers.common[name] = value;', 'axios.defaults.headers.common[name]'],
    ['a transform', 'axios.defaults.transformRequest = [(d: unknown) => String(d)];', 'axios.defaults.transformRequest'],
    ['a transform pushed', 'axios.defaults.transformRequest.push((d: unknown) => String(d));', 'axios.defaults.transformRequest.push'],
    ['query parameters', "axios.defaults.params = { is_internal: 'true' };", 'axios.defaults.params'],
    ['a key computed at run time', "axios.defaults['transform' + kind] = [];", 'axios.defaults['],
    ['Object.assign with a transform', 'Object.assign(axios.defaults, { transformRequest: [] });', 'axios.defaults'],
    ['Object.assign with a spread', 'Object.assign(axios.defaults, { ...shared });', 'axios.defaults'],
    ['an alias of the defaults', 'const d = axios.defaults;\nd.timeout = 1;', 'axios.defaults'],
    ['the defaults passed to a function', 'configure(axios.defaults);', 'axios.defaults'],
    ['an interceptor that sets the body', 'axios.interceptors.request.use((c) => { c.data = JSON.stringify(c.data); return c; });', 'axios.interceptors.request.use'],
    ['an interceptor that changes a key of the body', "axios.interceptors.request.use((c) => { c.data.source = 'web'; return c; });", 'axios.interceptors.request.use'],
    ['an interceptor that rewrites the URL', "axios.interceptors.request.use((c) => { c.url = c.url?.replace('/v1', '/v2'); return c; });", 'axios.interceptors.request.use'],
    ['an interceptor that sets the base', "axios.interceptors.request.use((c) => ({ ...c, baseURL: 'https://other' }));", 'axios.interceptors.request.use'],
    ['an interceptor that sets the method', "axios.interceptors.request.use((c) => { c.method = 'put'; return c; });", 'axios.interceptors.request.use'],
    ['an interceptor that sets a content type', "axios.interceptors.request.use((c) => { c.headers['content-type'] = 'text/plain'; return c; });", 'axios.interceptors.request.use'],
    ['an interceptor that sets the content type through AxiosHeaders', "axios.interceptors.request.use((c) => { c.headers.setContentType('text/plain'); return c; });", 'axios.interceptors.request.use'],
    ['an interceptor that replaces the headers', "axios.interceptors.request.use((c) => { c.headers = h; return c; });", 'axios.interceptors.request.use'],
    ['an interceptor that hands the config on', 'axios.interceptors.request.use((c) => { sign(c); return c; });', 'axios.interceptors.request.use'],
    ['an interceptor that hands the body on', 'axios.interceptors.request.use((c) => { sign(c.data); return c; });', 'axios.interceptors.request.use'],
    ['an interceptor that returns another config', 'axios.interceptors.request.use((c) => build(c));', 'axios.interceptors.request.use'],
    ['an interceptor that returns nothing', "axios.interceptors.request.use((c) => { c.headers.A = 'b'; });", 'axios.interceptors.request.use'],
    ['an interceptor with a destructured parameter', 'axios.interceptors.request.use(({ headers, ...rest }) => ({ ...rest, headers }));', 'axios.interceptors.request.use'],
    ['an interceptor written through a computed key', "axios.interceptors.request.use((c) => { c[key] = 'x'; return c; });", 'axios.interceptors.request.use'],
    ['an interceptor whose function is imported', "import { sign } from './sign';\naxios.interceptors.request.use(sign);", 'axios.interceptors.request.use'],
    ['the request interceptors held in a name', 'const chain = axios.interceptors.request;\nchain.use(sign);', 'axios.interceptors.request'],
  ])('%s', (_name, setup, named) => {
    expectHeldBy(`${AX}declare const shared: Record<string, string>, name: string, value: string, kind: string, key: string, h: never;\ndeclare function configure(d: unknown): void;\ndeclare function sign(c: unknown): void;\ndeclare function build(c: unknown): never;\n${setup}\n${CALL}`, named);
  });

  it('the TODO names the setup and its line', () => {
    const result = run(`${AX}\naxios.defaults.transformRequest = [];\n${CALL}`);
    expect(codes(result.sites[0]!.reasons)).toEqual([{ code: 'client-setup', key: 'axios.defaults.transformRequest (line 3)' }]);
  });

  it("an ofetch instance made with onRequest holds its calls, named with the instance (not in the corpus: openapi-fetch reads any onRequest of a program as its middleware)", () => {
    const input = "import { ofetch } from 'ofetch';\n\nconst api = ofetch.create({\n  baseURL: 'https://api.example.com',\n" +
      "  onRequest: ({ options }) => { options.body = { ...(options.body as object), directory_uid: 'dir_gateway' }; },\n});\n\n" +
      'export const offer = (code: string, uid: string) => api(`/platform/v1/apps/${code}/assign`, { method: \'POST\', body: { business_uid: uid } });\n';
    const result = run(input);
    expect(result.sites.map((site) => [site.migrated, codes(site.reasons)])).toEqual([[false, [{ code: 'client-setup', key: 'the onRequest of ofetch.create(...) at line 3' }]]]);
    expect(run(result.output).output).toBe(result.output);
  });

  describe('instance hooks (ky, got, ofetch): those that only set headers or log hold nothing', () => {
    const KY = (hooks: string) => "import ky from 'ky';\n\nconst api = ky.create({\n  prefixUrl: 'https://api.example.com',\n" + hooks +
      "});\n\nexport const offer = (code: string, uid: string) => api.post(`platform/v1/apps/${code}/assign`, { json: { business_uid: uid } });\n";
    const GOT = (hooks: string) => "import got from 'got';\n\nconst api = got.extend({\n  prefixUrl: 'https://api.example.com',\n" + hooks +
      "});\n\nexport const offer = (code: string, uid: string) => api.post(`platform/v1/apps/${code}/assign`, { json: { business_uid: uid } });\n";
    const OFETCH = (hooks: string) => "import { ofetch } from 'ofetch';\n\nconst api = ofetch.create({\n  baseURL: 'https://api.example.com',\n" + hooks +
      "});\n\nexport const offer = (code: string, uid: string) => api(`/platform/v1/apps/${code}/assign`, { method: 'POST', body: { business_uid: uid } });\n";
    const declared = 'declare const token: string;\n';

    it.each([
      ['ky: beforeRequest sets the auth header', KY("  hooks: {\n    beforeRequest: [\n      (request) => {\n        request.headers.set('Authorization', `Bearer ${token}`);\n      },\n    ],\n  },\n")],
      ['ky: a header appended and a log line, an afterResponse hook', KY("  hooks: {\n    beforeRequest: [(request) => { request.headers.append('X-Trace', '1'); console.log(request.url); }],\n    afterResponse: [(_request, _options, response) => response],\n  },\n")],
      ['got: beforeRequest writes a header', GOT("  hooks: {\n    beforeRequest: [(options) => { options.headers.authorization = `Bearer ${token}`; }],\n  },\n")],
      ['ofetch: onRequest sets a header on the destructured options', OFETCH("  onRequest({ options }) {\n    options.headers.set('Authorization', `Bearer ${token}`);\n  },\n")],
    ])('%s: migrated', (_name, input) => {
      const result = run(declared + input);
      expect(result.sites.map((site) => [site.migrated, codes(site.reasons)]), result.output).toEqual([[true, []]]);
    });

    it.each([
      ['ky: a hook that returns a new request', KY("  hooks: {\n    beforeRequest: [(request) => new Request(request, { body: '{}' })],\n  },\n"), 'the hooks of ky.create(...) at line 5'],
      ['ky: a hook that sets the content type', KY("  hooks: {\n    beforeRequest: [(request) => { request.headers.set('Content-Type', 'text/plain'); }],\n  },\n"), 'the hooks of ky.create(...) at line 5'],
      ['ky: a hook passed the request', KY("  hooks: {\n    beforeRequest: [(request) => { sign(request); }],\n  },\n"), 'the hooks of ky.create(...) at line 5'],
      ['got: an init hook that writes the json', GOT("  hooks: {\n    init: [(raw, options) => { options.json = { ...(raw.json as object), directory_uid: 'd' }; }],\n  },\n"), 'the hooks of got.extend(...) at line 5'],
      ['ky: a hook imported from elsewhere', "import { sign } from './sign';\n" + KY('  hooks: { beforeRequest: [sign] },\n'), 'the hooks of ky.create(...) at line 6'],
      ['ky: a hook list spread from elsewhere', KY('  hooks: { beforeRequest: [...shared] },\n'), 'the hooks of ky.create(...) at line 5'],
      ['got: a hook that reads its options through arguments', GOT("  hooks: {\n    init: [function () { arguments[1].json = { business_uid: 'x' }; }],\n  },\n"), 'the hooks of got.extend(...) at line 5'],
      ['ky: an arrow hook that returns what another function makes of the request', KY("  hooks: {\n    beforeRequest: [(request) => shim(request.url)],\n  },\n"), 'the hooks of ky.create(...) at line 5'],
      ['ky: a hook that sets the content type under a name with a space', KY("  hooks: {\n    beforeRequest: [(request) => { request.headers.set('Content-Type ', 'text/plain'); }],\n  },\n"), 'the hooks of ky.create(...) at line 5'],
    ])('%s: held, naming the hooks', (_name, input, key) => {
      const result = run(`declare function sign(r: unknown): void;\ndeclare const shared: never[]; declare function shim(u: string): Response;\n${input}`);
      expect(result.sites.map((site) => [site.migrated, codes(site.reasons).filter((r) => r.code === 'client-setup')]), result.output).toEqual([[false, [{ code: 'client-setup', key }]]]);
    });
  });

  it('setup below the calls is named by its line in the migrated file, so a second run finds the same comments', () => {
    const input = `${AX}\n${CALL}${CALL.replace('go =', 'again =')}\naxios.interceptors.request.use((config) => {\n  config.data = new URLSearchParams(config.data);\n  return config;\n});\n`;
    const first = run(input);
    const lines = first.output.split('\n');
    const setupLine = lines.findIndex((line) => line.startsWith('axios.interceptors')) + 1;
    expect(setupLine).toBe(input.split('\n').findIndex((line) => line.startsWith('axios.interceptors')) + 1 + 2);
    expect(lines.filter((line) => line.includes('TODO(app-assignment)')).map((line) => /\(line (\d+)\)/.exec(line)?.[1])).toEqual([String(setupLine), String(setupLine)]);
    // The report speaks of the input, as the ESLint rule does.
    expect(first.sites[0]!.reason).toContain(`(line ${setupLine - 2})`);
    expect(run(first.output).output).toBe(first.output);
  });

  it('an instance holds back its own calls and those of instances made from it', () => {
    const input = `${AX}const api = axios.create({ baseURL: 'https://h' });\nconst admin = api.create({ timeout: 1 });\napi.defaults.transformRequest = [];\nexport const a = (code: string, d: string) => api.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d });\nexport const b = (code: string, d: string) => admin.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d });\n`;
    const result = run(input);
    expect(result.sites.map((s) => [s.migrated, codes(s.reasons)])).toEqual([
      [false, [{ code: 'client-setup', key: 'api.defaults.transformRequest (line 4)' }]],
      [false, [{ code: 'client-setup', key: 'api.defaults.transformRequest (line 4)' }]],
    ]);
  });

  it('the defaults of axios itself hold back every instance (axios.create copies them)', () => {
    const input = `${AX}axios.defaults.transformRequest = [];\nconst api = axios.create({ baseURL: 'https://h' });\nexport const go = (code: string, d: string) => api.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d });\n`;
    expect(run(input).sites.map((s) => s.migrated)).toEqual([false]);
  });

  it('setup on a client that cannot be told (a parameter) holds back every axios call', () => {
    expectHeldBy(`${AX}export function install(instance: { interceptors: any }) {\n  instance.interceptors.request.use((c: any) => ({ ...c, data: 'x' }));\n}\n${CALL}`, 'instance.interceptors.request.use');
  });
});

describe('project mode: setup in another module, decided per client', () => {
  const trees = projectTrees();
  afterAll(() => trees.removeAll());
  interface Report {
    files: { path: string; sites: { line: number; migrated: boolean; reasons: { code: string; key?: string }[] }[] }[];
  }
  const sitesOf = (report: Report, path: string) => report.files.find((f) => f.path === path)?.sites.map((s) => [s.migrated, codes(s.reasons)]);

  it('an auth header set at start-up anywhere holds nothing back', async () => {
    const dir = trees.project({
      'src/setup.ts': `${AX}export function setToken(token: string) { axios.defaults.headers.common['Authorization'] = \`Bearer \${token}\`; }\n`,
      'src/assign.ts': `${AX}export const assign = (code: string, dir: string) =>\n  axios.post(\`/api/platform/v1/apps/\${code}/assign\`, { directory_uid: dir, is_internal: 'true' });\n`,
    });
    expect(sitesOf(await migrateIn<Report>(dir), 'src/assign.ts')).toEqual([[true, []]]);
  });

  it("one instance's defaults do not hold back another's calls; its own are held back with the place", async () => {
    const dir = trees.project({
      'src/http.ts': `${AX}export const api = axios.create({ baseURL: 'https://api.example.com' });\nexport const http = axios.create({ baseURL: 'https://other.example.com' });\n`,
      'src/region.ts': "import { http } from './http.js';\nexport function useRegion(host: string) {\n  http.defaults.baseURL = `https://${host}`;\n}\n",
      'src/a.ts': "import { api, http } from './http.js';\nexport const a = (code: string, uid: string) => api.post(`/platform/v1/apps/${code}/assign`, { business_uid: uid });\nexport const b = (code: string, uid: string) => http.post(`/platform/v1/apps/${code}/assign`, { business_uid: uid });\n",
    });
    expect(sitesOf(await migrateIn<Report>(dir), 'src/a.ts')).toEqual([
      [true, []],
      [false, [{ code: 'client-setup', key: 'http.defaults.baseURL (src/region.ts:3)' }]],
    ]);
  });
});

describe('a /platform/v1 base set apart from the client: its calls of /apps/{code}/assign are reported, never silent', () => {
  const RELATIVE = (client: string) => `export const go = (code: string, d: string) => ${client}.post(\`/apps/\${code}/assign\`, { directory_uid: d });\n`;

  it.each([
    ['the global default', "axios.defaults.baseURL = 'https://api.example.com/platform/v1';\n", 'axios', 'axios.defaults.baseURL (line 2)'],
    ['Object.assign on the defaults of an instance', "export const api = axios.create();\nObject.assign(api.defaults, { baseURL: 'https://api.example.com/platform/v1' });\n", 'api', 'api.defaults (line 3)'],
    ['a request interceptor that sets config.baseURL', "export const api = axios.create();\napi.interceptors.request.use((config) => {\n  config.baseURL = 'https://api.example.com/platform/v1';\n  return config;\n});\n", 'api', 'api.interceptors.request.use (line 3)'],
    ['a request interceptor that sets config.url', "export const api = axios.create({ baseURL: 'https://api.example.com' });\napi.interceptors.request.use((config) => ({ ...config, url: `/platform/v1${config.url}` }));\n", 'api', 'api.interceptors.request.use (line 3)'],
    ['a base appended to', "export const api = axios.create({ baseURL: 'https://api.example.com' });\napi.defaults.baseURL += '/platform/v1';\n", 'api', 'api.defaults.baseURL (line 3)'],
  ])('%s: held, naming that setup', (_name, setup, client, named) => {
    const input = `${AX}${setup}${RELATIVE(client)}`;
    const result = run(input);
    expect(result.sites.map((s) => [s.migrated, codes(s.reasons)]), result.output).toEqual([[false, [{ code: 'client-setup', key: named }]]]);
    expect(result.output).toBe(input.replace(RELATIVE(client), `  // TODO(app-assignment): ${result.sites[0]!.reasons[0]!.text}\n${RELATIVE(client)}`.replace(/^ {2}/, '')));
  });

  it.each([
    ['setup that changes no URL (a header)', "axios.defaults.headers.common.Authorization = 'Bearer t';\n"],
    ['no setup at all', ''],
  ])('%s: a call of /apps/{code}/assign is no site', (_name, setup) => {
    const result = run(`${AX}${setup}${RELATIVE('axios')}`);
    expect(result.sites).toEqual([]);
  });

  it('a call of another path under such a base is no site', () => {
    const result = run(`${AX}axios.defaults.baseURL = 'https://api.example.com/platform/v1';\nexport const go = (code: string) => axios.post(\`/apps/\${code}/unassign\`, {});\n`);
    expect(result.sites).toEqual([]);
  });
});
