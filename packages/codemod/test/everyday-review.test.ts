/**
 * What a review of the everyday shapes (client setup, typed wrappers, client fields, type arguments) found when it
 * tried to make a rewrite wrong; each case failed before its fix.
 *
 * - A function at the top of a classic script (no import or export) is global: a caller in another script is unseen,
 *   so its group is held back, by name.
 * - Setup a class writes on the client it is handed (`this.http.interceptors`, NestJS's `axiosRef`) is that client's.
 * - A client kept in a static field or a const object's property is read as the instance it is set to (its form
 *   content type counts); one that some module sets again is named.
 * - Setup read through `const { defaults } = axios`, `config.data || {}`, or another object's headers spread into a
 *   config's is setup that changes the request.
 * - `private` and `readonly` do not keep out `api['http'] =`, `(api as any).http =`, `Object.assign(api, { http })` or
 *   `Object.defineProperty(this, 'http', ...)`.
 * - An instance made with options that cannot be read (another package's config, another instance's defaults) may
 *   send its body any way: named.
 * - A type argument that names the old body through an imported type types the body: the call is held, not rewritten
 *   into code that no longer compiles.
 * - A subclass that extends the class under another name (a default import) sets the field a second way.
 * - Setup on an instance imported through a bundler alias (`@/http`) is the program's own.
 * - Angular's interceptors change the requests of the `HttpClient` a service is handed.
 * - A checked JavaScript file that uses the old body type in JSDoc (`@import`, `@param {AssignBody}`) uses it: the type
 *   is not rewritten under it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { command, tree } from './helpers/cli.js';

const SCRIPT_WRAPPER = `// Loaded with a <script> tag: assignApp is a global function the other scripts call.
function assignApp(code, body) {
  return fetch('https://api.example.com/platform/v1/apps/' + code + '/assign', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function assignMainDirectory() {
  return assignApp('crm', { directory_uid: 'dir_main' });
}
`;
const SCRIPT_CALLER = "// Loaded after assign.js.\nfunction onAssignClick(uid) {\n  return assignApp('crm', { business_uid: uid });\n}\n";

interface Report {
  totals: { migrated: number; todos: number; changed: number };
  files: { path: string; sites: { line: number; migrated: boolean; reasons: { code: string }[] }[] }[];
}

describe('a review of the everyday shapes', () => {
  it.each([
    ['project mode', ['migrate', '.', '--json', '--force']],
    ['per file', ['migrate', '.', '--json', '--force', '--no-project']],
  ])('a wrapper at the top of a classic script is global: held back with its callers, by name (%s)', async (_mode, args) => {
    for (const ext of ['js', 'ts']) {
      const dir = tree({
        [ext === 'js' ? 'jsconfig.json' : 'tsconfig.json']: '{ "compilerOptions": { "checkJs": true, "lib": ["dom", "es2020"] }, "include": ["src"] }\n',
        [`src/assign.${ext}`]: ext === 'js' ? SCRIPT_WRAPPER : SCRIPT_WRAPPER.replace('(code, body)', '(code: string, body: object)'),
        [`src/page.${ext}`]: ext === 'js' ? SCRIPT_CALLER : SCRIPT_CALLER.replace('(uid)', '(uid: string)'),
      });
      const run = await command(args, dir);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as Report;
      expect(report.totals.migrated).toBe(0);
      const codes = report.files.flatMap((file) => file.sites.flatMap((site) => site.reasons.map((reason) => reason.code)));
      expect(codes).toContain('wrapper-script-global');
      const wrapper = readFileSync(join(dir, `src/assign.${ext}`), 'utf8');
      expect(wrapper).toContain('/platform/v1/apps/');
      expect(wrapper).toContain('is global, so other scripts of the page may call it');
      expect(readFileSync(join(dir, `src/page.${ext}`), 'utf8')).toContain("{ business_uid: uid }");
    }
  });

  it('a module (an import, an export, or CommonJS) keeps its functions to itself: the wrapper migrates with its caller', async () => {
    for (const marker of ["export {};\n", "const { log } = require('node:console');\n"]) {
      const dir = tree({ 'src/assign.js': marker + SCRIPT_WRAPPER });
      const report = JSON.parse((await command(['migrate', '.', '--json', '--force', '--no-project'], dir)).stdout) as Report;
      expect(report.totals.todos, marker).toBe(0);
      expect(readFileSync(join(dir, 'src/assign.js'), 'utf8')).toContain("assignApp('crm', { assignee_type: 'directory', assignee_uid: 'dir_main', app_code_name: 'crm' })");
    }
  });

  const CONFIG = { 'tsconfig.json': '{"compilerOptions":{"strict":true,"target":"es2022","module":"esnext","moduleResolution":"bundler"},"include":["src"]}\n' };
  const FORM = "axios.create({ baseURL: 'https://api.example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })";
  const codes = (report: Report) => report.files.flatMap((file) => file.sites.flatMap((site) => site.reasons.map((reason) => reason.code)));

  it.each([
    ['an interceptor on a constructor parameter', "this.http.interceptors.request.use((config) => { config.data = { ...config.data, is_internal: 'true' }; return config; });"],
    ['NestJS axiosRef', "this.http.axiosRef.interceptors.request.use((config) => { config.data = new URLSearchParams(config.data).toString(); return config; });"],
    ['defaults', "this.http.defaults.headers.post['Content-Type'] = 'application/x-www-form-urlencoded';"],
  ])('setup a class writes on the client it is handed holds its calls, named with its line: %s', async (_name, setup) => {
    for (const mode of [[], ['--no-project']]) {
      const dir = tree({
        ...CONFIG,
        'src/apps-api.ts': `import type { AxiosInstance } from 'axios';\n\nexport class AppsApi {\n  constructor(private readonly http: AxiosInstance) {\n    ${setup}\n  }\n\n  assignToDirectory(dir: string) {\n    return this.http.post('https://api.example.com/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n`,
      });
      const report = JSON.parse((await command(['migrate', '.', '--json', '--force', ...mode], dir)).stdout) as Report;
      expect(report.totals.migrated, mode.join()).toBe(0);
      expect(codes(report)).toEqual(['client-setup']);
      expect(readFileSync(join(dir, 'src/apps-api.ts'), 'utf8')).toMatch(/set on this\.http \((src\/apps-api\.ts:|line )5\)/);
    }
  });

  it('a client in a static field or a const object\'s property: its form options hold the call, in the same module and from another', async () => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': `import axios from 'axios';\n\nexport class AppsApi {\n  static http = ${FORM};\n\n  static assignToDirectory(dir: string) {\n    return AppsApi.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n`,
      'src/clients.ts': `import axios from 'axios';\n\nexport const clients = {\n  legacy: ${FORM},\n};\n`,
      'src/call.ts': "import { clients } from './clients';\n\nexport async function go(dir: string) {\n  return clients.legacy.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n}\n",
      'src/one.ts': `import axios from 'axios';\n\nconst clients2 = { legacy: ${FORM} };\nexport const go2 = (dir: string) => clients2.legacy.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n`,
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['body-form-encoded', 'body-form-encoded', 'body-form-encoded']);
  });

  it('a static field that another module sets again is named, not read as its initializer', async () => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': "import axios from 'axios';\n\nexport class AppsApi {\n  static http = axios.create({ baseURL: 'https://api.example.com' });\n\n  static assignToDirectory(dir: string) {\n    return AppsApi.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n",
      'src/legacy.ts': `import axios from 'axios';\nimport { AppsApi } from './api';\n\nAppsApi.http = ${FORM};\n`,
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['client-field-unknown']);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8')).toContain('(AppsApi.http)');
  });

  it('a static field and a const object\'s property set once to a JSON instance still migrate', async () => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': "import axios from 'axios';\n\nconst clients = { main: axios.create({ baseURL: 'https://api.example.com' }) };\nexport class AppsApi {\n  static http = axios.create({ baseURL: 'https://api.example.com' });\n  static a(dir: string) {\n    return AppsApi.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\nexport const b = (dir: string) => clients.main.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n",
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(2);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8').match(/\/v3\/apps\/app_assignments/g)).toHaveLength(2);
  });

  const CALL = "import axios from 'axios';\nimport './setup';\n\nexport const go = (dir: string) => axios.post('https://api.example.com/platform/v1/apps/crm/assign', { directory_uid: dir });\n";
  it.each([
    ['destructured defaults', "const { defaults } = axios;\ndefaults.headers.post['Content-Type'] = 'application/x-www-form-urlencoded';"],
    ['destructured interceptors', "const { interceptors } = axios;\ninterceptors.request.use((config) => { config.data = { ...config.data, is_internal: 'true' }; return config; });"],
    ['config.data || {}', "axios.interceptors.request.use((config) => {\n  const body = config.data || {};\n  body.is_internal = 'true';\n  return config;\n});"],
    ['config.data ?? {}', "axios.interceptors.request.use((config) => { Object.assign(config.data ?? {}, { is_internal: 'true' }); return config; });"],
    ['headers.post || {}', "const post = axios.defaults.headers.post || {};\npost['Content-Type'] = 'application/x-www-form-urlencoded';"],
    ['another object\'s headers spread into the defaults', "const FORM = { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };\naxios.defaults.headers.post = { ...FORM.headers };"],
    ['another object\'s headers spread into a config', "const LEGACY = { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };\naxios.interceptors.request.use((config) => ({ ...config, headers: { ...config.headers, ...LEGACY.headers } }));"],
  ])('setup that changes the body, written as %s, holds the call and is named', async (_name, setup) => {
    for (const mode of [[], ['--no-project']]) {
      const dir = tree({ ...CONFIG, 'src/setup.ts': `import axios from 'axios';\n\n${setup}\n`, 'src/call.ts': mode.length === 0 ? CALL : `${CALL.replace("import './setup';\n", '')}\n${setup}\n` });
      const report = JSON.parse((await command(['migrate', '.', '--json', '--force', ...mode], dir)).stdout) as Report;
      expect(report.totals.migrated, mode.join()).toBe(0);
      expect(codes(report)).toEqual(['client-setup']);
    }
  });

  it('setup that only reads the config or adds a header to its own headers still lets the call migrate', async () => {
    const dir = tree({
      ...CONFIG,
      'src/setup.ts': "import axios from 'axios';\n\naxios.interceptors.request.use((config) => {\n  if (config.data && config.url) console.log(config.url);\n  return { ...config, headers: { ...config.headers, Authorization: 'Bearer t' } };\n});\n",
      'src/call.ts': CALL,
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(1);
  });

  it.each([
    ['private readonly, Object.assign from outside', 'private readonly http', 'Object.assign(api, { http: axios.create(FORM) });'],
    ['private, a bracket write', 'private http', "api['http'] = axios.create(FORM);"],
    ['private readonly, a cast', 'private readonly http', '(api as any).http = axios.create(FORM);'],
    ['public, Object.assign from outside', 'http', 'Object.assign(api, { http: axios.create(FORM) });'],
  ])('a client field written from outside the class is not read as its initializer: %s', async (_name, field, write) => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': `import axios from 'axios';\n\nexport class AppsApi {\n  ${field} = axios.create({ baseURL: 'https://api.example.com' });\n  assign(dir: string) {\n    return this.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n`,
      'src/legacy.ts': `import axios from 'axios';\nimport { AppsApi } from './api';\n\nconst FORM = { baseURL: 'https://api.example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };\nexport function legacyApi() {\n  const api = new AppsApi();\n  ${write}\n  return api;\n}\nexport const go = (dir: string) => legacyApi().assign(dir);\n`,
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toContain('client-field-unknown');
  });

  it('Object.defineProperty(this, ...) in the constructor sets the field a second way', async () => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': "import axios from 'axios';\n\nconst FORM_GATEWAY = axios.create({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });\nexport class AppsApi {\n  private readonly http = axios.create({ baseURL: 'https://api.example.com' });\n  constructor(legacy: boolean) {\n    if (legacy) Object.defineProperty(this, 'http', { value: FORM_GATEWAY });\n  }\n  assign(dir: string) {\n    return this.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n",
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
  });

  it.each([
    ['a config from another package', { 'src/http.ts': "import axios, { type CreateAxiosDefaults } from 'axios';\nimport { legacyGatewayConfig } from '@acme/gateway-config';\n\nexport const http = axios.create(legacyGatewayConfig as CreateAxiosDefaults);\n" }],
    ['another instance\'s defaults, spread', { 'src/http.ts': "import axios from 'axios';\n\nconst main = axios.create({ baseURL: 'https://api.example.com' });\nmain.defaults.headers.post['Content-Type'] = 'application/x-www-form-urlencoded';\nexport const http = axios.create({ ...main.defaults, timeout: 60_000 });\n" }],
    ['another instance\'s defaults', { 'src/http.ts': "import axios from 'axios';\n\nconst main = axios.create({ baseURL: 'https://api.example.com' });\nmain.defaults.headers.post['Content-Type'] = 'application/x-www-form-urlencoded';\nexport const http = axios.create(main.defaults);\n" }],
  ])('an instance made with options that cannot be read holds its calls, and says where it is made: %s', async (_name, files) => {
    const dir = tree({ ...CONFIG, ...files, 'src/call.ts': "import { http } from './http';\n\nexport const go = (dir: string) => http.post('https://api.example.com/platform/v1/apps/crm/assign', { directory_uid: dir });\n" });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['client-options-unknown']);
    expect(readFileSync(join(dir, 'src/call.ts'), 'utf8')).toMatch(/made with options that cannot be read here \(axios\.create\(\.\.\.\) at src\/http\.ts:\d\)/);
  });

  it('a type argument that names the old body through an imported type holds the call', async () => {
    const dir = tree({
      ...CONFIG,
      'src/http.ts': "export class ApiClient {\n  constructor(private readonly base: string) {}\n  async post<B>(path: string, body: B): Promise<Response> {\n    return fetch(this.base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });\n  }\n}\n",
      'src/types.ts': 'export interface AssignBody {\n  business_uid?: string;\n  directory_uid?: string;\n}\n',
      'src/service.ts': "import type { ApiClient } from './http';\nimport type { AssignBody } from './types';\n\nexport class AppsService {\n  constructor(private readonly api: ApiClient) {}\n  assign(uid: string) {\n    return this.api.post<AssignBody>('/platform/v1/apps/crm/assign', { business_uid: uid });\n  }\n}\n",
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['body-typed']);
  });

  it('a subclass that extends a default export under another name and sets the field holds the base class\'s call', async () => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': "import axios, { type AxiosInstance } from 'axios';\n\nexport default class AppsApi {\n  protected http: AxiosInstance = axios.create({ baseURL: 'https://api.example.com' });\n  async assign(dir: string) {\n    return this.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n",
      'src/legacy.ts': "import axios from 'axios';\nimport Api from './api';\n\nexport class LegacyApi extends Api {\n  constructor() {\n    super();\n    this.http = axios.create({ baseURL: 'https://api.example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });\n  }\n}\nexport const go = (dir: string) => new LegacyApi().assign(dir);\n",
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['client-field-unknown']);
  });

  it('setup on an instance imported through a bundler alias is the program\'s own', async () => {
    const dir = tree({
      'jsconfig.json': '{ "compilerOptions": { "module": "esnext", "moduleResolution": "bundler" }, "include": ["src"] }\n',
      'src/http.js': "import axios from 'axios';\n\nexport default axios.create({ baseURL: 'https://api.example.com' });\n",
      'src/plugins/http-setup.js': "import http from '@/http';\n\nhttp.defaults.headers.post['Content-Type'] = 'application/x-www-form-urlencoded';\n",
      'src/api/apps.js': "import http from '../http';\n\nexport const assign = (dir) => http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n",
    });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], dir)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['client-setup']);
  });

  it('Angular interceptors registered by the program hold the calls of an injected HttpClient, named with their place', async () => {
    const service = "import { Injectable, inject } from '@angular/core';\nimport { HttpClient } from '@angular/common/http';\n\n@Injectable({ providedIn: 'root' })\nexport class AppsService {\n  private readonly http = inject(HttpClient);\n  assignToDirectory(dir: string) {\n    return this.http.post<void>('/api/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n";
    const config = "import { type ApplicationConfig } from '@angular/core';\nimport { provideHttpClient, withInterceptors, type HttpInterceptorFn } from '@angular/common/http';\n\nexport const internal: HttpInterceptorFn = (req, next) => next(req.clone({ body: { ...(req.body as object), is_internal: 'true' } }));\nexport const appConfig: ApplicationConfig = { providers: [provideHttpClient(withInterceptors([internal]))] };\n";
    const held = tree({ ...CONFIG, 'src/apps.service.ts': service, 'src/app.config.ts': config });
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], held)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['client-setup']);
    expect(readFileSync(join(held, 'src/apps.service.ts'), 'utf8')).toContain('Angular HTTP interceptors (src/app.config.ts:5)');
    // Without interceptors, the same service migrates.
    const plain = tree({ ...CONFIG, 'src/apps.service.ts': service });
    expect((JSON.parse((await command(['migrate', '.', '--json', '--force'], plain)).stdout) as Report).totals.migrated).toBe(1);
  });

  it('a JSDoc use of the old body type in a checked JavaScript file holds the typed wrapper\'s group; a {@link} mention does not', async () => {
    const files = (seed: string) => tree({
      'tsconfig.json': '{ "compilerOptions": { "target": "es2020", "module": "esnext", "moduleResolution": "bundler", "strict": true, "noEmit": true, "allowJs": true, "checkJs": true }, "include": ["src"] }\n',
      'src/assign.ts': "import axios from 'axios';\n\nexport interface AssignBody {\n  business_uid?: string;\n  directory_uid?: string;\n}\n\nexport async function assignApp(code: string, body: AssignBody) {\n  return axios.post(`https://api.example.com/platform/v1/apps/${code}/assign`, body);\n}\n",
      'src/call.ts': "import { assignApp } from './assign';\nexport async function go(uid: string) {\n  return assignApp('crm', { business_uid: uid });\n}\n",
      'src/seed.js': seed,
    });
    const held = files("/** @import { AssignBody } from './assign' */\nimport { assignApp } from './assign';\n\n/** @param {AssignBody} body */\nexport const describe = (body) => body.business_uid ?? body.directory_uid;\nexport const seed = () => assignApp('crm', { directory_uid: 'dir_seed' });\n");
    const report = JSON.parse((await command(['migrate', '.', '--json', '--force'], held)).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(readFileSync(join(held, 'src/assign.ts'), 'utf8')).toContain('business_uid?: string;');
    const mentioned = files("import { assignApp } from './assign';\n\n/** Seeds one directory through {@link assignApp}. */\nexport const seed = () => assignApp('crm', { directory_uid: 'dir_seed' });\n");
    expect((JSON.parse((await command(['migrate', '.', '--json', '--force'], mentioned)).stdout) as Report).totals.todos).toBe(0);
  });

  it('an inherited request helper is not read from the base class when a subclass of the caller may override it', async () => {
    const base = "export abstract class BaseApi {\n  constructor(protected readonly baseUrl: string) {}\n  protected async request(method: string, path: string, body?: unknown) {\n    return fetch(this.baseUrl + path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });\n  }\n}\n";
    const apps = "import { BaseApi } from './base';\n\nexport class AppsApi extends BaseApi {\n  assign(code: string, uid: string) {\n    return this.request('POST', `/platform/v1/apps/${code}/assign`, { business_uid: uid });\n  }\n}\n";
    const form = "import { AppsApi } from './apps';\n\nexport class FormAppsApi extends AppsApi {\n  protected override async request(method: string, path: string, body?: unknown) {\n    return fetch(this.baseUrl + path, { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body as Record<string, string>) });\n  }\n}\n";
    const held = tree({ ...CONFIG, 'src/base.ts': base, 'src/apps.ts': apps, 'src/form.ts': form });
    expect((JSON.parse((await command(['migrate', '.', '--json', '--force'], held)).stdout) as Report).totals.migrated).toBe(0);
    expect(readFileSync(join(held, 'src/apps.ts'), 'utf8')).toContain('/platform/v1/apps/');
    // Nothing extends AppsApi: the inherited helper is read and the call migrates.
    const plain = tree({ ...CONFIG, 'src/base.ts': base, 'src/apps.ts': apps });
    expect((JSON.parse((await command(['migrate', '.', '--json', '--force'], plain)).stdout) as Report).totals.migrated).toBe(1);
  });
});
