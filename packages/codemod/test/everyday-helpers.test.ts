/**
 * Everyday request helpers, followed into with the call's arguments: a wrapper with one destructured parameter, a
 * helper that spreads the options it is given, a helper that sends its body only when given one, and a request method a
 * class inherits from an abstract base client. Each call migrates where its route and body are written when the helper
 * sends them as given; the helper itself never changes, and a helper that changes what it is given holds the call.
 */
import { parseSource } from '@app-assignment/core/parse';
import { migrateText } from '@app-assignment/codemod';
import { describe, expect, it } from 'vitest';

function migrate(input: string) {
  const result = migrateText(input, 'a.ts');
  expect(() => parseSource(result.output, 'a.ts')).not.toThrow();
  const again = migrateText(result.output, 'a.ts');
  expect(again.output).toBe(result.output);
  return { ...result, todos: result.output.split('\n').filter((line) => line.includes('TODO(app-assignment):')).map((line) => line.trim()) };
}

const sites = (result: ReturnType<typeof migrate>) => result.sites.map((site) => [site.line, site.kind, site.outcome, site.reasons.map((r) => r.code)]);

describe('a wrapper with a destructured parameter', () => {
  const wrapper = (callers: string) => `const assignApp = ({ appCode, body }: { appCode: string; body: object }) =>
  fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { method: 'POST', body: JSON.stringify(body) });

export async function run(uid: string) {
${callers}
}
`;

  it('binds each name to the value the caller writes for its key: the wrapper and its callers migrate together', () => {
    const input = wrapper(`  await assignApp({ appCode: 'crm', body: { business_uid: uid } });
  await assignApp({ body: { directory_uid: 'dir_1', is_internal: 'true' }, appCode: 'hr' });`);
    const result = migrate(input);
    expect(result.todos).toEqual([]);
    expect(result.output).toBe(input
      .replace('/platform/v1/apps/${appCode}/assign', '/v3/apps/app_assignments')
      .replace("{ business_uid: uid }", "{ assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' }")
      .replace("{ directory_uid: 'dir_1', is_internal: 'true' }", "{ assignee_type: 'directory', assignee_uid: 'dir_1', app_code_name: 'hr', settings: { assignment_mode: 'internal' } }"));
  });

  it('a caller that passes an object it does not write out holds the wrapper and every caller', () => {
    const input = wrapper(`  await assignApp({ appCode: 'crm', body: { business_uid: uid } });
  const options = { appCode: 'hr', body: { business_uid: uid } };
  await assignApp(options);`);
    const result = migrate(input);
    expect(result.output).toContain('/platform/v1/apps/${appCode}/assign');
    expect(result.sites.every((site) => !site.migrated)).toBe(true);
  });

  it('a default value in the pattern is not bound: the app code is not known', () => {
    const input = `const assignApp = ({ appCode = 'crm', body }: { appCode?: string; body: object }) =>
  fetch(\`/platform/v1/apps/\${appCode}/assign\`, { method: 'POST', body: JSON.stringify(body) });
export const run = () => assignApp({ body: { business_uid: 'b' } });
`;
    const result = migrate(input);
    expect(result.sites.some((site) => site.migrated)).toBe(false);
    expect(result.output).toContain('/platform/v1/apps/${appCode}/assign');
  });
});

describe('a helper that spreads the options it is given', () => {
  const helper = (inner: string) => `async function fetchWithTimeout(url: string, ms: number, init: RequestInit = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await fetch(url, ${inner});
  } finally {
    clearTimeout(timer);
  }
}

export function assign(code: string, uid: string) {
  return fetchWithTimeout(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, 5000, {
    method: 'POST',
    body: JSON.stringify({ business_uid: uid }),
  });
}
`;

  it('{ ...init, signal }: method and body are the caller\'s literals, rewritten where they are written', () => {
    const input = helper('{ ...init, signal: controller.signal }');
    const result = migrate(input);
    expect(sites(result)).toEqual([[12, 'call', 'fix', []]]);
    expect(result.output).toBe(input
      .replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: code }"));
  });

  it('a key the helper sets itself besides transport keys (a method, headers) leaves the call for a person', () => {
    for (const inner of ['{ ...init, method: \'PUT\' }', '{ ...init, headers: { \'Content-Type\': \'text/plain\' } }', '{ signal: controller.signal, ...init, body: \'x\' }']) {
      const result = migrate(helper(inner));
      expect(result.sites.some((site) => site.migrated), inner).toBe(false);
    }
  });

  it('a transport key the caller also writes is sent as the later one says: not read as the caller\'s options', () => {
    const input = helper('{ ...init, signal: controller.signal }').replace("method: 'POST',", "method: 'POST',\n    signal: undefined,");
    const result = migrate(input);
    expect(result.sites.some((site) => site.migrated)).toBe(false);
  });
});

