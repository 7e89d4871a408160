/**
 * Calls of the program's own functions are followed into them: what the function sends, with its parameters bound to
 * the call's arguments, is what the call sends. A function whose code a rewrite must change (a wrapper) is migrated
 * with all its callers, or none of them changes.
 */
import { parseSource } from '@app-assignment/core/parse';
import { migrateText } from '@app-assignment/codemod';
import { describe, expect, it } from 'vitest';

function migrate(input: string) {
  const result = migrateText(input, 'a.ts');
  expect(() => parseSource(result.output, 'a.ts')).not.toThrow();
  return { ...result, todos: result.output.split('\n').filter((line) => line.includes('TODO(app-assignment):')).map((line) => line.trim()) };
}

const wrapper = (callers: string, exported = '') => `${exported}function assignApp(code: string, body: Record<string, unknown>) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export async function run(uid: string) {
${callers}
}
`;

describe('following a function of the file', () => {
  it('a local fetch that sends a PUT is not the global fetch: the call is not reported', () => {
    const input = `import axios from 'axios';
const fetch = (u: string, o: unknown) => axios.put(u, o);
export function go(code: string, uid: string) {
  return fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;
    const result = migrate(input);
    expect(result.sites).toEqual([]);
    expect(result.output).toBe(input);
  });

  it('a request helper that takes the method and path: the call is migrated where the path and body are written', () => {
    const input = `const BASE = 'https://api.example.com';
function request(method: string, path: string, body?: unknown) {
  return fetch(BASE + path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}
export function go(code: string, uid: string) {
  return request('POST', \`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });
}
export function other() {
  return request('POST', '/platform/v1/apps', { name: 'x' });
}
`;
    const result = migrate(input);
    expect(result.sites.map((s) => [s.line, s.migrated ? 'migrated' : 'todo'])).toEqual([[6, 'migrated']]);
    expect(result.output).toBe(input.replace(
      "request('POST', `/platform/v1/apps/${code}/assign`, { business_uid: uid })",
      "request('POST', `/v3/apps/app_assignments`, { assignee_type: 'business', assignee_uid: uid, app_code_name: code })",
    ));
  });

  it('a request helper called with GET sends no deprecated request', () => {
    const input = `function request(method: string, path: string) {
  return fetch(path, { method });
}
export const go = (code: string) => request('GET', \`/platform/v1/apps/\${code}/assign\`);
`;
    expect(migrate(input).sites).toEqual([]);
  });

  it('a URL builder that builds more than the route is reported, with its own reason, and left as it is; a member builder that builds the route alone is replaced', () => {
    const input = `const routes = { assign: (code: string) => \`/platform/v1/apps/\${code}/assign\` };
function assignAppUrl(base: string, code: string) { return \`\${base}/platform/v1/apps/\${code}/assign\`; }
export async function a(code: string, uid: string) {
  await fetch(assignAppUrl('https://api.example.com', code), { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
  await fetch(routes.assign(code), { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;
    const result = migrate(input);
    // The base is an argument of assignAppUrl: its call builds more than the route. routes.assign builds the route
    // alone, and nothing can replace it: its call becomes the v3 path.
    expect(result.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['todo', 'migrated']);
    expect(result.todos).toHaveLength(1);
    expect(result.todos[0]).toContain('the URL is built by a function that other code may call too');
    expect(result.output.replace(/^.*TODO\(app-assignment\).*\n/gm, '')).toBe(input.replace(
      'fetch(routes.assign(code), { method: \'POST\', body: JSON.stringify({ business_uid: uid }) })',
      "fetch('/v3/apps/app_assignments', { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: code }) })"));
  });

  it('an app code held in a const of the function is migrated under its name', () => {
    const input = `import axios from 'axios';
const BASE = 'https://api.example.com';
export async function a(businessUid: string) {
  const code = 'crm-sync';
  await axios.post(\`\${BASE}/platform/v1/apps/\${code}/assign\`, { business_uid: businessUid });
}
`;
    const result = migrate(input);
    expect(result.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['migrated']);
    expect(result.output).toContain(
      "axios.post(`${BASE}/v3/apps/app_assignments`, { assignee_type: 'business', assignee_uid: businessUid, app_code_name: code })",
    );
  });
});

describe('a wrapper and its callers: all of them, or none', () => {
  it('every caller exact: the wrapper URL and every caller body are migrated together', () => {
    const result = migrate(wrapper(`  await assignApp('crm-sync', { business_uid: 'biz_1' });
  await assignApp('hr-suite', { directory_uid: uid, is_internal: 'true' });`));
    expect(result.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['migrated', 'migrated', 'migrated']);
    expect(result.todos).toEqual([]);
    expect(result.output).toBe(`function assignApp(code: string, body: Record<string, unknown>) {
  return fetch(\`https://api.example.com/v3/apps/app_assignments\`, { method: 'POST', body: JSON.stringify(body) });
}
export async function run(uid: string) {
  await assignApp('crm-sync', { assignee_type: 'business', assignee_uid: 'biz_1', app_code_name: 'crm-sync' });
  await assignApp('hr-suite', { assignee_type: 'directory', assignee_uid: uid, app_code_name: 'hr-suite', settings: { assignment_mode: 'internal' } });
}
`);
    expect(migrateText(result.output, 'a.ts').output).toBe(result.output);
  });

  it('one caller passes built_in: nothing changes, that caller names built_in, the others name it', () => {
    const input = wrapper(`  await assignApp('crm-sync', { business_uid: 'biz_1' });
  await assignApp('hr-suite', { directory_uid: uid, built_in: 'true' });`);
    const result = migrate(input);
    expect(result.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['todo', 'todo', 'todo']);
    expect(result.output.replace(/^.*TODO\(app-assignment\).*\n/gm, '')).toBe(input);
    expect(result.sites[2]!.reason).toContain('built_in "true" has no equivalent');
    expect(result.sites[1]!.reason).toContain('the call in run cannot be migrated exactly');
    expect(result.sites[0]!.reason).toContain('not all of them can be migrated exactly (the first is the call in run;');
  });

  it('an exported wrapper: its other callers cannot be seen, so nothing changes', () => {
    const input = wrapper(`  await assignApp('crm-sync', { business_uid: 'biz_1' });`, 'export ');
    const result = migrate(input);
    expect(result.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['todo', 'todo']);
    expect(result.sites.every((s) => s.reason?.includes('calls cannot all be seen'))).toBe(true);
    expect(result.output.replace(/^.*TODO\(app-assignment\).*\n/gm, '')).toBe(input);
  });

  it('an exported wrapper whose own request has an exact rewrite is migrated alone, whoever calls it', () => {
    const input = `export function assignApp(code: string, uid: string) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
export const run = () => assignApp('crm-sync', 'biz_1');
`;
    const result = migrate(input);
    expect(result.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['migrated', 'migrated']);
    expect(result.output).toBe(input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: code }"));
  });

  it('a wrapper also passed around as a value: nothing changes', () => {
    const input = wrapper(`  await assignApp('crm-sync', { business_uid: 'biz_1' });
  [1].map(() => assignApp);`);
    const result = migrate(input);
    expect(result.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['todo', 'todo']);
    expect(result.output.replace(/^.*TODO\(app-assignment\).*\n/gm, '')).toBe(input);
  });

  it('a wrapper that builds the body from its parameters: migrated once when every caller maps the same way', () => {
    const make = (second: string) => `function assignApp(code: string, uid: string, internal: string) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: uid, is_internal: internal }) });
}
export async function run(uid: string) {
  await assignApp('crm-sync', uid, 'true');
  await assignApp('hr-suite', 'dir_2', '${second}');
}
`;
    const same = migrate(make('true'));
    expect(same.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['migrated', 'migrated', 'migrated']);
    expect(same.output).toContain(
      "JSON.stringify({ assignee_type: 'directory', assignee_uid: uid, app_code_name: code, settings: { assignment_mode: 'internal' } })",
    );
    expect(same.output).toContain("await assignApp('hr-suite', 'dir_2', 'true');");

    // One caller enables the mode, the other does not: one rewrite of the function cannot say both.
    const differ = migrate(make('false'));
    expect(differ.sites.map((s) => (s.migrated ? 'migrated' : 'todo'))).toEqual(['todo', 'todo', 'todo']);
    expect(differ.sites[1]!.reason).toContain('need different rewrites of it');
    expect(differ.output.replace(/^.*TODO\(app-assignment\).*\n/gm, '')).toBe(make('false'));
  });

  it('a note about a wrapper\'s rewrite (a flag it drops) sits at the request it concerns, not at a caller', () => {
    const input = `import got from 'got';
function assign(code: string, hide: string) {
  return got.post(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { json: { business_uid: 'biz_1', hide_from_market: hide } });
}
export async function run() {
  await assign('crm', 'true');
}
`;
    const result = migrate(input);
    const lines = result.output.split('\n');
    const todo = lines.findIndex((line) => line.includes('TODO(app-assignment):'));
    expect(lines[todo]).toContain('hide_from_market has no v3 field and was dropped');
    // The comment is written just above the request, inside the wrapper; the caller's line is left as it was.
    expect(lines[todo + 1]).toContain('got.post(`https://api.example.com/v3/apps/app_assignments`');
    expect(result.todos).toHaveLength(1);
    expect(result.output).toContain("  await assign('crm', 'true');\n");
  });
});
