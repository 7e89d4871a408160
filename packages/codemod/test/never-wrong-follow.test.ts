/**
 * Calls followed into the program's own functions (wrappers, request helpers, URL builders) where a rewrite would mean
 * something else. A wrapper is migrated with all its callers or not at all; where the analysis cannot see or bind every
 * caller, nothing changes and each call says why. Each input below was checked against the contract by hand.
 */
import { parseSource } from '@app-assignment/core/parse';
import { migrateText } from '@app-assignment/codemod';
import { describe, expect, it } from 'vitest';

const withoutTodos = (text: string) => text.replace(/^[ \t]*\/\/ TODO\(app-assignment\):.*\r?\n/gm, '');

const WRAPPER = `function assignApp(code: string, body: Record<string, unknown>) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
`;

function run(input: string, filename = 'a.ts') {
  const result = migrateText(input, filename);
  expect(() => parseSource(result.output, filename)).not.toThrow();
  // A second run changes nothing.
  expect(migrateText(result.output, filename).output).toBe(result.output);
  return result;
}

/** Every reported call stays as it was, each with a reason; the only change is the TODO lines. */
function expectAllHeld(input: string, count: number, filename = 'a.ts') {
  const result = run(input, filename);
  expect(result.sites.map((s) => s.migrated), result.output).toEqual(Array<boolean>(count).fill(false));
  for (const site of result.sites) expect(site.reason, result.output).toBeDefined();
  expect(withoutTodos(result.output)).toBe(input);
  return result;
}

function expectMigratedTo(input: string, output: string, filename = 'a.ts') {
  const result = run(input, filename);
  expect(result.sites.every((s) => s.migrated), result.output).toBe(true);
  expect(result.output).toBe(output);
  return result;
}

describe('a wrapper used where not every call can be bound to its arguments', () => {
  it.each([
    ['bound with bind', "await assignApp('hr', { business_uid: uid });\n  await assignApp.bind(null, 'crm')({ business_uid: uid });"],
    ['called with apply', "await assignApp.apply(null, ['crm', { business_uid: uid }]);\n  await assignApp('hr', { business_uid: uid });"],
    ['stored in an object', "const api = { assignApp };\n  await assignApp('hr', { business_uid: uid });\n  await api.assignApp('crm', { business_uid: uid });"],
    ['stored in a record', "const handlers: Record<string, typeof assignApp> = { x: assignApp };\n  await assignApp('hr', { business_uid: uid });\n  void handlers;"],
  ])('%s: nothing changes', (_name, body) => {
    const input = `${WRAPPER}export async function run(uid: string) {\n  ${body}\n}\n`;
    const result = expectAllHeld(input, 2);
    expect(result.sites[0]!.reason).toContain('calls cannot all be seen');
  });

  it('spread into the call: nothing changes, and the call that cannot be bound is named', () => {
    const input = `${WRAPPER}export async function run(uid: string) {\n  const args = ['crm', { business_uid: uid }] as const;\n  await assignApp(...args);\n  await assignApp('hr', { business_uid: uid });\n}\n`;
    const result = expectAllHeld(input, 2);
    expect(result.sites.map((site) => site.reasons.map((r) => `${r.code}:${r.key}`))).toEqual([['wrapper-held-back:in run'], ['wrapper-held-back:in run']]);
  });

  it.each([
    ['exported under another name', 'export { assignApp as assign };\n'],
    ['default-exported', 'export default assignApp;\n'],
  ])('%s: other modules may call it, nothing changes', (_name, exported) => {
    const input = `${WRAPPER}${exported}export async function run(uid: string) {\n  await assignApp('hr', { business_uid: uid });\n}\n`;
    const result = expectAllHeld(input, 2);
    expect(result.sites.every((s) => s.reason?.includes('calls cannot all be seen'))).toBe(true);
  });

  it('a wrapper held in a let that is reassigned is not followed; its own request keeps its TODO', () => {
    const input = `let assignApp = (code: string, body: Record<string, unknown>) =>
  fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
export function useMock() { assignApp = async () => new Response(); }
export const run = (uid: string) => assignApp('crm', { business_uid: uid });
`;
    expectAllHeld(input, 1);
  });

  it('a method of a class instance: its other callers cannot be counted', () => {
    const input = `class Client {
  constructor(private base: string) {}
  assign(code: string, body: Record<string, unknown>) {
    return fetch(\`\${this.base}/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
  }
}
const client = new Client('https://api.example.com');
export const run = (uid: string) => client.assign('crm', { business_uid: uid });
`;
    expectAllHeld(input, 2);
  });

  it('a method typed by an interface that describes the deprecated body', () => {
    const input = `interface LegacyBody { business_uid?: string; directory_uid?: string }
interface Api { assign(code: string, body: LegacyBody): Promise<Response> }
const api: Api = {
  assign(code, body) {
    return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
  },
};
export const run = (uid: string) => api.assign('crm', { business_uid: uid });
`;
    expectAllHeld(input, 2);
  });
});

