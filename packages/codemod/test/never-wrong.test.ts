/**
 * Inputs where a rewrite would mean something else. Each must be left as it was: with a TODO where it is the
 * deprecated call, untouched where it is not. Found by reading the code as an adversary would.
 */
import { validateOptions } from '@app-assignment/core';
import { parseSource } from '@app-assignment/core/parse';
import { migrateText } from '@app-assignment/codemod';
import { describe, expect, it } from 'vitest';

const withoutTodos = (text: string) => text.replace(/^[ \t]*\/\/ TODO\(app-assignment\):.*\r?\n/gm, '');

function expectLeftWithTodo(input: string, filename = 'a.ts', options = {}) {
  const result = migrateText(input, filename, validateOptions(options));
  expect(result.sites.map((s) => s.migrated), result.output).toEqual([false]);
  expect(result.sites[0]!.reason, result.output).toBeDefined();
  expect(withoutTodos(result.output)).toBe(input);
  expect(() => parseSource(result.output, filename)).not.toThrow();
}

function expectNotReported(input: string, filename = 'a.ts') {
  const result = migrateText(input, filename);
  expect(result.sites).toEqual([]);
  expect(result.output).toBe(input);
}

describe('the app code is never read at another time or under another name', () => {
  it('a let assigned after the body const was built', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(b: string) {
  let code;
  const body = { business_uid: b };
  code = await getCode();
  return axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
`);
  });

  it('a parameter reassigned before the call', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(code: string, b: string) {
  const body = { business_uid: b };
  code = code.trim();
  return axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
`);
  });

  it('a URL const whose app code name means something else at the call', () => {
    expectLeftWithTodo(`import axios from 'axios';
const appCode = getCode();
const url = \`/platform/v1/apps/\${appCode}/assign\`;
export function f(appCode: number) {
  return axios.post(url, { business_uid: 'b' });
}
`);
  });

  it('a member chain moved into a body const declared earlier', () => {
    expectLeftWithTodo(`import axios from 'axios';
const body = { business_uid: 'b' };
export function f(config: { appCode: string }) {
  return axios.post(\`/platform/v1/apps/\${config.appCode}/assign\`, body);
}
`);
  });

  it('an app code computed by an operator', () => {
    expectLeftWithTodo(`await fetch(\`/platform/v1/apps/\${+code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });\n`);
  });
});

describe('shared and exported code is never edited for one call', () => {
  it('an exported URL const', () => {
    expectLeftWithTodo(`import axios from 'axios';
export const ASSIGN_URL = '/platform/v1/apps/my-app/assign';
export const go = () => axios.post(ASSIGN_URL, { business_uid: 'b' });
`);
  });

  it('an exported body const', () => {
    expectLeftWithTodo(`import axios from 'axios';
export const BODY = { business_uid: 'b' };
export const go = () => axios.post('/platform/v1/apps/my-app/assign', BODY);
`);
  });
});

