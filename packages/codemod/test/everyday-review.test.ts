/**
 * What a review of the everyday shapes (client setup, typed wrappers, client fields, type arguments) found when it
 * tried to make a rewrite wrong; each case failed before its fix.
 *
 * - A function at the top of a classic script (no import or export) is global: a caller in another script is unseen,
 *   so its group is held back, by name.
 * - Setup a class writes on the client it is handed (`this.http.interceptors`, NestJS's `axiosRef`) is that client's.
 * - A client kept in a static field or a const object's property is read as the instance it is set to (its form
 *   content type counts); one that some module sets again is named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tree } from './helpers/cli.js';

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
  ])('a wrapper at the top of a classic script is global: held back with its callers, by name (%s)', (_mode, args) => {
    for (const ext of ['js', 'ts']) {
      const dir = tree({
        [ext === 'js' ? 'jsconfig.json' : 'tsconfig.json']: '{ "compilerOptions": { "checkJs": true, "lib": ["dom", "es2020"] }, "include": ["src"] }\n',
        [`src/assign.${ext}`]: ext === 'js' ? SCRIPT_WRAPPER : SCRIPT_WRAPPER.replace('(code, body)', '(code: string, body: object)'),
        [`src/page.${ext}`]: ext === 'js' ? SCRIPT_CALLER : SCRIPT_CALLER.replace('(uid)', '(uid: string)'),
      });
      const run = cli(args, dir);
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

  it('a module (an import, an export, or CommonJS) keeps its functions to itself: the wrapper migrates with its caller', () => {
    for (const marker of ["export {};\n", "const { log } = require('node:console');\n"]) {
      const dir = tree({ 'src/assign.js': marker + SCRIPT_WRAPPER });
      const report = JSON.parse(cli(['migrate', '.', '--json', '--force', '--no-project'], dir).stdout) as Report;
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
  ])('setup a class writes on the client it is handed holds its calls, named with its line: %s', (_name, setup) => {
    for (const mode of [[], ['--no-project']]) {
      const dir = tree({
        ...CONFIG,
        'src/apps-api.ts': `import type { AxiosInstance } from 'axios';\n\nexport class AppsApi {\n  constructor(private readonly http: AxiosInstance) {\n    ${setup}\n  }\n\n  assignToDirectory(dir: string) {\n    return this.http.post('https://api.example.com/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n`,
      });
      const report = JSON.parse(cli(['migrate', '.', '--json', '--force', ...mode], dir).stdout) as Report;
      expect(report.totals.migrated, mode.join()).toBe(0);
      expect(codes(report)).toEqual(['client-setup']);
      expect(readFileSync(join(dir, 'src/apps-api.ts'), 'utf8')).toMatch(/set on this\.http \((src\/apps-api\.ts:|line )5\)/);
    }
  });

  it('a client in a static field or a const object\'s property: its form options hold the call, in the same module and from another', () => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': `import axios from 'axios';\n\nexport class AppsApi {\n  static http = ${FORM};\n\n  static assignToDirectory(dir: string) {\n    return AppsApi.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n`,
      'src/clients.ts': `import axios from 'axios';\n\nexport const clients = {\n  legacy: ${FORM},\n};\n`,
      'src/call.ts': "import { clients } from './clients';\n\nexport async function go(dir: string) {\n  return clients.legacy.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n}\n",
      'src/one.ts': `import axios from 'axios';\n\nconst clients2 = { legacy: ${FORM} };\nexport const go2 = (dir: string) => clients2.legacy.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n`,
    });
    const report = JSON.parse(cli(['migrate', '.', '--json', '--force'], dir).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['body-form-encoded', 'body-form-encoded', 'body-form-encoded']);
  });

  it('a static field that another module sets again is named, not read as its initializer', () => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': "import axios from 'axios';\n\nexport class AppsApi {\n  static http = axios.create({ baseURL: 'https://api.example.com' });\n\n  static assignToDirectory(dir: string) {\n    return AppsApi.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\n",
      'src/legacy.ts': `import axios from 'axios';\nimport { AppsApi } from './api';\n\nAppsApi.http = ${FORM};\n`,
    });
    const report = JSON.parse(cli(['migrate', '.', '--json', '--force'], dir).stdout) as Report;
    expect(report.totals.migrated).toBe(0);
    expect(codes(report)).toEqual(['client-field-unknown']);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8')).toContain('(AppsApi.http)');
  });

  it('a static field and a const object\'s property set once to a JSON instance still migrate', () => {
    const dir = tree({
      ...CONFIG,
      'src/api.ts': "import axios from 'axios';\n\nconst clients = { main: axios.create({ baseURL: 'https://api.example.com' }) };\nexport class AppsApi {\n  static http = axios.create({ baseURL: 'https://api.example.com' });\n  static a(dir: string) {\n    return AppsApi.http.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n  }\n}\nexport const b = (dir: string) => clients.main.post('/platform/v1/apps/crm/assign', { directory_uid: dir });\n",
    });
    const report = JSON.parse(cli(['migrate', '.', '--json', '--force'], dir).stdout) as Report;
    expect(report.totals.migrated).toBe(2);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8').match(/\/v3\/apps\/app_assignments/g)).toHaveLength(2);
  });
});
