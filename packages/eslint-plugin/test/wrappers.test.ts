/**
 * The rule settles a file's findings before it reports them: a function of the file that sends the deprecated request
 * for its callers is fixed together with all of them, or reported without a fix at each.
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

const wrapper = (callers: string) => `function assignApp(code: string, body: Record<string, unknown>) {
  return fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });
}
export async function run() {
${callers}
}
`;

const exact = wrapper(`  await assignApp('crm-sync', { business_uid: 'biz_1' });
  await assignApp('hr-suite', { directory_uid: 'dir_1', pre_installed: 'true' });`);
const builtIn = wrapper(`  await assignApp('crm-sync', { business_uid: 'biz_1' });
  await assignApp('hr-suite', { directory_uid: 'dir_1', built_in: 'true' });`);

tester.run('no-deprecated-assign: wrappers', rule, {
  valid: [
    `import axios from 'axios';
const fetch = (u: string, o: unknown) => axios.put(u, o);
export const go = (code: string) => fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });`,
  ],
  invalid: [
    {
      name: 'every caller exact: eslint --fix migrates the wrapper and its callers together',
      code: exact,
      filename: 'a.ts',
      options: [{ autofix: true }],
      output: `function assignApp(code: string, body: Record<string, unknown>) {
  return fetch(\`/v3/apps/app_assignments\`, { method: 'POST', body: JSON.stringify(body) });
}
export async function run() {
  await assignApp('crm-sync', { assignee_type: 'business', assignee_uid: 'biz_1', app_code_name: 'crm-sync' });
  await assignApp('hr-suite', { assignee_type: 'directory', assignee_uid: 'dir_1', app_code_name: 'hr-suite', settings: { assignment_mode: 'pre_installed' } });
}
`,
      errors: [
        { messageId: 'deprecated', line: 2 },
        { messageId: 'deprecated', line: 5 },
        { messageId: 'deprecated', line: 6 },
      ],
    },
    {
      name: 'one caller passes built_in: no fix anywhere, and built_in is named at that caller',
      code: builtIn,
      filename: 'a.ts',
      options: [{ autofix: true }],
      output: null,
      errors: [
        { messageId: 'deprecatedManual', line: 2, data: { reasons: 'this request is sent for the callers of this function, and not all of them can be migrated exactly (the first is the call in run; each caller has a TODO that says why); migrate them together by hand' } },
        { messageId: 'deprecatedManual', line: 5, data: { reasons: 'the request is sent by a function that other calls use too, and the call in run cannot be migrated exactly; that function and all its callers are migrated together or not at all, so migrate them by hand (or make that call exact first)' } },
        { messageId: 'deprecatedManual', line: 6, data: { reasons: 'built_in "true" has no equivalent in POST /v3/apps/app_assignments; decide how these users get the app, then migrate by hand (or run with builtIn "drop")' } },
      ],
    },
    {
      name: 'a flag the wrapper drops: the review and its suggestion are at the request, the caller is spoken for by it',
      code: `import got from 'got';
function assign(code: string, hide: string) {
  return got.post(\`/platform/v1/apps/\${code}/assign\`, { json: { business_uid: 'biz_1', hide_from_market: hide } });
}
export async function run() {
  await assign('crm', 'true');
}
`,
      filename: 'a.ts',
      output: null,
      errors: [
        {
          messageId: 'deprecatedReview',
          line: 3,
          suggestions: [{
            messageId: 'migrateReview',
            data: { reasons: 'hide_from_market has no v3 field and was dropped; check the directory-token rules for business assignments' },
            output: `import got from 'got';
function assign(code: string, hide: string) {
  return got.post(\`/v3/apps/app_assignments\`, { json: { assignee_type: 'business', assignee_uid: 'biz_1', app_code_name: code } });
}
export async function run() {
  await assign('crm', 'true');
}
`,
          }],
        },
      ],
    },
  ],
});