describe('only POST with a JSON body is rewritten', () => {
  it.each([
    ["api['delete']('/platform/v1/apps/a/assign', { data: { business_uid: 'b' } });", true],
    ["import axios from 'axios';\naxios['put']('/platform/v1/apps/a/assign', { business_uid: 'b' });", false],
    ["import ky from 'ky';\nky['get']('/platform/v1/apps/a/assign');", false],
    ["api.putForm('/platform/v1/apps/a/assign', { business_uid: 'b' });", false],
  ])('%s is not reported', (input, _reported) => {
    expectNotReported(`${input}\n`);
  });

  it('a method chosen at run time', () => {
    expectLeftWithTodo("import axios from 'axios';\nexport const go = (m: string) => axios[m]('/platform/v1/apps/a/assign', { business_uid: 'b' });\n");
  });

  it.each([
    ["import axios from 'axios';\naxios.postForm('/platform/v1/apps/a/assign', { business_uid: 'b' });"],
    ["import axios from 'axios';\naxios.post('/platform/v1/apps/a/assign', { business_uid: 'b' }, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });"],
    ["import axios from 'axios';\naxios.post('/platform/v1/apps/a/assign', { business_uid: 'b' }, { transformRequest: [(d) => qs.stringify(d)] });"],
    ["import superagent from 'superagent';\nsuperagent.post('/platform/v1/apps/a/assign').set('Content-Type', 'application/x-www-form-urlencoded').send({ business_uid: 'b' });"],
    ["import superagent from 'superagent';\nsuperagent.post('/platform/v1/apps/a/assign').set({ 'content-type': 'multipart/form-data' }).send({ business_uid: 'b' });"],
  ])('a body that is not sent as JSON: %s', (input) => {
    expectLeftWithTodo(`${input}\n`);
  });

  it.each([
    "fetch('/platform/v1/apps/a/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }), ...init });",
    "import axios from 'axios';\naxios({ method: 'post', url: '/platform/v1/apps/a/assign', data: { business_uid: 'b' }, ...overrides });",
    "fetch('/platform/v1/apps/a/assign', { method: 'POST', method: 'GET', body: JSON.stringify({ business_uid: 'b' }) });",
    "api.request('/platform/v1/apps/a/assign', { method: 'POST', method: 'GET', data: { business_uid: 'b' } });",
  ])('options a spread or a repeated key may override: %s', (input) => {
    const result = migrateText(`${input}\n`, 'a.js');
    expect(result.sites.every((s) => !s.migrated && s.reason !== undefined)).toBe(true);
    expect(withoutTodos(result.output)).toBe(`${input}\n`);
  });

  it.each([
    "import axios from 'axios';\naxios.post('/platform/v1/apps/a/assign', { directory_uid: 'd' }, { params: { is_internal: 'true' } });",
    "import ky from 'ky';\nky.post('platform/v1/apps/a/assign', { json: { directory_uid: 'd' }, searchParams: { is_internal: 'true' } });",
    "import superagent from 'superagent';\nsuperagent.post('/platform/v1/apps/a/assign').query({ is_internal: 'true' }).send({ directory_uid: 'd' });",
  ])('deprecated keys may travel as query parameters: %s', (input) => {
    expectLeftWithTodo(`${input}\n`);
  });
});

describe('only the deprecated route is matched', () => {
  it.each([
    "fetch('/platform/v1/apps/my-app?next=/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });",
    "fetch('/platform/v1/apps/my-app#/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });",
    "fetch('/platform/v1/apps/../assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });",
  ])('%s', (input) => expectNotReported(`${input}\n`, 'a.js'));

  it('numbers added in the path are not joined as text', () => {
    expectLeftWithTodo("fetch('/platform/v1/apps/app' + (1 + 2) + '/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });\n", 'a.js');
  });
});

describe('a URL edit never crosses token boundaries it cannot keep valid', () => {
  it.each([
    `fetch("/platform/v1/apps/" + code + '/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });`,
    'fetch("/platform/v1/apps/" + `${code}/assign`, { method: \'POST\', body: JSON.stringify({ business_uid: \'b\' }) });',
    `fetch(('/platform/v1/apps/' + code) + '/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });`,
    `fetch('/platform/v1/apps/' + (code + '/assign'), { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });`,
    'fetch(`${base + "/platform/v1"}/apps/${code}/assign`, { method: \'POST\', body: JSON.stringify({ business_uid: \'b\' }) });',
  ])('%s', (input) => expectLeftWithTodo(`${input}\n`, 'a.js'));
});

describe('tests and mocks describe requests; they do not make them', () => {
  it('a nock interceptor is a mock: never a call, and read alone it is left with a TODO', () => {
    const input = "import nock from 'nock';\nnock('https://h').post('/platform/v1/apps/my-app/assign', { business_uid: 'b' }).reply(200);\n";
    const result = migrateText(input, 'a.ts');
    expect(result.sites.map((site) => [site.kind, site.migrated, site.reasons.map((r) => r.code)])).toEqual([['mock', false, ['mock-no-calls']]]);
    const [imports, mock] = input.split('\n');
    expect(result.output).toBe(`${imports}\n// TODO(app-assignment): ${result.sites[0]!.reason}\n${mock}\n`);
  });

  it.each([
    "expect(fetchMock).toHaveBeenCalledWith('https://h/platform/v1/apps/my-app/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });",
    "mock.onPost('/platform/v1/apps/my-app/assign', { business_uid: 'b' }).reply(200);",
    "router.push('/platform/v1/apps/my-app/assign');",
    "cache.set('/platform/v1/apps/my-app/assign', { business_uid: 'b' });",
    "getLogger().info('/platform/v1/apps/my-app/assign');",
  ])('%s', (input) => expectNotReported(`${input}\n`, 'a.js'));
});

