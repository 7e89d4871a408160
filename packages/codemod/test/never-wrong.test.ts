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