describe('what a caller passes decides for the whole group', () => {
  it('a caller that passes no assignee holds the wrapper back and says so', () => {
    const input = `function assignApp(code: string, uid?: string) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
export async function run() {
  await assignApp('crm');
}
`;
    const result = expectAllHeld(input, 2);
    expect(result.sites[1]!.reason).toContain('neither business_uid nor directory_uid');
  });

  it('a numeric app code passed to a static method', () => {
    const input = `class Api {
  static assign(code: string, uid: string) {
    return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
  }
}
export const run = (uid: string) => Api.assign(42 as unknown as string, uid);
`;
    const result = expectAllHeld(input, 2);
    expect(result.sites[1]!.reason).toContain('numeric app id');
  });

  it.each([
    ['computed by a call', 'String(42)'],
    ['a call with a side effect', 'next()'],
    ['a template of several parts', '`${prefix}-crm`'],
  ])('an app code %s is not moved into the body', (_name, code) => {
    const input = `${WRAPPER}let n = 0;
const next = () => \`app-\${n++}\`;
export const run = (prefix: string, uid: string) => assignApp(${code}, { business_uid: uid });
`;
    expectAllHeld(input, 2);
  });

  it('the wrapper changes the body it is passed', () => {
    const input = `function assignApp(code: string, body: Record<string, unknown>) {
  body.is_internal = 'true';
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export async function run(uid: string) {
  await assignApp('crm', { directory_uid: uid });
}
`;
    const result = expectAllHeld(input, 2);
    // The caller's TODO names where the function uses the body besides sending it.
    expect(result.sites[1]!.reason).toBe('the body is passed to a function that also uses it besides sending it (line 2), where it would hold the v3 keys; migrate by hand');
  });

  it('the caller changes the body after building it', () => {
    const input = `${WRAPPER}export async function run(uid: string) {
  const body = { directory_uid: uid };
  Object.assign(body, { built_in: 'true' });
  await assignApp('crm', body);
}
`;
    expectAllHeld(input, 2);
  });

  it('the wrapper returns the body it sends: the caller reads the old keys', () => {
    const input = `function assignApp<T extends object>(code: string, body: T): Promise<T> {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) }).then(() => body);
}
export const run = async (uid: string) => (await assignApp('crm', { business_uid: uid })).business_uid;
`;
    expectAllHeld(input, 2);
  });

  it('a recursive retry uses the body twice', () => {
    const input = `function assignApp(code: string, body: Record<string, unknown>, retries = 1): Promise<Response> {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) })
    .catch(() => (retries > 0 ? assignApp(code, body, retries - 1) : Promise.reject(new Error('x'))));
}
export async function run(uid: string) {
  await assignApp('hr', { business_uid: uid });
}
`;
    expectAllHeld(input, 3);
  });

  it('a comment inside the caller body', () => {
    const input = `${WRAPPER}export const run = (uid: string) => assignApp('crm', {
  // the business that pays
  business_uid: uid,
});
`;
    const result = expectAllHeld(input, 2);
    expect(result.sites[1]!.reason).toContain('comments');
  });
});