describe('the TODO lands on a line of its own, outside strings and comments', () => {
  it('after a multi-line template that ends on the statement line', () => {
    const input = "import axios from 'axios';\nconst msg = `a\nb`; await axios.post('/platform/v1/apps/a/assign', { business_uid: 'b', directory_uid: 'd' });\n";
    const result = migrateText(input, 'a.ts');
    expect(result.output).toContain('const msg = `a\nb`;\n// TODO(app-assignment):');
    expect(migrateText(result.output, 'a.ts').output).toBe(result.output);
  });
});

describe('values a rewrite cannot carry', () => {
  it('null is sent as null: not read as an absent assignee', () => {
    expectLeftWithTodo("import axios from 'axios';\naxios.post('/platform/v1/apps/a/assign', { business_uid: 'b', directory_uid: null });\n");
  });

  it('a parameter named undefined is a value', () => {
    expectLeftWithTodo("import axios from 'axios';\nexport const go = (undefined: string) => axios.post('/platform/v1/apps/a/assign', { business_uid: 'b', directory_uid: undefined });\n");
  });
});

describe('what an instance was made with counts at every call through it', () => {
  it('the innermost instance sets the method: GET after POST is not the operation', () => {
    expectNotReported(`import got from 'got';
const posting = got.extend({ method: 'POST' });
const reading = posting.extend({ method: 'GET' });
export const f = (code: string) => reading(\`https://api.example.com/platform/v1/apps/\${code}/assign\`);
`);
  });

  it('an instance made from a spread may set the method', () => {
    expectLeftWithTodo(`import axios from 'axios';
import { defaults } from './defaults';
const api = axios.create({ ...defaults, baseURL: 'https://api.example.com' });
export const f = (code: string, b: string) => api({ url: \`/platform/v1/apps/\${code}/assign\`, data: { business_uid: b } });
`);
  });

  it('default query parameters on the instance', () => {
    expectLeftWithTodo(`import ky from 'ky';
const api = ky.create({ prefixUrl: 'https://api.example.com', searchParams: { business_uid: 'b-default' } });
export const f = (code: string, b: string) => api.post(\`platform/v1/apps/\${code}/assign\`, { json: { directory_uid: b } });
`);
  });

  it('a request transform on the parent instance', () => {
    expectLeftWithTodo(`import axios from 'axios';
const api = axios.create({ transformRequest: [(data) => new URLSearchParams(data).toString()] });
export const f = (code: string, b: string) => api.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: b });
`);
  });
});

