/**
 * `eslint --fix` (the rule with `autofix: true`) and the codemod agree on the everyday shapes the core reads over
 * several calls of one file, which the one-call cases of `fixtures/cases/` cannot hold: a wrapper with a destructured
 * parameter and its callers, request helpers a class inherits or that spread their options, a URL library beside
 * another route. The rule reports every site the codemod lists, and fixes exactly what the codemod rewrites.
 */
import { migrateText } from '@app-assignment/codemod';
import { ESLint, type Linter } from 'eslint';
import plugin from 'eslint-plugin-app-assignment';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { withoutTodoLines } from '../../../fixtures/load.js';

function eslint(fix: boolean): ESLint {
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
      rules: { 'app-assignment/no-deprecated-assign': ['error', { autofix: true }] },
    },
  ];
  return new ESLint({ cwd: process.cwd(), overrideConfigFile: true, overrideConfig: config, fix });
}

const SHAPES: Record<string, string> = {
  'a destructured wrapper and two callers': `const assignApp = ({ appCode, body }: { appCode: string; body: object }) =>
  fetch(\`/platform/v1/apps/\${appCode}/assign\`, { method: 'POST', body: JSON.stringify(body) });
export async function run(uid: string) {
  await assignApp({ appCode: 'crm', body: { business_uid: uid } });
  await assignApp({ appCode: 'hr', body: { directory_uid: 'd', pre_installed: 'true' } });
}
`,
  'a destructured wrapper, one caller held back': `const assignApp = ({ appCode, body }: { appCode: string; body: object }) =>
  fetch(\`/platform/v1/apps/\${appCode}/assign\`, { method: 'POST', body: JSON.stringify(body) });
export async function run(uid: string) {
  await assignApp({ appCode: 'crm', body: { business_uid: uid } });
  await assignApp({ appCode: 'hr', body: { directory_uid: 'd', built_in: 'true' } });
}
`,
  'an inherited request method, with a GET beside it': `abstract class BaseApi {
  constructor(protected baseUrl: string) {}
  protected async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.baseUrl + path, { method, headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
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
  assignDirectory(code: string, uid: string) {
    return this.request('POST', \`/platform/v1/apps/\${code}/assign\`, { directory_uid: uid, is_internal: 'true', pre_installed: 'true' });
  }
}
`,
  'a helper that spreads its init, and a generic helper given the method': `async function fetchWithTimeout(url: string, ms: number, init: RequestInit = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
async function makeRequest(base: string, path: string, method: string, body?: unknown) {
  return fetch(base + path, { method, body: JSON.stringify(body) });
}
export const a = (code: string) => fetchWithTimeout(\`/platform/v1/apps/\${code}/assign\`, 100, { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });
export const b = (base: string, code: string) => makeRequest(base, \`/platform/v1/apps/\${code}/assign\`, 'POST', { directory_uid: 'd', is_internal: 'true' });
`,
  'URL libraries and RTK Query in one module': `import urlcat from 'urlcat';
import urljoin from 'url-join';
import { compile } from 'path-to-regexp';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
const toAssign = compile('/platform/v1/apps/:id/assign');
export const a = (code: string) => fetch(urlcat('https://x', '/platform/v1/apps/:id/assign', { id: code }), { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });
export const b = (code: string) => fetch(urljoin('https://x', 'platform/v1/apps', code, 'assign'), { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });
export const c = (code: string) => fetch(toAssign({ id: code }), { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });
export const d = (code: string) => fetch(new URL(\`/platform/v1/apps/\${code}/assign\`, 'https://x').href, { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });
export const e = (code: string) => fetch(urlcat('https://x', '/platform/v1/apps/:id/assign', { id: code, trace: 1 }), { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });
export const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://x' }),
  endpoints: (builder) => ({
    assignApp: builder.mutation<void, { code: string; uid: string }>({
      query: ({ code, uid }) => ({ url: \`/platform/v1/apps/\${code}/assign\`, method: 'POST', body: { business_uid: uid } }),
    }),
    assignArg: builder.mutation<void, { business_uid: string }>({
      query: (arg) => ({ url: '/platform/v1/apps/crm/assign', method: 'POST', body: arg }),
    }),
  }),
});
`,
};

describe('eslint --fix and the codemod on everyday shapes', () => {
  for (const [name, code] of Object.entries(SHAPES)) {
    it(name, async () => {
      const migrated = migrateText(code, 'shape.ts');
      expect(migrated.sites.length).toBeGreaterThan(0);
      const [fixed] = await eslint(true).lintText(code, { filePath: 'shape.ts' });
      expect(fixed!.output ?? code).toBe(withoutTodoLines(migrated.output));
      const [linted] = await eslint(false).lintText(code, { filePath: 'shape.ts' });
      const reported = linted!.messages.filter((message) => message.ruleId === 'app-assignment/no-deprecated-assign').map((message) => message.line);
      expect(reported.sort((x, y) => x - y)).toEqual(migrated.sites.filter((site) => site.kind !== 'mock').map((site) => site.line).sort((x, y) => x - y));
    });
  }
});
