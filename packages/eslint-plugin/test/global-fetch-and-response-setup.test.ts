/**
 * The rule reads each file alone, as the codemod's `--no-project` does: a replacement of the global `fetch` in the
 * file (`globalThis.fetch = …`, `Object.defineProperty(globalThis, 'fetch', …)`, `g.fetch = …` through a const that
 * holds the global object, `install(globalThis)`), an axios response interceptor that reads the request's URL or path
 * (`err.config.url`, `err.request.path`), and a method of an object a factory of the file returned
 * (`client = createClient(); client.send(…)`) are reported with no fix, naming their line; the close shapes (a module
 * that only reads the global fetch, an interceptor that reads the status, a method of a plain object) are fixed.
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-deprecated-assign'];
const tester = new RuleTester();

const SETUP = (key: string) => `the client this call uses is set up by ${key}, which may change its URL, its method or how its body is sent; check that setup against POST /v3/apps/app_assignments, then migrate by hand`;

const FETCH = "export const assign = (code: string, biz: string) => fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify({ business_uid: biz }) });\n";
const FETCH_V3 = "export const assign = (code: string, biz: string) => fetch(`https://api.example.com/v3/apps/app_assignments`, { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: biz, app_code_name: code }) });\n";
const AXIOS = "export const assign3 = (code: string, biz: string) => axios.post(`https://api.example.com/platform/v1/apps/${code}/assign`, { business_uid: biz });\n";
const AXIOS_V3 = "export const assign3 = (code: string, biz: string) => axios.post(`https://api.example.com/v3/apps/app_assignments`, { assignee_type: 'business', assignee_uid: biz, app_code_name: code });\n";
const CLIENT = `function createClient() {
  const cache = new Map<string, Promise<Response>>();
  return {
    send(url: string, init: RequestInit): Promise<Response> {
      let p = cache.get(url);
      if (!p) { p = fetch(url, init); cache.set(url, p); }
      return p;
    },
  };
}
`;
const SEND = "export const assign = (code: string, biz: string) => client.send(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify({ business_uid: biz }) });\n";

tester.run('no-deprecated-assign: the global fetch replaced, response interceptors, helpers made by a factory', rule, {
  valid: [],
  invalid: [
    {
      name: 'the global fetch replaced in the file, with a URL rewrite: reported naming the line, no fix',
      code: `const orig = globalThis.fetch;\nglobalThis.fetch = (url, init) => orig(String(url).replace('/platform/v1/', '/eu/platform/v1/'), init);\n${FETCH}`,
      filename: 'a1.ts',
      errors: [{ messageId: 'deprecatedManual' as const, line: 3, data: { reasons: SETUP('globalThis.fetch = … (line 2)') } }],
    },
    {
      name: 'the global fetch defined with Object.defineProperty in the file: reported, no fix',
      code: `const orig = globalThis.fetch;\nObject.defineProperty(globalThis, 'fetch', { value: orig });\n${FETCH}`,
      filename: 'a2.ts',
      errors: [{ messageId: 'deprecatedManual' as const, line: 3, data: { reasons: SETUP("Object.defineProperty(globalThis, 'fetch', { value: orig }) (line 2)") } }],
    },
    {
      name: 'the global fetch replaced through a const that holds the global object: reported naming the line, no fix',
      code: `const g = globalThis as { fetch: typeof fetch };\nconst orig = g.fetch;\ng.fetch = (url, init) => orig(url, init);\n${FETCH}`,
      filename: 'a4.ts',
      errors: [{ messageId: 'deprecatedManual' as const, line: 4, data: { reasons: SETUP('g.fetch = (url, init) => orig(url, init) (line 3)') } }],
    },
    {
      name: 'the global object given to a function of the file that writes fetch on it: reported naming the call, no fix',
      code: `function install(target: { fetch: typeof fetch }) {\n  const orig = target.fetch;\n  target.fetch = (url, init) => orig(url, init);\n}\ninstall(globalThis);\n${FETCH}`,
      filename: 'a5.ts',
      errors: [{ messageId: 'deprecatedManual' as const, line: 6, data: { reasons: SETUP('install(globalThis) (line 5)') } }],
    },
    {
      name: 'a file that only reads the global fetch: the call is fixed by the suggestion',
      code: `export const orig = globalThis.fetch;\n${FETCH}`,
      filename: 'a3.ts',
      errors: [{ messageId: 'deprecated' as const, line: 2, suggestions: [{ messageId: 'migrate' as const, output: `export const orig = globalThis.fetch;\n${FETCH_V3}` }] }],
    },
    {
      name: 'an axios response interceptor that reads err.config.url: reported naming it, no fix (as the codemod in both modes)',
      code: `import axios from 'axios';\naxios.interceptors.response.use(undefined, (err) => (err.config.url.endsWith('/assign') && err.response?.status === 409 ? { status: 200 } : Promise.reject(err)));\n${AXIOS}`,
      filename: 'x3.ts',
      errors: [{ messageId: 'deprecatedManual' as const, line: 3, data: { reasons: SETUP('axios.interceptors.response.use (line 2)') } }],
    },
    {
      name: 'an axios response interceptor that reads the path node sent (err.request.path): reported naming it, no fix (as the codemod in both modes)',
      code: `import axios from 'axios';\naxios.interceptors.response.use(undefined, (err) => (err.response?.status === 404 && err.request?.path?.endsWith('/assign') ? null : Promise.reject(err)));\n${AXIOS}`,
      filename: 'x5.ts',
      errors: [{ messageId: 'deprecatedManual' as const, line: 3, data: { reasons: SETUP('axios.interceptors.response.use (line 2)') } }],
    },
    {
      name: 'an axios response interceptor that reads the status only: the call is fixed by the suggestion',
      code: `import axios from 'axios';\naxios.interceptors.response.use((r) => r, (err) => Promise.reject(err.response?.status));\n${AXIOS}`,
      filename: 'x4.ts',
      errors: [{
        messageId: 'deprecated' as const,
        line: 3,
        suggestions: [{ messageId: 'migrate' as const, output: `import axios from 'axios';\naxios.interceptors.response.use((r) => r, (err) => Promise.reject(err.response?.status));\n${AXIOS_V3}` }],
      }],
    },
    {
      name: 'a method of the object a factory of the file returned, which caches by URL: helper-made-by-call naming the factory, no fix',
      code: `${CLIENT}const client = createClient();\n${SEND}`,
      filename: 'c.ts',
      errors: [{
        messageId: 'deprecatedManual' as const,
        line: 12,
        data: { reasons: "the request is sent by client = createClient(…) (line 11): the code that runs is the function that call returns (a wrapper such as once, lodash's memoize or a retry), which may decide by the URL what it sends (skip a URL it has seen, retry unless it ends in /assign, change the host), and every app would send the same /v3/apps/app_assignments; read that wrapper, then migrate by hand" },
      }],
    },
  ],
});
