/**
 * Calls whose request a run cannot read exactly are held or reported, never guessed and never silent, each with a
 * near shape that still migrates:
 * - a fetch helper imported from a module the run does not read (`--no-project`): `helper-unread`; project mode reads it;
 * - a fetch helper that assigns its URL parameter again, or changes it otherwise (a copy made by `replace`, a URL object
 *   made of it and changed): `helper-changes-url`, naming the line;
 * - a helper handed the response of a DELETE to the deprecated route that POSTs to `res.url` (or to `url` destructured
 *   from it, to `req.url` of a Request, in a `.then` callback, or with a Request copied): `url-from-response`;
 * - URL builders that spell the route where the exact reading stops (assigned again, a body of statements, bound,
 *   made by a function, chosen by a key, their text changed, a static property, passed to a function that POSTs with
 *   it): `url-builder-unread`, in both modes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateIn, projectTrees } from './helpers/project-tree.js';

interface Report {
  totals: { migrated: number; todos: number };
  files: { path: string; sites: { line: number; outcome: string; reasons: { code: string; key?: string }[] }[] }[];
}

const trees = projectTrees();
afterAll(() => trees.removeAll());

const sitesOf = (report: Report) => report.files.flatMap((file) => file.sites.map((site) =>
  `${file.path}:${site.line} ${site.outcome}${site.reasons.length === 0 ? '' : ` ${site.reasons.map((r) => (r.key === undefined ? r.code : `${r.code}:${r.key}`)).join(',')}`}`));

const HTTP = `export const BASE = 'https://api.example.com';

export async function send(url: string | URL, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json', ...init.headers } });
}
`;

const CALLER = `import { BASE, send } from './http.js';

export async function assignInternal(directoryUid: string, code: string): Promise<void> {
  await send(\`\${BASE}/platform/v1/apps/\${code}/assign\`, {
    method: 'POST',
    body: JSON.stringify({ directory_uid: directoryUid, is_internal: 'true' }),
  });
}
`;

const MIGRATED = CALLER.replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
  .replace("{ directory_uid: directoryUid, is_internal: 'true' }",
    "{ assignee_type: 'directory', assignee_uid: directoryUid, app_code_name: code, settings: { assignment_mode: 'internal' } }");

describe('a fetch helper imported from another module of the program', () => {
  it('read alone, its code is not read: the call is held with helper-unread naming it, and nothing is rewritten', async () => {
    const dir = trees.project({ 'src/http.ts': HTTP, 'src/assign.ts': CALLER });
    const report = await migrateIn<Report>(dir, ['.', '--no-project']);
    expect(sitesOf(report)).toEqual(['src/assign.ts:4 manual helper-unread:send (imported from ./http.js)']);
    const after = readFileSync(join(dir, 'src/assign.ts'), 'utf8');
    expect(after).toContain('  // TODO(app-assignment): the request is sent by send (imported from ./http.js) with the method, path and body it is given');
    expect(after.replace(/^ *\/\/ TODO\(app-assignment\):.*\n/m, '')).toBe(CALLER);
  });

  it('in project mode the helper is read, and the call migrates through it', async () => {
    const dir = trees.project({ 'src/http.ts': HTTP, 'src/assign.ts': CALLER });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual(['src/assign.ts:4 fix']);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(MIGRATED);
  });

  it('read alone, the same helper declared in the file is read: the call migrates', async () => {
    const dir = trees.project({ 'src/assign.ts': `${HTTP}\n${CALLER.replace("import { BASE, send } from './http.js';\n\n", '')}` });
    const report = await migrateIn<Report>(dir, ['.', '--no-project']);
    expect(sitesOf(report)).toEqual(['src/assign.ts:8 fix']);
  });
});

describe('a fetch helper that assigns its URL parameter again', () => {
  const CHANGES = HTTP.replace('Promise<Response> {\n', "Promise<Response> {\n  if (String(url).includes('/assign')) url = `${url}?notify=false`;\n");

  it('project mode: the call is a site that names the helper and the line that changes the URL, never silent', async () => {
    const dir = trees.project({ 'src/http.ts': CHANGES, 'src/assign.ts': CALLER });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual(['src/assign.ts:4 manual helper-changes-url:send (src/http.ts:4)']);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('// TODO(app-assignment): the request is sent by send (src/http.ts:4), which changes the URL');
    expect(readFileSync(join(dir, 'src/http.ts'), 'utf8')).toBe(CHANGES);
  });

  it('a helper that only reads its URL parameter (a const made from it) still sends what the call writes: migrated', async () => {
    const reads = HTTP.replace('Promise<Response> {\n', 'Promise<Response> {\n  const target = url;\n').replace('return fetch(url,', 'return fetch(target,');
    const dir = trees.project({ 'src/http.ts': reads, 'src/assign.ts': CALLER });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual(['src/assign.ts:4 fix']);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(MIGRATED);
  });

  it.each([
    ['a query set on a URL object made of it', "  const target = new URL(url);\n  target.searchParams.set('notify', 'false');\n", 'return fetch(target,', 5],
    ['its pathname set on a URL object made of it', "  const target = new URL(url);\n  target.pathname = `/eu${target.pathname}`;\n", 'return fetch(target,', 5],
    ['a copy made by replace', '', "return fetch(String(url).replace('/platform/v1', '/eu/platform/v1'),", 4],
    ['a copy made by replace, through a const', '  const u = String(url);\n', "return fetch(u.replace('/platform/v1', '/eu/platform/v1'),", 5],
    ['a query added in a template', '', 'return fetch(`${url}?notify=false`,', 4],
    ['a copy made by a function of the program', '', 'return fetch(regional(url),', 4],
  ])('changed without being assigned again (%s): held naming that line, never silent nor migrated', async (_name, before, sent, line) => {
    const http = `const regional = (u: string | URL) => String(u).replace('://api.', '://eu.api.');\n${HTTP.replace('Promise<Response> {\n', `Promise<Response> {\n${before}`).replace('return fetch(url,', sent)}`;
    expect(http).toContain(sent);
    const dir = trees.project({ 'src/http.ts': http, 'src/assign.ts': CALLER });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual([`src/assign.ts:4 manual helper-changes-url:send (src/http.ts:${line + 1})`]);
    expect(report.totals.migrated).toBe(0);
  });

  it('a copy of it with text added, only logged, changes nothing that is sent: migrated', async () => {
    const logs = HTTP.replace('Promise<Response> {\n', 'Promise<Response> {\n  console.log(`${String(url)} (sent)`);\n');
    const dir = trees.project({ 'src/http.ts': logs, 'src/assign.ts': CALLER });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual(['src/assign.ts:4 fix']);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(MIGRATED);
  });

  it('a URL object made of it and sent unchanged still sends what the call writes: migrated', async () => {
    const reads = HTTP.replace('Promise<Response> {\n', 'Promise<Response> {\n  const target = new URL(url);\n').replace('return fetch(url,', 'return fetch(target,');
    const dir = trees.project({ 'src/http.ts': reads, 'src/assign.ts': CALLER });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual(['src/assign.ts:4 fix']);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(MIGRATED);
  });

  it('a call of that helper with another route is no site', async () => {
    const dir = trees.project({ 'src/http.ts': CHANGES, 'src/assign.ts': CALLER.replace('/assign`', '/unassign`') });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual([]);
  });
});

describe('a helper handed the response of a request to the deprecated route POSTs to its URL', () => {
  const API = (route: string, method: string) => `const BASE = 'https://api.example.com';
async function parse(res: Response, dir: string): Promise<Response> {
  if (res.status === 404) return fetch(res.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ directory_uid: dir }) });
  return res;
}
export async function ensure(code: string, dir: string) {
  return parse(await fetch(\`\${BASE}/platform/v1/apps/\${code}/${route}\`, { method: '${method}' }), dir);
}
`;

  it.each([['project mode', []], ['per file', ['--no-project']]])('%s: reported with url-from-response, never rewritten', async (_mode, flags) => {
    const dir = trees.project({ 'src/api.ts': API('assign', 'DELETE') });
    const report = await migrateIn<Report>(dir, ['.', ...flags]);
    expect(sitesOf(report)).toEqual(['src/api.ts:7 manual url-from-response:res.url, the URL of the response of the request to /platform/v1/apps/{id}/assign at line 7']);
    expect(report.totals.migrated).toBe(0);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8')).toContain("fetch(res.url, { method: 'POST'");
  });

  const SHAPES = (route: string) => `const BASE = 'https://api.example.com';
const json = { 'Content-Type': 'application/json' };
export async function r1(code: string, dir: string) {
  const res = await fetch(\`\${BASE}/platform/v1/apps/\${code}/${route}\`, { method: 'DELETE' });
  const { url } = res;
  if (res.status === 404) await fetch(url, { method: 'POST', headers: json, body: JSON.stringify({ directory_uid: dir }) });
}
export async function r2(code: string, dir: string) {
  const req = new Request(\`\${BASE}/platform/v1/apps/\${code}/${route}\`, { method: 'DELETE' });
  const res = await fetch(req);
  if (res.status === 404) await fetch(req.url, { method: 'POST', headers: json, body: JSON.stringify({ directory_uid: dir }) });
}
export async function r3(code: string, dir: string) {
  await fetch(\`\${BASE}/platform/v1/apps/\${code}/${route}\`, { method: 'DELETE' }).then((res) =>
    res.status === 404 ? fetch(res.url, { method: 'POST', headers: json, body: JSON.stringify({ directory_uid: dir }) }) : res);
}
export async function r5(code: string, dir: string) {
  const del = new Request(\`\${BASE}/platform/v1/apps/\${code}/${route}\`, { method: 'DELETE' });
  const res = await fetch(del);
  if (res.status === 404) await fetch(new Request(del, { method: 'POST', headers: json, body: JSON.stringify({ directory_uid: dir }) }));
}
`;

  it.each([['project mode', []], ['per file', ['--no-project']]])('%s: the URL destructured, of a Request, of a .then callback\'s response, a Request copied: each reported with url-from-response', async (_mode, flags) => {
    const dir = trees.project({ 'src/api.ts': SHAPES('assign') });
    const report = await migrateIn<Report>(dir, ['.', ...flags]);
    expect(sitesOf(report)).toEqual([
      'src/api.ts:6 manual url-from-response:url, the URL of the response of the request to /platform/v1/apps/{id}/assign at line 4',
      'src/api.ts:11 manual url-from-response:req.url, the URL of the request made to /platform/v1/apps/{id}/assign at line 9',
      'src/api.ts:15 manual url-from-response:res.url, the URL of the response of the request to /platform/v1/apps/{id}/assign at line 14',
      'src/api.ts:20 manual url-from-response:del, the URL of the request made to /platform/v1/apps/{id}/assign at line 18',
    ]);
    expect(report.totals.migrated).toBe(0);
  });

  it('the same shapes after a request to another route (/unassign) are no sites', async () => {
    const dir = trees.project({ 'src/api.ts': SHAPES('unassign') });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual([]);
  });

  it('the response of a request to another route (/unassign) is no site', async () => {
    const dir = trees.project({ 'src/api.ts': API('unassign', 'POST') });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual([]);
  });
});

describe('URL builders that spell the route where the exact reading stops', () => {
  const API = (builder: string, url: string) => `const BASE = 'https://api.example.com';
${builder}
export async function assign(code: string, dir: string) {
  return fetch(BASE + ${url}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ directory_uid: dir }) });
}
export async function unassign(code: string) {
  return fetch(BASE + ${url}, { method: 'DELETE' });
}
`;

  it.each([
    ['a let assigned again', "let assignUrl = (code: string) => `/platform/v1/apps/${code}/assign`;\nexport const useGateway = () => { assignUrl = (code: string) => `/gateway/platform/v1/apps/${code}/assign`; };",
      'assignUrl(code)', 'assignUrl (line 2), assigned again (line 3)'],
    ['a function declaration assigned again', 'function assignUrl(code: string) { return `/platform/v1/apps/${code}/assign`; }\nexport function useTenant(t: string) { assignUrl = (code: string) => `/tenants/${t}/platform/v1/apps/${code}/assign`; }',
      'assignUrl(code)', 'assignUrl (line 2), assigned again (line 3)'],
    ['an optional call', 'const builders: { assign?: (code: string) => string } = { assign: (code) => `/platform/v1/apps/${code}/assign` };',
      'builders.assign?.(code)', 'builders.assign (line 2), called through ?. (only when it is set)'],
    ['a route ending in a slash', 'const assignUrl = (code: string) => `/platform/v1/apps/${code}/assign/`;', 'assignUrl(code)',
      'assignUrl (line 2), the route it builds ends in /assign/ (a trailing slash)'],
    ['a body that checks the code first', "const assignUrl = (code: string) => {\n  if (!code) throw new Error('app code required');\n  return `/platform/v1/apps/${code}/assign`;\n};",
      'assignUrl(code)', 'assignUrl (line 2), a body of statements that runs before it returns the route (a check or a change of the code), which is not read exactly'],
    ['a member with a body that checks the code first', "const routes = {\n  assign: (code: string) => { if (!code) throw new Error('app code required'); return `/platform/v1/apps/${code}/assign`; },\n};",
      'routes.assign(code)', 'routes.assign (line 3), a body of statements that runs before it returns the route (a check or a change of the code), which is not read exactly'],
    ['a comma expression', 'let calls = 0;\nconst assignUrl = (code: string) => (calls++, `/platform/v1/apps/${code}/assign`);\nexport const count = () => calls;',
      'assignUrl(code)', 'assignUrl (line 3), a comma expression whose other parts run before the route is built'],
    ['a bound builder', 'const build = (code: string) => `/platform/v1/apps/${code}/assign`;\nconst bound = build.bind(null);',
      'bound(code)', 'bound (line 3), made by .bind, with a this and arguments of its own'],
    ['a builder made by a higher-order function', 'const build = (code: string) => `/platform/v1/apps/${code}/assign`;\nconst withRegion = (f: (code: string) => string) => (code: string) => `/eu${f(code)}`;\nconst euPath = withRegion(build);',
      'euPath(code)', 'euPath (line 4), made by withRegion(build), a function of the program whose result is not read here'],
    ['a builder chosen by a key', "const build = (code: string) => `/platform/v1/apps/${code}/assign`;\nconst region = process.env.REGION ?? 'us';\nconst byRegion: Record<string, (code: string) => string> = { us: build, eu: (c: string) => `/eu${build(c)}` };",
      'byRegion[region](code)', 'byRegion[region] (line 4), chosen from an object by a key known only at run time'],
    ['a builder\'s result changed at the call', 'const build = (code: string) => `/platform/v1/apps/${code}/assign`;',
      'build(code).toLowerCase()', 'build (line 2), its result changed by .toLowerCase(…) at the call'],
    ['a builder that changes the text it builds', 'const lower = (code: string) => `/platform/v1/apps/${code}/assign`.toLowerCase();',
      'lower(code)', 'lower (line 2), the text it builds changed by .toLowerCase(…) before it is returned'],
    ['a member builder completed by another member', "const routes = {\n  prefix: '/platform/v1',\n  assign(code: string) { return `${this.prefix}/apps/${code}/assign`; },\n};",
      'routes.assign(code)', 'routes.assign (line 4), the route completed by a member of an object read when it runs, which code may change'],
    ['a static property of a class', 'class Routes {\n  static assign = (code: string) => `/platform/v1/apps/${code}/assign`;\n}',
      'Routes.assign(code)', 'Routes.assign (line 3), a static property of a class, which other code may assign'],
  ])('%s: the POST is reported in both modes, the DELETE is not', async (_name, builder, url, key) => {
    for (const flags of [[], ['--no-project']]) {
      const dir = trees.project({ 'src/api.ts': API(builder, url) });
      const report = await migrateIn<Report>(dir, ['.', ...flags]);
      expect(sitesOf(report), flags.join()).toEqual([`src/api.ts:${builder.split('\n').length + 3} manual url-builder-unread:${key}`]);
      expect(report.totals.migrated).toBe(0);
    }
  });

  it('through a local helper that POSTs its URL, or a builder passed to one: reported in both modes; an expression-bodied builder migrates', async () => {
    const text = `const BASE = 'https://api.example.com';
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const checked = (code: string) => {
  if (!/^[a-z0-9-]+$/.test(code)) throw new Error(\`bad app code \${code}\`);
  return \`/platform/v1/apps/\${code}/assign\`;
};
export const a1 = (code: string, dir: string) => post(\`\${BASE}\${checked(code)}\`, { directory_uid: dir });
const plain = (code: string) => \`/platform/v1/apps/\${code}/assign\` as const;
const sendVia = (build: (code: string) => string, code: string, body: unknown) => post(\`\${BASE}\${build(code)}\`, body);
export const a2 = (code: string, dir: string) => sendVia(plain, code, { directory_uid: dir });
export const a3 = (code: string, dir: string) => post(\`\${BASE}\${plain(code)}\`, { directory_uid: dir });
`;
    for (const flags of [[], ['--no-project']]) {
      const dir = trees.project({ 'src/api.ts': text });
      const report = await migrateIn<Report>(dir, ['.', ...flags]);
      expect(sitesOf(report), flags.join()).toEqual([
        'src/api.ts:7 manual url-builder-unread:checked (line 3), a body of statements that runs before it returns the route (a check or a change of the code), which is not read exactly',
        'src/api.ts:10 manual url-builder-unread:plain (line 8), passed as a function to sendVia, which builds the URL with it',
        'src/api.ts:11 fix',
      ]);
      expect(readFileSync(join(dir, 'src/api.ts'), 'utf8')).toContain("post(`${BASE}/v3/apps/app_assignments`, { assignee_type: 'directory', assignee_uid: dir, app_code_name: code })");
    }
  });

  it('the same builder as a const called plainly migrates, and the DELETE keeps it', async () => {
    const dir = trees.project({ 'src/api.ts': API('const assignUrl = (code: string) => `/platform/v1/apps/${code}/assign`;', 'assignUrl(code)') });
    const report = await migrateIn<Report>(dir);
    expect(sitesOf(report)).toEqual(['src/api.ts:4 fix']);
    const after = readFileSync(join(dir, 'src/api.ts'), 'utf8');
    expect(after).toContain("fetch(BASE + '/v3/apps/app_assignments', { method: 'POST'");
    expect(after).toContain("fetch(BASE + assignUrl(code), { method: 'DELETE' })");
  });
});