describe('types that would not take the v3 body', () => {
  it('a body parameter typed by an interface only it uses: the interface takes the v3 body with the wrapper and its caller', () => {
    const call = "  return fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify(body) });";
    const input = `interface LegacyBody { business_uid?: string; directory_uid?: string }\nfunction assignApp(code: string, body: LegacyBody) {\n${call}\n}\nexport const run = (uid: string) => assignApp('crm', { business_uid: uid });\n`;
    const result = run(input);
    expect(result.sites.every((site) => site.migrated && site.reason === undefined), result.output).toBe(true);
    expect(result.output).toContain("interface LegacyBody { assignee_type: 'business' | 'directory'; assignee_uid?: string; app_code_name: string;");
    expect(result.output).toContain("assignApp('crm', { assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' })");
    expect(result.output).toContain('`https://api.example.com/v3/apps/app_assignments`');
  });

  it.each([
    ['an exported interface, read file by file', 'export interface LegacyBody { business_uid?: string; directory_uid?: string }\n', 'body: LegacyBody'],
    ['an interface other code uses too', 'interface LegacyBody { business_uid?: string; directory_uid?: string }\nexport const uidOf = (b: LegacyBody) => b.business_uid;\n', 'body: LegacyBody'],
    ['a type parameter', '', 'body: T'],
  ])('a body parameter typed by %s', (_name, decl, param) => {
    const generic = param === 'body: T' ? '<T extends object>' : '';
    const input = `${decl}function assignApp${generic}(code: string, ${param}) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export const run = (uid: string) => assignApp('crm', { business_uid: uid });
`;
    const result = expectAllHeld(input, 2);
    expect(result.sites[1]!.reason).toContain('declared type');
  });

  it('a type assertion on the caller object', () => {
    const input = `type Body = { business_uid: string };
function assignApp(code: string, body: unknown) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export const run = (uid: string) => assignApp('crm', <Body>{ business_uid: uid });
`;
    expectAllHeld(input, 2);
  });

  it('an overloaded wrapper is not followed: its own request keeps a TODO', () => {
    const input = `function assignApp(code: string, body: { business_uid: string }): Promise<Response>;
function assignApp(code: string, body: unknown): Promise<Response> {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export const run = (uid: string) => assignApp('crm', { business_uid: uid });
`;
    expectAllHeld(input, 1);
  });
});

describe('parameters that are not plain names are not bound', () => {
  it('a default body', () => {
    const input = `function assignApp(code: string, body: Record<string, unknown> = { business_uid: 'biz_default' }) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export const run = () => assignApp('crm');
`;
    expectAllHeld(input, 2);
  });

  it('rest parameters', () => {
    const input = `function assignApp(...args: [string, Record<string, unknown>]) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${args[0]}/assign\`, { method: 'POST', body: JSON.stringify(args[1]) });
}
export const run = (uid: string) => assignApp('crm', { business_uid: uid });
`;
    expectAllHeld(input, 1);
  });

  it('a destructured parameter: the wrapper own request is exact alone and is migrated alone', () => {
    const input = `function assignApp({ code, uid }: { code: string; uid: string }) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
export const run = (uid: string) => assignApp({ code: 'crm', uid });
`;
    expectMigratedTo(input, input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: code }"));
  });
});