describe('second adversarial review', () => {
  it('a host named platform is not the /platform path', () => {
    for (const origin of ['http://platform', 'https://platform', '//platform']) {
      expectNotReported(`await fetch(\`${origin}/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: d }) });\n`);
    }
  });

  it('a literal app code inside a URL const is the app code, not the const', () => {
    const input = "const url = `/platform/v1/apps/${'my-app'}/assign`;\nawait fetch(url, { method: 'POST', body: JSON.stringify({ business_uid: b }) });\n";
    expect(migrateText(input, 'a.ts').output).toContain("app_code_name: 'my-app'");
    const nested = "const APP = 'my-app';\nconst url = `/platform/v1/apps/${APP}/assign`;\nawait fetch(url, { method: 'POST', body: JSON.stringify({ business_uid: b }) });\n";
    expect(migrateText(nested, 'a.ts').output).not.toContain('app_code_name: url');
  });

  it('a function whose name says another verb does not send POST', () => {
    for (const callee of ['put', 'httpPut', 'del', 'http.putJson', 'deleteAssignment']) {
      expectNotReported(`await ${callee}(\`/platform/v1/apps/\${code}/assign\`, { business_uid: b });\n`);
    }
  });

  it('the request library sends GET unless told otherwise', () => {
    expectNotReported("const request = require('request');\nrequest(`/platform/v1/apps/${code}/assign`, { json: { business_uid: b } });\n", 'a.js');
    expectLeftWithTodo("const request = require('request');\nrequest(`/platform/v1/apps/${code}/assign`, { method: 'POST', form: { business_uid: b } });\n", 'a.js');
  });

  it('jQuery sends objects form-encoded, and $.ajax sends GET by default', () => {
    expectLeftWithTodo("import $ from 'jquery';\n$.post(`/platform/v1/apps/${code}/assign`, { directory_uid: d, is_internal: 'true' });\n", 'a.js');
    expectLeftWithTodo("$.ajax(`/platform/v1/apps/${code}/assign`, { type: 'POST', data: { business_uid: b } });\n", 'a.js');
    expectNotReported("$.ajax(`/platform/v1/apps/${code}/assign`, { data: { business_uid: b } });\n", 'a.js');
  });

  it('axios defaults or interceptors set in the file', () => {
    for (const setup of [
      "axios.defaults.headers.post['Content-Type'] = 'application/x-www-form-urlencoded';",
      'axios.defaults.transformRequest = [(data) => qs.stringify(data)];',
      'axios.interceptors.request.use((config) => config);',
    ]) {
      expectLeftWithTodo(`import axios from 'axios';\n${setup}\nawait axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: b });\n`);
    }
  });

  it('a content type spelled through a const, a template, per method, or not known here', () => {
    for (const headers of [
      "{ 'Content-Type': FORM }",
      '{ "Content-Type": `application/x-www-form-urlencoded` }',
      "{ post: { 'Content-Type': FORM } }",
      "{ 'Content-Type': pickType() }",
    ]) {
      expectLeftWithTodo(`import axios from 'axios';\nconst FORM = 'application/x-www-form-urlencoded';\nawait axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: b }, { headers: ${headers} });\n`);
    }
  });

  it('superagent with a serializer, or a type not known here', () => {
    expectLeftWithTodo("import request from 'superagent';\nawait request.post(`/platform/v1/apps/${code}/assign`).serialize(qs.stringify).send({ directory_uid: d });\n");
    expectLeftWithTodo("import request from 'superagent';\nconst FORM = 'form';\nawait request.post(`/platform/v1/apps/${code}/assign`).type(FORM).send({ directory_uid: d });\n");
    expectLeftWithTodo("import request from 'superagent';\nawait request.post(`/platform/v1/apps/${code}/assign`).type(kind).send({ directory_uid: d });\n");
  });

  it('query options under qs', () => {
    expectLeftWithTodo("await api.post(`/platform/v1/apps/${code}/assign`, { directory_uid: d }, { qs: { is_internal: 'true' } });\n");
  });

  it('a body typed by the call: axios type arguments, a local function parameter', () => {
    expectLeftWithTodo("import axios, { type AxiosResponse } from 'axios';\ninterface LegacyAssignBody { business_uid?: string }\nawait axios.post<void, AxiosResponse<void>, LegacyAssignBody>(`/platform/v1/apps/${code}/assign`, { business_uid: b });\n");
    expectLeftWithTodo(`interface LegacyAssignBody { business_uid?: string; directory_uid?: string }
type Body = LegacyAssignBody;
async function post(url: string, data: Body): Promise<Response> {
  return fetch(url, { method: 'POST', body: JSON.stringify(data) });
}
export const run = () => post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: b });
`);
  });

  it('a response type argument does not stop the rewrite', () => {
    const input = "import axios from 'axios';\nawait axios.post<{ id: string }>(`/platform/v1/apps/${code}/assign`, { business_uid: b });\n";
    expect(migrateText(input, 'a.ts').output).toContain('/v3/apps/app_assignments');
  });

  it('a route split over several strings is still found', () => {
    expectLeftWithTodo("await fetch('/platform/v1/apps/' + code + '/' + 'assign', { method: 'POST', body: JSON.stringify({ directory_uid: d }) });\n");
  });
});

describe('calls that take a response callback are still found', () => {
  it('jQuery and the request library', () => {
    expectLeftWithTodo("$.post(`/platform/v1/apps/${code}/assign`, { directory_uid: d }, function () { done(); });\n", 'a.js');
    expectLeftWithTodo("const request = require('request');\nrequest.post(`/platform/v1/apps/${code}/assign`, { form: { business_uid: b } }, (err) => done(err));\n", 'a.js');
  });

  it('a server route with a handler is still not a call', () => {
    expectNotReported("import express from 'express';\nconst app = express();\napp.post('/platform/v1/apps/:id/assign', (req, res) => res.end());\n", 'a.js');
  });
});

describe('an instance held in a let that keeps its first value', () => {
  it('is the instance, with its options', () => {
    expectLeftWithTodo("import axios from 'axios';\nlet api = axios.create({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });\nawait api.post(`/platform/v1/apps/${code}/assign`, { business_uid: b });\n");
  });
});