describe('a request method a class inherits from an abstract base client', () => {
  const base = (send: string) => `abstract class BaseApi {
  constructor(protected baseUrl: string) {}

  protected async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: ${send},
    });
    return res.json() as Promise<T>;
  }
}

export class AppsApi extends BaseApi {
  list() {
    return this.request('GET', '/platform/v1/apps');
  }

  assign(code: string, uid: string) {
    return this.request('POST', \`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });
  }
}
`;

  it('sends method and JSON.stringify(body) as given: the subclass call is rewritten in place, the base class stays', () => {
    const input = base('body ? JSON.stringify(body) : undefined');
    const result = migrate(input);
    expect(sites(result)).toEqual([[20, 'call', 'fix', []]]);
    expect(result.output).toBe(input.replace(
      "this.request('POST', `/platform/v1/apps/${code}/assign`, { business_uid: uid })",
      "this.request('POST', `/v3/apps/app_assignments`, { assignee_type: 'business', assignee_uid: uid, app_code_name: code })",
    ));
  });

  it('a base method that changes the body it is given holds the call, with the reason', () => {
    const result = migrate(base('JSON.stringify({ ...(body as object), source: \'web\' })'));
    expect(sites(result)).toEqual([[20, 'call', 'manual', ['body-spread']]]);
  });

  it('a class that overrides the method itself is read with its own method', () => {
    const input = base('JSON.stringify(body)').replace('export class AppsApi extends BaseApi {', `export class AppsApi extends BaseApi {
  protected override async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    return super.request(method.toLowerCase(), path, body);
  }
`);
    const result = migrate(input);
    expect(result.sites.some((site) => site.migrated)).toBe(false);
  });

  it('a route written inside the inherited method is not followed: the request there is the site', () => {
    const input = `abstract class BaseApi {
  protected assignTo(code: string, body: object) {
    return fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
  }
}
export class AppsApi extends BaseApi {
  crm(uid: string) {
    return this.assignTo('crm', { business_uid: uid });
  }
}
`;
    const result = migrate(input);
    expect(result.sites.map((site) => site.line)).toEqual([3]);
    expect(result.sites[0]!.migrated).toBe(false);
  });
});

