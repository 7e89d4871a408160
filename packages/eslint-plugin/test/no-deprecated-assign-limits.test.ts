/**
 * A file too large or too deeply nested for the analysis is reported once at line 1, with the limit, instead of
 * being analysed (where it could run out of memory or of stack); a file that cannot hold the call is not reported.
 */
import { MAX_NESTING_DEPTH } from '@app-assignment/core';
import { RuleTester } from '@typescript-eslint/rule-tester';
import * as espree from 'espree';
import { afterAll, describe, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-deprecated-assign'];

const CALL = "fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'biz_1' }) });\n";
const MIGRATED = "fetch('/v3/apps/app_assignments', { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: 'biz_1', app_code_name: 'crm' }) });\n";
/** Filler that makes a file large without nesting: a comment line. */
const filler = (bytes: number) => `// ${'x'.repeat(bytes)}\n`;
const nested = (depth: number) => `export const data = ${'['.repeat(depth)}${']'.repeat(depth)};\n`;

describe('maxFileBytes', () => {
  new RuleTester().run('no-deprecated-assign (maxFileBytes)', rule, {
    valid: [
      // Over the cap, but the file cannot hold the call: nothing to say.
      { name: 'a large file that never spells the route', code: `${filler(2_000)}export const x = 1;\n`, options: [{ maxFileBytes: 1_000 }] },
    ],
    invalid: [
      {
        name: 'a file over the cap is reported once at line 1 with its size and the cap, and not analysed',
        code: `${filler(2_000)}${CALL}`,
        options: [{ maxFileBytes: 1_000 }],
        errors: [{ messageId: 'fileTooLarge', line: 1, column: 1, data: { bytes: 2_004 + CALL.length, max: 1_000 } }],
      },
      {
        name: 'bytes are counted in UTF-8, as the file holds them',
        code: `// ${'é'.repeat(400)}\n${CALL}`,
        options: [{ maxFileBytes: 900 }],
        errors: [{ messageId: 'fileTooLarge', line: 1, column: 1, data: { bytes: 804 + CALL.length, max: 900 } }],
      },
      {
        name: 'a file under the cap is analysed as always',
        code: `${filler(500)}${CALL}`,
        options: [{ maxFileBytes: 1_000 }],
        errors: [{ messageId: 'deprecated', line: 2, suggestions: [{ messageId: 'migrate', output: `${filler(500)}${MIGRATED}` }] }],
      },
    ],
  });

  it('the default cap is that of the codemod, 4 MiB', async () => {
    const { expect } = await import('vitest');
    const meta = rule.meta as { defaultOptions?: [{ maxFileBytes?: number }] };
    expect(meta.defaultOptions?.[0]?.maxFileBytes).toBe(4 * 1024 * 1024);
  });
});

describe('nesting', () => {
  // espree reads nesting deeper than the limit; the analysis's recursive walks are not given it.
  new RuleTester({ languageOptions: { parser: espree, ecmaVersion: 'latest', sourceType: 'module' } }).run('no-deprecated-assign (nesting)', rule, {
    valid: [{ name: 'deep nesting in a file that never spells the route', code: nested(MAX_NESTING_DEPTH + 100) }],
    invalid: [
      {
        name: 'a file nested deeper than the limit is reported once at line 1, and not analysed',
        code: `${nested(MAX_NESTING_DEPTH + 100)}${CALL}`,
        errors: [{ messageId: 'fileTooDeep', line: 1, column: 1, data: { depth: MAX_NESTING_DEPTH + 100, max: MAX_NESTING_DEPTH } }],
      },
      {
        name: 'a file nested up to the limit is analysed as always',
        code: `${nested(MAX_NESTING_DEPTH - 10)}${CALL}`,
        errors: [{ messageId: 'deprecated', line: 2, suggestions: [{ messageId: 'migrate', output: `${nested(MAX_NESTING_DEPTH - 10)}${MIGRATED}` }] }],
      },
    ],
  });
});