describe('bodies chosen at run time are rewritten only when every outcome is known', () => {
  it('a condition that calls a function is not tested again in the v3 body', () => {
    expectLeftWithTodo(`import axios from 'axios';
export const f = (code: string, d: string) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d, is_internal: nextIsInternal() ? 'true' : 'false' });
`);
  });

  it('a condition that assigns is not tested again', () => {
    expectLeftWithTodo(`import axios from 'axios';
let seen = false;
export const f = (code: string, d: string) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d, is_internal: (seen = !seen) ? 'true' : 'false' });
`);
  });

  it('two modes that can both be on stay a choice, also when one of them is static', () => {
    expectLeftWithTodo(`import axios from 'axios';
export const f = (code: string, d: string, x: boolean) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d, is_internal: 'true', pre_installed: x ? 'true' : 'false' });
`);
  });

  it('a branch value that is not static keeps the flag dynamic', () => {
    expectLeftWithTodo(`import axios from 'axios';
export const f = (code: string, d: string, x: boolean, v: string) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d, is_internal: x ? 'true' : v });
`);
  });

  it('a let flag that may hold the boolean true is not compared with "true"', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(code: string, d: string, x: boolean) {
  let internal: string | boolean = 'false';
  if (x) internal = true;
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d, is_internal: internal });
}
`);
  });

  it('a let flag read in a callback that may run after it changes', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(code: string, d: string, x: boolean) {
  let internal = 'false';
  if (x) internal = 'true';
  const send = () => axios.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d, is_internal: internal });
  return send;
}
`);
  });

  it('a body changed in an if, sent by a function declared later and called before the change', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(code, d, x) {
  const body = { directory_uid: d };
  await send();
  if (x) body.is_internal = 'true';
  async function send() {
    await axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
  }
}
`, 'a.js');
  });

  it('a body changed under a test read from an object that the code between may change', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(code, d, opts) {
  const body = { directory_uid: d };
  await refresh(opts);
  if (opts.internal) body.is_internal = 'true';
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
`, 'a.js');
  });

  it('a body given its assignee from a call: the call would run earlier', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(code) {
  const body = {};
  body.business_uid = await lookUpBusiness();
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
`, 'a.js');
  });

  it('a body changed twice, in an if and then unconditionally', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(code, d, x) {
  const body = { directory_uid: d };
  if (x) body.is_internal = 'true';
  body.is_internal = 'false';
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
`, 'a.js');
  });

  it('an if that does more than change the body', () => {
    expectLeftWithTodo(`import axios from 'axios';
export async function f(code, d, x) {
  const body = { directory_uid: d };
  if (x) {
    body.is_internal = 'true';
    audit(code);
  }
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
`, 'a.js');
  });

  it('a spread const read before it is declared', () => {
    expectLeftWithTodo(`import axios from 'axios';
export const f = (code: string, directory_uid: string) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { ...DEFAULTS, directory_uid });
const DEFAULTS = { is_internal: 'true' };
`);
  });

  it('a spread const passed to other code as a value', () => {
    expectLeftWithTodo(`import axios from 'axios';
const DEFAULTS = { is_internal: 'true' };
configure(DEFAULTS);
export const f = (code: string, directory_uid: string) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { ...DEFAULTS, directory_uid });
`);
  });

  it('an explicit value with side effects overridden by a later spread', () => {
    expectLeftWithTodo(`import axios from 'axios';
const DEFAULTS = { is_internal: 'true' };
export const f = (code: string, directory_uid: string) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { is_internal: track(), ...DEFAULTS, directory_uid });
`);
  });

  it('options from a helper that spreads other options', () => {
    expectLeftWithTodo(`import axios from 'axios';
const auth = (extra: object) => ({ ...extra, headers: { Authorization: 'Bearer t' } });
export const f = (code: string, b: string, extra: object) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: b }, auth(extra));
`);
  });

  it('options from a helper that sends the keys as query parameters', () => {
    expectLeftWithTodo(`import axios from 'axios';
const withQuery = (b: string) => ({ params: { business_uid: b } });
export const f = (code: string, b: string) =>
  axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: b }, withQuery(b));
`);
  });

  it('a fetch body that a helper makes with the rest of the options is not rewritten in the helper', () => {
    expectLeftWithTodo(`const options = (b: string) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ business_uid: b }) });
export const f = (code: string, b: string) => fetch(\`/platform/v1/apps/\${code}/assign\`, options(b));
`);
  });
});