describe('a request helper that sends its body only when given one', () => {
  it('body ? JSON.stringify(body) : undefined, given an object: the object is sent, and the call migrates', () => {
    const input = `async function makeRequest<T>(base: string, path: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, { method, body: body !== undefined ? JSON.stringify(body) : undefined });
  return res.json() as Promise<T>;
}

export function assign(base: string, code: string, uid: string) {
  return makeRequest(base, \`/platform/v1/apps/\${code}/assign\`, 'POST', { business_uid: uid });
}

export function apps(base: string) {
  return makeRequest(base, '/platform/v1/apps', 'GET');
}
`;
    const result = migrate(input);
    expect(sites(result)).toEqual([[7, 'call', 'fix', []]]);
    expect(result.output).toBe(input.replace(
      "makeRequest(base, `/platform/v1/apps/${code}/assign`, 'POST', { business_uid: uid })",
      "makeRequest(base, `/v3/apps/app_assignments`, 'POST', { assignee_type: 'business', assignee_uid: uid, app_code_name: code })",
    ));
  });

  it('a Content-Type header set when there is a body (another test of the same body against undefined) still migrates', () => {
    const input = `async function makeRequest(path: string, method: string, body?: unknown) {
  return fetch(path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
export const assign = (code: string, uid: string) => makeRequest(\`/platform/v1/apps/\${code}/assign\`, 'POST', { business_uid: uid });
`;
    const result = migrate(input);
    expect(sites(result)).toEqual([[8, 'call', 'fix', []]]);
    expect(result.output).toBe(input.replace("{ business_uid: uid }", "{ assignee_type: 'business', assignee_uid: uid, app_code_name: code }").replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments'));
    // Tested against undefined only in the headers, but sent without the test: the same reading.
    const compared = migrate(input.replace("body !== undefined ? JSON.stringify(body) : undefined", 'JSON.stringify(body)'));
    expect(sites(compared)).toEqual([[8, 'call', 'fix', []]]);
  });

  const LOGS_PATH = `async function makeRequest<T>(base: string, path: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, { method, body: body == null ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(\`\${method} failed with \${res.status}\`);
  console.warn('sent', path);
  return res.json() as Promise<T>;
}
export const assign = (base: string, code: string, uid: string) => makeRequest(base, \`/platform/v1/apps/\${code}/assign\`, 'POST', { business_uid: uid });
`;

  it('body == null ? undefined : JSON.stringify(body), and a path the helper also names in a log line: the call migrates', () => {
    const result = migrate(LOGS_PATH);
    expect(sites(result)).toEqual([[7, 'call', 'fix', []]]);
    expect(result.output).toBe(LOGS_PATH.replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
      .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: code }"));
  });

  it.each([
    ['words of the message of the language\'s Error', 'throw new Error(`${method} ${path} -> ${res.status}`)'],
    ['the message of the language\'s Error, made a string', 'throw new Error(String(path))'],
    ['words of the message of an error class of the program', 'throw new ApiError(`${res.status} from ${path}`)'],
  ])('a path the helper names in an error it throws (%s): the catcher may read it, so the call is held naming that line', (_name, line) => {
    const input = `class ApiError extends Error {}\n${LOGS_PATH.replace('throw new Error(`${method} failed with ${res.status}`)', line)}`;
    const result = migrate(input);
    expect(sites(result)).toEqual([[8, 'call', 'manual', ['url-used-by-helper']]]);
    expect(result.sites[0]!.reasons[0]!.key).toBe('makeRequest');
    expect(result.output).toContain('makeRequest(base, `/platform/v1/apps/${code}/assign`');
  });

  it.each([
    ['reads res.url into its error', '  if (!res.ok) throw new Error(`${res.status} from ${res.url}`);\n'],
    ["reads res['url']", "  if (!res.ok) console.log(res['url']);\n"],
    ['destructures the url of the response', '  const { url } = res;\n  if (!res.ok) throw new Error(`failed: ${url}`);\n'],
    ['throws the response', '  if (!res.ok) throw res;\n'],
    ['rejects with the response', '  if (!res.ok) return Promise.reject(res);\n'],
    ['hands the response to an error class', '  if (!res.ok) throw new HttpFailure(res);\n'],
  ])('a helper that %s: the URL reaches the program through it, so the call is held', (_name, line) => {
    const input = `declare class HttpFailure { constructor(res: Response); }
async function send(path: string, body: unknown) {
  const res = await fetch(path, { method: 'POST', body: JSON.stringify(body) });
${line}  return res.json();
}
export const assign = (code: string, uid: string) => send(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });
`;
    const result = migrate(input);
    expect(result.sites.map((site) => [site.outcome, site.reasons.map((r) => r.code)])).toEqual([['manual', ['url-used-by-helper']]]);
    expect(result.output).toContain('send(`/platform/v1/apps/${code}/assign`');
  });

  it('a helper that reads only the status of the response, and returns it: the call still migrates', () => {
    const input = `async function send(path: string, body: unknown) {
  const res = await fetch(path, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(\`request failed with \${res.status}\`);
  return res;
}
export const assign = (code: string, uid: string) => send(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });
`;
    const result = migrate(input);
    expect(sites(result)).toEqual([[6, 'call', 'fix', []]]);
  });

  it.each([
    ['compared in code', '  if (path.startsWith(\'/platform\')) console.log(1);\n'],
    ['kept in a cache key', '  cache.set(path, true);\n'],
    ['passed to a function of the program', '  track(`${path}`);\n'],
    ['kept by an error class of the program', '  if (!body) throw new ApiError(path);\n'],
  ])('a path the helper also uses otherwise (%s) is not edited for one call', (_name, line) => {
    const input = `declare const cache: Map<string, boolean>;\ndeclare function track(s: string): void;\nclass ApiError extends Error { constructor(readonly path: string) { super(path); } }\nasync function makeRequest(path: string, body: unknown) {\n${line}  return fetch(path, { method: 'POST', body: JSON.stringify(body) });\n}\nexport const assign = (code: string, uid: string) => makeRequest(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });\n`;
    const result = migrate(input);
    expect(result.sites.some((site) => site.migrated), result.output).toBe(false);
  });

  it('a body the helper also uses elsewhere than in the test is not its caller\'s alone', () => {
    const input = `async function makeRequest(path: string, method: string, body?: Record<string, unknown>) {
  if (body) body.sent_at = Date.now();
  return fetch(path, { method, body: body ? JSON.stringify(body) : undefined });
}
export const assign = (code: string) => makeRequest(\`/platform/v1/apps/\${code}/assign\`, 'POST', { business_uid: 'b' });
`;
    const result = migrate(input);
    expect(result.sites.some((site) => site.migrated)).toBe(false);
  });
});

describe('a function of the file called where its request is no deprecated call read here', () => {
  const input = (second: string) => `import { compile } from 'path-to-regexp';
const toPath = compile<{ code: string }>('/platform/v1/apps/:code/assign');
async function assignDir(code: string, dir: string) {
  return fetch(\`https://api.example.com\${toPath({ code })}\`, { method: 'POST', body: JSON.stringify({ directory_uid: dir }) });
}
const APPS = { crm: 'crm', none: '' } as const;
export async function run() {
  await assignDir('crm', 'dir_1');
${second}}
`;

  it('a call whose app code the route cannot take holds the function back, and the TODO names where that call is, not callers that cannot be seen', () => {
    const result = migrate(input("  await assignDir(APPS.none, 'dir_1');\n"));
    expect(result.sites.map((site) => [site.line, site.outcome, site.reasons.map((r) => `${r.code}:${r.key}`)])).toEqual([
      [4, 'manual', ['wrapper-held-back:in run']],
      [8, 'manual', ['wrapper-held-back:in run']],
    ]);
    expect(result.output).not.toContain('exported beyond what was analysed');
  });

  it('called only with codes it takes, the function and its call migrate', () => {
    const result = migrate(input(''));
    expect(result.sites.every((site) => site.migrated)).toBe(true);
  });
});

describe('a helper that reads the method of the options it is given', () => {
  const helper = (line: string) => `async function send(url: string, init: RequestInit) {
${line}  return fetch(url, { ...init, headers: { 'Content-Type': 'application/json' } });
}
export const assign = (code: string, uid: string) => send(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
`;

  it('only reads it (a log, a key): it sees the method the rewrite keeps and no body, so the call migrates', () => {
    const input = helper("  if (init.method === 'POST') console.log(`sending ${init.method}`);\n");
    const result = migrate(input);
    expect(sites(result)).toEqual([[5, 'call', 'fix', []]]);
  });

  it('writes it: the options are changed, and the call is held', () => {
    const result = migrate(helper("  init.method = 'PUT';\n"));
    expect(result.sites.map((site) => site.migrated)).toEqual([false]);
  });
});

describe('a sending helper made by calling another function', () => {
  const made = (helper: string) => `declare function once<F extends (...a: never[]) => unknown>(f: F): F;
declare function retrying<F extends (...a: never[]) => unknown>(f: F, times: number): F;
${helper}
export const assign = (code: string, uid: string) => send(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
`;

  it.each([
    ['once, which skips a URL it has seen', 'const send = once(async (url: string, init: RequestInit) => fetch(url, init));', 'send = once(…) (line 3)'],
    ['a retry, which may spare /assign', 'const send = retrying((url: string, init: RequestInit) => fetch(url, init), 3);', 'send = retrying(…) (line 3)'],
    ["lodash's memoize, keyed by the URL", "import memoize from 'lodash/memoize';\nconst send = memoize((url: string, init: RequestInit) => fetch(url, init));", 'send = memoize(…) (line 4)'],
    ['a bound function of the program', 'declare function post(url: string, init: RequestInit): Promise<Response>;\nconst send = post.bind(null);', 'send = post.bind(…) (line 4)'],
  ])('%s: not read by the shape of its call, held naming the factory', (_name, helper, key) => {
    const input = made(helper);
    const result = migrate(input);
    expect(result.sites.map((site) => [site.outcome, site.reasons.map((r) => `${r.code}:${r.key}`)])).toEqual([['manual', [`helper-made-by-call:${key}`]]]);
    expect(result.output).toContain("send(`/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) })");
  });

  it('fetch itself, bound (fetch.bind(globalThis)), is read as fetch is: the call migrates', () => {
    const result = migrate(made('const send = fetch.bind(globalThis);'));
    expect(sites(result)).toEqual([[4, 'call', 'fix', []]]);
  });

  it('the same helper written as a function of its own is followed, and the call migrates', () => {
    const input = made('const send = async (url: string, init: RequestInit) => fetch(url, init);');
    const result = migrate(input);
    expect(sites(result)).toEqual([[4, 'call', 'fix', []]]);
    expect(result.output).toContain("send(`/v3/apps/app_assignments`, { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: code }) })");
  });
});

describe('a URL builder shared with other requests: the call of it is replaced by the v3 path, the builder stays', () => {
  const COMPILED = `import { compile } from 'path-to-regexp';
const assignPath = compile<{ code: string }>('/platform/v1/apps/:code/assign');
const BASE = 'https://api.example.com';
export async function assign(code: string, dir: string) {
  return fetch(new URL(assignPath({ code }), BASE), { method: 'POST', body: JSON.stringify({ directory_uid: dir, pre_installed: 'true' }) });
}
export async function unassign(code: string) {
  return fetch(new URL(assignPath({ code }), BASE), { method: 'DELETE' });
}
`;

  it("path-to-regexp's compiled path, also used for DELETE, given a code it accepts", () => {
    const input = COMPILED.replace("fetch(new URL(assignPath({ code }), BASE), { method: 'POST'", "fetch(new URL(assignPath({ code: 'crm' }), BASE), { method: 'POST'");
    const result = migrate(input);
    expect(sites(result)).toEqual([[5, 'call', 'fix', []]]);
    expect(result.output).toBe(input.replace("fetch(new URL(assignPath({ code: 'crm' }), BASE), { method: 'POST'", "fetch(new URL('/v3/apps/app_assignments', BASE), { method: 'POST'")
      .replace("{ directory_uid: dir, pre_installed: 'true' }", "{ assignee_type: 'directory', assignee_uid: dir, app_code_name: 'crm', settings: { assignment_mode: 'pre_installed' } }"));
  });

  it("path-to-regexp's compiled path given a code not known to pass its check (compile throws on '', nothing is sent): held, naming the check", () => {
    const result = migrate(COMPILED);
    expect(sites(result)).toEqual([[5, 'call', 'manual', ['url-builder-checks']]]);
    expect(result.output).toContain("fetch(new URL(assignPath({ code }), BASE), { method: 'POST', body: JSON.stringify({ directory_uid: dir, pre_installed: 'true' }) })");
    expect(result.output).toContain("// TODO(app-assignment): the path is built by path-to-regexp's compile, which throws on an app code that is empty");
  });

  it('a builder function of the program, with double quotes where the file writes them', () => {
    const input = `const assignUrl = (code: string) => \`/platform/v1/apps/\${code}/assign\`;
export const assign = (code: string, uid: string) => fetch("https://api.example.com" + assignUrl(code), { method: "POST", body: JSON.stringify({ business_uid: uid }) });
export const remove = (code: string) => fetch("https://api.example.com" + assignUrl(code), { method: "DELETE" });
`;
    const result = migrate(input);
    expect(sites(result)).toEqual([[2, 'call', 'fix', []]]);
    expect(result.output.split('\n')[1]).toBe('export const assign = (code: string, uid: string) => fetch("https://api.example.com" + "/v3/apps/app_assignments", { method: "POST", body: JSON.stringify({ assignee_type: "business", assignee_uid: uid, app_code_name: code }) });');
    expect(result.output.split('\n')[2]).toBe(input.split('\n')[2]);
  });

  it.each([
    ['a member another module may replace', 'const routes = { assign: (code: string) => `/platform/v1/apps/${code}/assign` };\nexport function useTenant(t: string) {\n  routes.assign = (code: string) => `/tenants/${t}/platform/v1/apps/${code}/assign`;\n}\n', 'routes.assign(code)'],
    ['a function declaration assigned again', 'let assignUrl = (code: string) => `/platform/v1/apps/${code}/assign`;\nexport function useTenant(t: string) {\n  assignUrl = (code: string) => `/tenants/${t}/platform/v1/apps/${code}/assign`;\n}\n', 'assignUrl(code)'],
  ])('a builder called through %s: the call is not replaced', (_name, builder, call) => {
    const input = `${builder}export const assign = (code: string, uid: string) => fetch(${call}, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });\nexport const remove = (code: string) => fetch(${call}, { method: 'DELETE' });\n`;
    const result = migrate(input);
    expect(result.sites.filter((site) => site.migrated)).toEqual([]);
    expect(result.output).toContain(`fetch(${call}, { method: 'POST', body: JSON.stringify({ business_uid: uid }) })`);
  });

  it.each([
    ['an argument with a side effect', 'assignPath({ code: next() })'],
    ['a builder that adds a query', 'assignPath({ code }) + "?dry=1"'],
  ])('%s: the call is held', (_name, call) => {
    const input = COMPILED.replace('declare', '').replace("new URL(assignPath({ code }), BASE), { method: 'POST'", `new URL(${call}, BASE), { method: 'POST'`)
      .replace("const BASE = 'https://api.example.com';", "const BASE = 'https://api.example.com';\ndeclare function next(): string;");
    const result = migrate(input);
    expect(result.sites.map((site) => site.migrated)).toEqual([false]);
  });
});