describe('callers the analysis binds exactly are migrated with the wrapper', () => {
  it('a wrapper of a wrapper, and a direct caller with a mode', () => {
    const input = `${WRAPPER}function assignToBusiness(code: string, uid: string) {
  return assignApp(code, { business_uid: uid });
}
export const run = async (uid: string) => {
  await assignToBusiness('crm', uid);
  await assignApp('hr', { directory_uid: 'dir_1', pre_installed: 'true' });
};
`;
    expectMigratedTo(input, input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('assignApp(code, { business_uid: uid })', "assignApp(code, { assignee_type: 'business', assignee_uid: uid, app_code_name: code })")
      .replace("{ directory_uid: 'dir_1', pre_installed: 'true' }",
        "{ assignee_type: 'directory', assignee_uid: 'dir_1', app_code_name: 'hr', settings: { assignment_mode: 'pre_installed' } }"));
  });

  it('a caller inside a callback, with the callback parameter as the app code', () => {
    const input = `${WRAPPER}export const run = (uid: string) => ['crm', 'hr'].forEach((code) => assignApp(code, { business_uid: uid }));
`;
    expectMigratedTo(input, input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: code }"));
  });

  it('an optional call', () => {
    const input = `${WRAPPER}export const run = (uid: string) => assignApp?.('crm', { business_uid: uid });
`;
    expectMigratedTo(input, input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' }"));
  });

  it('two callers, one with a const app code and one with a literal', () => {
    const input = `import axios from 'axios';
function send(code: string, body: unknown) {
  return axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
export async function a(uid: string) {
  const code = 'crm';
  await send(code, { business_uid: uid });
  await send('hr', { business_uid: uid });
}
`;
    expectMigratedTo(input, input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('send(code, { business_uid: uid })', "send(code, { assignee_type: 'business', assignee_uid: uid, app_code_name: code })")
      .replace("send('hr', { business_uid: uid })", "send('hr', { assignee_type: 'business', assignee_uid: uid, app_code_name: 'hr' })"));
  });

  it('hide_from_market from a caller is dropped with its TODO, as for a direct call', () => {
    const input = `${WRAPPER}export const run = (uid: string) => assignApp('crm', { business_uid: uid, hide_from_market: 'true' });
`;
    const result = run(input);
    expect(result.output).toContain("assignApp('crm', { assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' })");
    expect(result.output).toContain('TODO(app-assignment): hide_from_market has no v3 field and was dropped');
  });
});

describe('URL builders and shared URL pieces', () => {
  const twoWrappers = (builder: string, call: string) => `${builder}
function assignToBusiness(code: string, uid: string) {
  return fetch(${call}, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
function assignToDirectory(code: string, uid: string) {
  return fetch(${call}, { method: 'POST', body: JSON.stringify({ directory_uid: uid, is_internal: 'true' }) });
}
export const run = (uid: string) => Promise.all([assignToBusiness('crm', uid), assignToDirectory('hr', 'dir_1')]);
`;

  it('two wrappers sharing one URL builder given the base too: nothing changes', () => {
    const input = twoWrappers('function assignUrl(base: string, code: string) { return `${base}/platform/v1/apps/${code}/assign`; }', "assignUrl('https://api.example.com', code)");
    const result = expectAllHeld(input, 4);
    expect(result.sites.every((s) => s.reason?.includes('built by a function'))).toBe(true);
  });

  it('two wrappers sharing one URL builder that builds the route alone: each call of it becomes the v3 URL, and the callers go with their wrappers', () => {
    const builder = 'function assignUrl(code: string) { return `https://api.example.com/platform/v1/apps/${code}/assign`; }';
    const input = twoWrappers(builder, 'assignUrl(code)');
    const result = expectMigratedTo(input, input
      .replace("fetch(assignUrl(code), { method: 'POST', body: JSON.stringify({ business_uid: uid }) })",
        "fetch('https://api.example.com/v3/apps/app_assignments', { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: code }) })")
      .replace("fetch(assignUrl(code), { method: 'POST', body: JSON.stringify({ directory_uid: uid, is_internal: 'true' }) })",
        "fetch('https://api.example.com/v3/apps/app_assignments', { method: 'POST', body: JSON.stringify({ assignee_type: 'directory', assignee_uid: uid, app_code_name: code, settings: { assignment_mode: 'internal' } }) })"));
    expect(result.sites).toHaveLength(4);
  });

  it('two wrappers sharing one URL builder, one caller passing an encoded code: that wrapper and its caller stay, the other moves', () => {
    const input = twoWrappers('function assignUrl(code: string) { return `https://api.example.com/platform/v1/apps/${code}/assign`; }', 'assignUrl(code)')
      .replace("assignToBusiness('crm', uid)", "assignToBusiness(encodeURIComponent('crm sync'), uid)");
    const result = run(input, 'a.ts');
    expect(result.sites.map((s) => s.migrated)).toEqual([false, true, false, true]);
    expect(result.output).toContain("return fetch(assignUrl(code), { method: 'POST', body: JSON.stringify({ business_uid: uid }) });");
  });
});

describe('an app code held in a const inside the replaced span', () => {
  it('a const shadowed in an inner block is the outer one at the body', () => {
    const input = `import axios from 'axios';
export async function a(businessUid: string) {
  const code = 'crm';
  {
    const code = 'other';
    void code;
  }
  const body = { business_uid: businessUid };
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
`;
    expectMigratedTo(input, input
      .replace('{ business_uid: businessUid }', "{ assignee_type: 'business', assignee_uid: businessUid, app_code_name: code }")
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments'));
  });

  it('an encoded const is decoded into the body', () => {
    const input = `import axios from 'axios';
export async function a(businessUid: string) {
  const code = 'crm%2Fsync';
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: businessUid });
}
`;
    expectMigratedTo(input, input.replace('`/platform/v1/apps/${code}/assign`, { business_uid: businessUid }',
      "`/v3/apps/app_assignments`, { assignee_type: 'business', assignee_uid: businessUid, app_code_name: 'crm/sync' }"));
  });

  it('a numeric const is the numeric app id the operation does not accept', () => {
    const input = `import axios from 'axios';
export async function a(businessUid: string) {
  const code = 7;
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: businessUid });
}
`;
    const result = expectAllHeld(input, 1);
    expect(result.sites[0]!.reason).toContain('numeric app id');
  });

  it('a const holding a slash makes another route: not reported', () => {
    const input = `import axios from 'axios';
export async function a(businessUid: string) {
  const code = 'crm/sync';
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: businessUid });
}
`;
    const result = run(input);
    expect(result.sites).toEqual([]);
    expect(result.output).toBe(input);
  });
});

describe('recursion, depth and module forms', () => {
  it('mutual recursion passes the body on twice: nothing changes', () => {
    const input = `function a(code: string, body: Record<string, unknown>, n: number): Promise<Response> {
  return n > 0 ? b(code, body, n - 1) : fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
function b(code: string, body: Record<string, unknown>, n: number): Promise<Response> {
  return a(code, body, n);
}
export const run = (uid: string) => a('crm', { business_uid: uid }, 2);
`;
    expectAllHeld(input, 4);
  });

  it('a chain of wrappers deeper than is followed: nothing changes', () => {
    const levels = [1, 2, 3, 4, 5].map((i) => `function l${i}(code: string, body: Record<string, unknown>) { return l${i - 1}(code, body); }\n`).join('');
    const input = `${WRAPPER.replace('assignApp', 'l0')}${levels}export const run = (uid: string) => l5('crm', { business_uid: uid });\n`;
    const result = run(input);
    expect(result.sites.length).toBeGreaterThan(0);
    expect(result.sites.every((s) => !s.migrated)).toBe(true);
    expect(withoutTodos(result.output)).toBe(input);
  });

  it('a wrapper exported with export =', () => {
    expectAllHeld(`${WRAPPER}export = assignApp;\n`, 1);
  });

  it('a caller in a class static block is a caller like any other', () => {
    const input = `${WRAPPER}class Job {
  static {
    void assignApp('crm', { business_uid: 'b' });
  }
}
export const run = (uid: string) => assignApp('hr', { business_uid: uid });
void Job;
`;
    expectMigratedTo(input, input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace("{ business_uid: 'b' }", "{ assignee_type: 'business', assignee_uid: 'b', app_code_name: 'crm' }")
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: 'hr' }"));
  });
});

describe('JSX: a TODO never lands inside markup', () => {
  it.each([
    ['a direct call', "import axios from 'axios';\n", "axios.post('/platform/v1/apps/crm/assign', { business_uid: uid, directory_uid: 'd' })", 1],
    ['a wrapper caller', WRAPPER, "assignApp('crm', { business_uid: uid, built_in: 'true', directory_uid: 'd' })", 2],
  ])('%s in an event handler', (_name, head, call, count) => {
    const input = `${head}export function View({ uid }: { uid: string }) {
  return (
    <div>
      <button onClick={() => ${call}}>
        Assign
      </button>
    </div>
  );
}
`;
    const result = expectAllHeld(input, count, 'a.tsx');
    expect(result.output).toMatch(/\n {2}\/\/ TODO\(app-assignment\):[^\n]*\n {2}return \(/);
  });
});

describe('request helpers that take options from their callers', () => {
  it.each([
    ['headers passed as an object', 'headers: Record<string, string>', '{ headers }', "{ 'Content-Type': 'application/x-www-form-urlencoded' }", 'form-encoded'],
    ['a content type passed as a string', 'type: string', "{ headers: { 'Content-Type': type } }", "'application/x-www-form-urlencoded'", 'form-encoded'],
    ['query parameters', 'params?: Record<string, string>', '{ params }', "{ is_internal: 'true' }", 'cannot be rewritten safely'],
  ])('%s', (_name, param, config, arg, reason) => {
    const input = `import axios from 'axios';
function post(path: string, body: unknown, ${param}) {
  return axios.post(path, body, ${config});
}
export const run = (code: string, uid: string) =>
  post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid }, ${arg});
`;
    const result = expectAllHeld(input, 1);
    expect(result.sites[0]!.reason).toContain(reason);
  });
});

describe('names read at the call', () => {
  it('a body parameter that the wrapper also logs: nothing changes', () => {
    const input = `function assignApp(code: string, body: Record<string, unknown>) {
  console.log('assigning', code, body);
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export const run = (uid: string) => assignApp('crm', { business_uid: uid });
`;
    const result = expectAllHeld(input, 2);
    // The caller's TODO names where the function uses the body besides sending it.
    expect(result.sites[1]!.reason).toBe('the body is passed to a function that also uses it besides sending it (line 2), where it would hold the v3 keys; migrate by hand');
  });

  it('a let reassigned after the call: the name moves into the same call, read at the same time', () => {
    const input = `import axios from 'axios';
export async function a(uid: string) {
  let code = 'crm';
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });
  code = 'hr';
  return code;
}
`;
    expectMigratedTo(input, input.replace('`/platform/v1/apps/${code}/assign`, { business_uid: uid }',
      "`/v3/apps/app_assignments`, { assignee_type: 'business', assignee_uid: uid, app_code_name: code }"));
  });

  it('an arrow that reads a body const declared after it, with the app code const before both', () => {
    const input = `import axios from 'axios';
export async function a(uid: string) {
  const code = 'crm';
  const send = () => axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
  const body = { business_uid: uid };
  return send();
}
`;
    expectMigratedTo(input, input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: code }"));
  });
});

describe('found by a second adversarial reading: each stays as it is', () => {
  it("TypeScript's this parameter takes no argument: the body argument, not the next one, is the body", () => {
    const input = `function assignCrm(this: void, body: Record<string, unknown>, meta?: Record<string, unknown>) {
  void meta;
  return fetch('https://api.example.com/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify(body) });
}
export const run = (uid: string) => assignCrm({ business_uid: uid }, { directory_uid: 'audit' });
`;
    expectMigratedTo(input, input
      .replace('/platform/v1/apps/crm/assign', '/v3/apps/app_assignments')
      .replace('assignCrm({ business_uid: uid }', "assignCrm({ assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' }"));
  });

  it('a function type written on the const that holds the wrapper types its body parameter', () => {
    expectAllHeld(`interface LegacyBody { business_uid?: string }
const assignApp: (code: string, body: LegacyBody) => Promise<Response> = (code, body) =>
  fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
export const run = (uid: string) => assignApp('crm', { business_uid: uid });
`, 2);
  });

  it('a JSDoc type of the wrapper types its body parameter', () => {
    expectAllHeld(`/** @param {string} code @param {{ business_uid?: string }} body */
function assignApp(code, body) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export const run = (uid) => assignApp('crm', { business_uid: uid });
`, 2, 'a.js');
  });

  it('a caller passes an encoded app code: the body would carry it encoded', () => {
    expectAllHeld(`function assignApp(code: string, uid: string) {
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
export const run = (name: string) => assignApp(encodeURIComponent(name), 'biz_1');
`, 2);
  });

  it('a const holds the encoded app code: the body would carry it encoded', () => {
    expectAllHeld(`import axios from 'axios';
export function run(name: string, uid: string) {
  const c = encodeURIComponent(name);
  return axios.post(\`/platform/v1/apps/\${c}/assign\`, { business_uid: uid });
}
`, 1);
  });

  it('a wrapper that reads arguments may change its parameters behind their names', () => {
    expectAllHeld(`const DEFAULTS = { is_internal: 'true' };
function assignApp(code: string, body: Record<string, unknown>) {
  Object.assign(arguments[1], DEFAULTS);
  return fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export const run = () => assignApp('crm', { directory_uid: 'dir_1' });
`, 1);
  });

  it('a wrapper that sends the request twice: its caller says so, and a second run adds nothing', () => {
    const result = expectAllHeld(`async function assignTwice(code: string, first: object, second: object) {
  await fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(first) });
  await fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(second) });
}
export const run = (uid: string) => assignTwice('crm', { business_uid: uid }, { directory_uid: 'd', is_internal: 'true' });
`, 3);
    expect(result.sites.some((site) => site.reason?.includes('sends the deprecated request more than once'))).toBe(true);
  });

  it('a function that sends it twice, passed only values its requests copy: each request migrates where it is', () => {
    const input = `async function onboard(dir: string, biz: string) {
  await fetch(\`https://api.example.com/platform/v1/apps/crm/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: biz }) });
  await fetch(\`https://api.example.com/platform/v1/apps/hr/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: dir, pre_installed: 'true' }) });
}
export const run = () => onboard(process.argv[2]!, process.argv[3]!);
`;
    const result = run(input);
    // The two requests are the sites; the call of the function, which no rewrite changes, is none.
    expect(result.sites.map((site) => [site.line, site.migrated])).toEqual([[2, true], [3, true]]);
    expect(result.output).toContain("body: JSON.stringify({ assignee_type: 'business', assignee_uid: biz, app_code_name: 'crm' })");
    expect(result.output).toContain("settings: { assignment_mode: 'pre_installed' }");
    expect(result.output).toContain('export const run = () => onboard(process.argv[2]!, process.argv[3]!);');
  });

  it('a function that sends it twice, passed a flag its body copies: the flag is not read into the requests', () => {
    const input = `async function onboard(dir: string, internal: string) {
  await fetch(\`https://api.example.com/platform/v1/apps/crm/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: dir, is_internal: internal }) });
  await fetch(\`https://api.example.com/platform/v1/apps/hr/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: dir }) });
}
export const run = () => onboard('d1', 'true');
export const other = () => onboard('d2', 'false');
`;
    const result = run(input);
    // The first request depends on what each caller passes: it is held; the second copies values only.
    const first = result.sites.find((site) => site.line === 2)!;
    expect(first.migrated).toBe(false);
    expect(first.reason).toBeDefined();
    expect(result.output).not.toContain("assignment_mode: 'internal'");
  });
});

describe('a client kept by a class (this.http): read from the one place that sets it', () => {
  const sdk = (ctor: string, made: string) => `import axios from 'axios';
class Platform {
  ${ctor}
  assign(code: string, uid: string) {
    return this.http.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });
  }
}
const client = new Platform(${made});
export const run = (uid: string) => client.assign('crm', uid);
`;
  const FORM = "axios.create({ baseURL: 'https://api.example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })";
  const TRANSFORM = "axios.create({ baseURL: 'https://api.example.com', transformRequest: [(data: unknown) => data] })";

  it.each([
    ['a parameter property given an instance that sends forms', 'constructor(private readonly http: ReturnType<typeof axios.create>) {}', FORM, 'body-form-encoded'],
    ['a parameter property given an instance with a request transform', 'constructor(private http: ReturnType<typeof axios.create>) {}', TRANSFORM, 'body-dynamic'],
    ['a constructor statement that stores its parameter', 'private readonly http;\n  constructor(http: ReturnType<typeof axios.create>) { this.http = http; }', FORM, 'body-form-encoded'],
  ])('%s: the body is not sent as JSON, nothing changes', (_name, ctor, made, reason) => {
    const result = expectAllHeld(sdk(ctor, made), 2);
    const caller = result.sites.find((site) => site.kind === 'caller');
    expect(caller?.client).toBe('axios');
    expect(caller?.reasons.map((r) => r.code)).toEqual([reason]);
  });

  it('a field set in two places is not pinned down: read by its shape, as before', () => {
    const input = `import axios from 'axios';
class Platform {
  private http = axios.create({ baseURL: 'https://api.example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  useJson() { this.http = axios.create({ baseURL: 'https://api.example.com' }); }
  assign(code: string, uid: string) {
    return this.http.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });
  }
}
export const client = new Platform();
`;
    const result = run(input);
    expect(result.sites.map((site) => site.client)).toEqual(['unresolved']);
  });
});

describe('a wrapper given the client instance by its callers', () => {
  it('one caller passes an instance that sends is_internal as a query parameter: nothing changes, the caller says why', () => {
    const result = expectAllHeld(`import axios, { type AxiosInstance } from 'axios';
export function assign(http: AxiosInstance, code: string, d: string) {
  return http.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d });
}
const plain = axios.create({ baseURL: 'https://h' });
const internal = axios.create({ baseURL: 'https://h', params: { is_internal: 'true' } });
export function go() {
  assign(plain, 'a', 'd');
  assign(internal, 'b', 'd');
}
`, 3);
    const callers = result.sites.filter((site) => site.kind === 'caller');
    expect(callers.map((site) => site.client)).toEqual(['axios', 'axios']);
    expect(callers.flatMap((site) => site.reasons.map((r) => r.code))).toContain('url-not-editable');
  });
});