describe('built_in is named wherever it may be "true"', () => {
  const reasonsOf = (input: string, filename = 'a.ts') => migrateText(input, filename).sites.map((site) => site.reasons.map((r) => r.code));

  it('a wrapper called with built_in "true" in what it spreads', () => {
    const input = `import axios from 'axios';
async function assignWith(code: string, extra: Record<string, string>) {
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, { ...extra, directory_uid: 'dir_harbor' });
}
export const lock = (code: string) => assignWith(code, { built_in: 'true' });
`;
    expect(reasonsOf(input).flat()).toContain('built-in-may-be-true');
    expectLeftWithTodoForAll(input);
  });

  it('a body mutated with built_in "true" in a callback', () => {
    expect(reasonsOf(`import axios from 'axios';
export async function f(code, d, onLock) {
  const body = { directory_uid: d };
  onLock(() => { body.built_in = 'true'; });
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, body);
}
`, 'a.js')).toEqual([['body-mutated', 'built-in-may-be-true']]);
  });

  it('a form body that sets built_in "true"', () => {
    expect(reasonsOf(`export const f = (code: string, d: string) => fetch(\`/platform/v1/apps/\${code}/assign\`, {
  method: 'POST',
  body: new URLSearchParams({ directory_uid: d, built_in: 'true' }),
});
`)).toEqual([['body-form-encoded', 'built-in-may-be-true']]);
  });

  it('built_in "false" is not named', () => {
    expect(reasonsOf(`export const f = (code: string, d: string) => fetch(\`/platform/v1/apps/\${code}/assign\`, {
  method: 'POST',
  body: new URLSearchParams({ directory_uid: d, built_in: 'false' }),
});
`)).toEqual([['body-form-encoded']]);
  });
});

function expectLeftWithTodoForAll(input: string, filename = 'a.ts') {
  const result = migrateText(input, filename);
  expect(result.sites.every((s) => !s.migrated), result.output).toBe(true);
  expect(withoutTodos(result.output)).toBe(input);
}

describe('an app code read from a map or an enum is moved only when it cannot change', () => {
  it('a numeric enum member would send a number as app_code_name', () => {
    expectLeftWithTodo(`import axios from 'axios';
enum AppId { Crm = 4821 }
export const go = (b: string) => axios.post(\`/platform/v1/apps/\${AppId.Crm}/assign\`, { business_uid: b });
`);
  });

  it('an enum member without an initializer is a number too', () => {
    expectLeftWithTodo(`import axios from 'axios';
enum AppCode { Crm }
export const go = (b: string) => axios.post(\`/platform/v1/apps/\${AppCode.Crm}/assign\`, { business_uid: b });
`);
  });

  it('a map written elsewhere, through a member', () => {
    expectLeftWithTodo(`import axios from 'axios';
const APPS = { crm: 'crm-sync' };
export const go = (b: string) => axios.post(\`/platform/v1/apps/\${APPS.crm}/assign\`, { business_uid: b });
export function stage() { APPS['crm'] += '-staging'; }
`);
  });

  it('an as const map handed to Object.assign', () => {
    expectLeftWithTodo(`import axios from 'axios';
const APPS = { crm: 'crm-sync' } as const;
Object.assign(APPS, JSON.parse(process.env.APPS ?? '{}'));
export const go = (b: string) => axios.post(\`/platform/v1/apps/\${APPS.crm}/assign\`, { business_uid: b });
`);
  });

  it('a member the map does not have would send undefined', () => {
    expectLeftWithTodo(`import axios from 'axios';
const APPS = { crm: 'crm-sync' } as const;
export const go = (b: string) => axios.post(\`/platform/v1/apps/\${(APPS as Record<string, string>).mail}/assign\`, { business_uid: b });
`);
  });

  it('a getter computes the code each time it is read', () => {
    expectLeftWithTodo(`import axios from 'axios';
const APPS = { get crm() { return pick(); } };
export const go = (b: string) => axios.post(\`/platform/v1/apps/\${APPS.crm}/assign\`, { business_uid: b });
`);
  });

  it('a parameter that shadows the map, with the body built outside the function', () => {
    expectLeftWithTodo(`import axios from 'axios';
const APPS = { crm: 'crm-sync' } as const;
const body = { business_uid: 'b' };
export const go = (APPS: { crm: string }) => axios.post(\`/platform/v1/apps/\${APPS.crm}/assign\`, body);
export const known = APPS.crm;
`);
  });
});

