/**
 * Linted file by file, an RTK Query mutation whose body is its argument is decided as `migrate --no-project` decides
 * it: with every trigger in its own module and the api not exported, the endpoint and its triggers (the hook, its
 * member forms, `endpoints.<name>.initiate`) are fixed together; a trigger passed on holds them all, naming it; an
 * exported api may have triggers in other modules, so nothing is fixed. (Typed linting with followImports reads the
 * triggers of other modules: fixtures/projects/rtk-query-hooks, in typed-projects.test.ts.)
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';
import { describeReasons, ReasonCode } from '@app-assignment/core';
import plugin from 'eslint-plugin-app-assignment';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-deprecated-assign'];
const tester = new RuleTester();

const module = (exported: string, extra = '') => `import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

interface LegacyAssignBody {
  business_uid?: string;
  directory_uid?: string;
  pre_installed?: string;
}

${exported}const appsApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://api.example.com' }),
  endpoints: (build) => ({
    assignCrm: build.mutation<void, LegacyAssignBody>({
      query: (body) => ({ url: '/platform/v1/apps/crm/assign', method: 'POST', body }),
    }),
  }),
});

const { useAssignCrmMutation } = appsApi;

export function usePanel(uid: string) {
  const [assignCrm] = useAssignCrmMutation();${extra}
  return () => assignCrm({ business_uid: uid });
}

export function preinstallCrm(dispatch: (action: unknown) => unknown, directoryUid: string) {
  return dispatch(appsApi.endpoints.assignCrm.initiate({ directory_uid: directoryUid, pre_installed: 'true' }));
}
`;

const unknownCallers = describeReasons([{ code: ReasonCode.wrapperCallersUnknown }]);
const passedOn = describeReasons([{ code: ReasonCode.endpointUseUnread, key: 'the trigger assignCrm stored or passed on in usePanel (line 22)' }]);

tester.run('no-deprecated-assign: RTK Query endpoints and their triggers, file by file', rule, {
  valid: [],
  invalid: [
    {
      name: 'the api is not exported and its triggers are all here: eslint --fix migrates the endpoint, its argument type and every trigger together',
      code: module(''),
      filename: 'api.ts',
      options: [{ autofix: true }],
      output: module('').replace(`  business_uid?: string;
  directory_uid?: string;
  pre_installed?: string;`, `  assignee_type: 'business' | 'directory';
  assignee_uid?: string;
  app_code_name: string;
  settings?: { assignment_mode: 'internal' | 'pre_installed' };`).replace('/platform/v1/apps/crm/assign', '/v3/apps/app_assignments')
        .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' }")
        .replace("{ directory_uid: directoryUid, pre_installed: 'true' }", "{ assignee_type: 'directory', assignee_uid: directoryUid, app_code_name: 'crm', settings: { assignment_mode: 'pre_installed' } }"),
      errors: [
        { messageId: 'deprecated', line: 12 },
        { messageId: 'deprecated', line: 22 },
        { messageId: 'deprecated', line: 26 },
      ],
    },
    {
      name: 'a trigger passed on: nothing is fixed, and every site names where',
      code: module('', '\n  setTimeout(assignCrm, 0);'),
      filename: 'api.ts',
      options: [{ autofix: true }],
      output: null,
      // The triggers are held for exactly the reasons of the endpoint: reported there alone, as scan reports them.
      errors: [{ messageId: 'deprecatedManual', line: 12, data: { reasons: passedOn } }],
    },
    {
      name: 'the api is exported: other modules may trigger the endpoint, so nothing is fixed',
      code: module('export '),
      filename: 'api.ts',
      options: [{ autofix: true }],
      output: null,
      errors: [{ messageId: 'deprecatedManual', line: 12, data: { reasons: unknownCallers } }],
    },
  ],
});
