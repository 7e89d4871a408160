/**
 * The rule reads each file alone, as the codemod's `--no-project` does: a fetch helper imported from another module of
 * the program is not read, so its call is reported with helper-unread and never fixed; the same helper declared in
 * the file is read, and its call is fixed. A helper of the file that assigns its URL parameter again, or sends a copy
 * it changes, is reported with helper-changes-url, and one made by calling another function with helper-made-by-call:
 * never silent.
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

const HELPER = `const BASE = 'https://api.example.com';
async function send(url: string | URL, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json', ...init.headers } });
}
`;
const CALL = "export const assign = (code: string, dir: string) => send(`${BASE}/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify({ directory_uid: dir }) });\n";

tester.run('no-deprecated-assign: request helpers read or not', rule, {
  valid: [],
  invalid: [
    {
      name: 'a helper imported from another module, read alone: helper-unread, no fix',
      code: `import { BASE, send } from './http.js';\n\n${CALL}`,
      filename: 'assign.ts',
      errors: [{
        messageId: 'deprecatedManual' as const,
        line: 3,
        data: { reasons: "the request is sent by send (imported from ./http.js) with the method, path and body it is given, but which code runs, or what it does with them, cannot be read here (its code is in a module this run did not read, a subclass may override it, or it sends through a client this analysis does not know); migrate by hand (read file by file, a run over the whole project may follow it: the codemod's project mode, or the ESLint rule with followImports)" },
      }],
    },
    {
      name: 'the same helper declared in the file is read: the call is migrated (the suggestion, or the fix with autofix)',
      code: `${HELPER}${CALL}`,
      filename: 'assign.ts',
      errors: [{
        messageId: 'deprecated' as const,
        line: 5,
        suggestions: [{
          messageId: 'migrate' as const,
          output: `${HELPER}${CALL.replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
            .replace('{ directory_uid: dir }', "{ assignee_type: 'directory', assignee_uid: dir, app_code_name: code }")}`,
        }],
      }],
    },
    {
      name: 'a helper of the file that assigns its URL parameter again: helper-changes-url naming the line, no fix',
      code: `${HELPER.replace('Promise<Response> {\n', "Promise<Response> {\n  if (String(url).includes('/assign')) url = `${url}?notify=false`;\n")}${CALL}`,
      filename: 'assign.ts',
      errors: [{
        messageId: 'deprecatedManual' as const,
        line: 6,
        data: { reasons: 'the request is sent by send (line 3), which changes the URL it is given before it sends it (it assigns its URL parameter again, sends a copy it changes, or changes a URL object made of it), so the URL this call writes is not the one sent; check what that function makes of /v3/apps/app_assignments, then migrate by hand' },
      }],
    },
    {
      name: 'a helper of the file made by calling another function (once): helper-made-by-call naming the factory, no fix',
      code: `const BASE = 'https://api.example.com';\ndeclare function once<F>(f: F): F;\nconst send = once((url: string, init: RequestInit) => fetch(url, init));\n${CALL}`,
      filename: 'assign.ts',
      errors: [{
        messageId: 'deprecatedManual' as const,
        line: 4,
        data: { reasons: `the request is sent by send = once(…) (line 3): the code that runs is the function that call returns (a wrapper such as once, lodash's memoize or a retry), which may decide by the URL what it sends (skip a URL it has seen, retry unless it ends in /assign, change the host), and every app would send the same /v3/apps/app_assignments; read that wrapper, then migrate by hand` },
      }],
    },
    {
      name: 'a helper of the file that sends a copy of its URL changed by replace: helper-changes-url naming that line, never silent',
      code: `${HELPER.replace('fetch(url,', "fetch(String(url).replace('/platform/v1', '/eu/platform/v1'),")}${CALL}`,
      filename: 'assign.ts',
      errors: [{
        messageId: 'deprecatedManual' as const,
        line: 5,
        data: { reasons: 'the request is sent by send (line 3), which changes the URL it is given before it sends it (it assigns its URL parameter again, sends a copy it changes, or changes a URL object made of it), so the URL this call writes is not the one sent; check what that function makes of /v3/apps/app_assignments, then migrate by hand' },
      }],
    },
  ],
});