describe('/platform/v1 in a base is never rewritten into another URL', () => {
  it('an axios instance that joins even absolute URLs to its base', () => {
    expectLeftWithTodo(`import axios from 'axios';
const api = axios.create({ baseURL: 'https://api.example.com/platform/v1', allowAbsoluteUrls: false });
export const go = (c: string, b: string) => api.post(\`/apps/\${c}/assign\`, { business_uid: b });
`);
  });

  it('an axios instance whose base is replaced after it is made', () => {
    expectLeftWithTodo(`import axios from 'axios';
const api = axios.create({ baseURL: 'https://api.example.com/platform/v1' });
api.defaults.baseURL = region();
export const go = (c: string, b: string) => api.post(\`/apps/\${c}/assign\`, { business_uid: b });
`);
  });

  it('an axios base that is not all static text', () => {
    expectLeftWithTodo(`import axios from 'axios';
const api = axios.create({ baseURL: \`https://\${region()}.example.com/platform/v1\` });
export const go = (c: string, b: string) => api.post(\`/apps/\${c}/assign\`, { business_uid: b });
`);
  });

  it('a base that differs per environment', () => {
    expectLeftWithTodo(`const BASE = process.env.PLATFORM ?? 'https://api.example.com/platform/v1';
export const go = (c: string, b: string) => fetch(\`\${BASE}/apps/\${c}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: b }) });
`);
  });

  it('a base const that another call shares', () => {
    expectLeftWithTodo(`const BASE = 'https://api.example.com/platform/v1';
export const go = (c: string, b: string) => fetch(\`\${BASE}/apps/\${c}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: b }) });
export const list = () => fetch(\`\${BASE}/apps\`);
`);
  });

  it('got and ky join even an absolute URL to their prefixUrl', () => {
    expectLeftWithTodo(`import ky from 'ky';
const api = ky.create({ prefixUrl: 'https://api.example.com/platform/v1' });
export const go = (c: string, b: string) => api.post(\`apps/\${c}/assign\`, { json: { business_uid: b } });
`);
  });
});

describe('a typed body is rewritten only with its type', () => {
  it('a type that other code uses too', () => {
    expectLeftWithTodo(`import axios from 'axios';
type Legacy = { business_uid: string };
export const sample: Legacy = { business_uid: 'x' };
export function go(c: string, b: string) {
  const body: Legacy = { business_uid: b };
  return axios.post(\`/platform/v1/apps/\${c}/assign\`, body);
}
`);
  });

  it('an interface that extends another', () => {
    expectLeftWithTodo(`import axios from 'axios';
interface Base { business_uid: string }
interface Legacy extends Base { is_internal?: string }
export function go(c: string, b: string) {
  const body: Legacy = { business_uid: b };
  return axios.post(\`/platform/v1/apps/\${c}/assign\`, body);
}
`);
  });
});

describe('text that names the route is never a request', () => {
  it('util.format, a logger and an error constructor', () => {
    expectNotReported(`import { format } from 'node:util';
export function fail(code: string) {
  console.error(format('/platform/v1/apps/%s/assign', code));
  throw new TypeError(format('/platform/v1/apps/%s/assign', code));
}
`);
  });

  it('a request whose response is logged is still a request', () => {
    const result = migrateText("import axios from 'axios';\nconsole.info(await axios.post(`/platform/v1/apps/${code}/assign`, { business_uid: b }));\n", 'a.ts');
    expect(result.sites.map((site) => site.migrated)).toEqual([true]);
  });
});

describe('a typed body whose type other modules may use', () => {
  it('an exported interface is never rewritten for one body', () => {
    expectLeftWithTodo(`import axios from 'axios';
export interface Legacy { business_uid: string }
export function go(c: string, b: string) {
  const body: Legacy = { business_uid: b };
  return axios.post(\`/platform/v1/apps/\${c}/assign\`, body);
}
`);
  });
});

describe('a request is still a request where its result words a message', () => {
  it('an awaited call of an unknown client inside an error constructor is reported', () => {
    const result = migrateText("export async function f(code: string, b: string) {\n  throw new HttpError(await post(`/platform/v1/apps/${code}/assign`, { business_uid: b }));\n}\n", 'a.ts');
    expect(result.sites).toHaveLength(1);
  });
});
