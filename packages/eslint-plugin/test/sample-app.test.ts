/**
 * The plugin as a project uses it: ESLint's own `ESLint` class on fixtures/sample-app with the app's
 * eslint.config.js (the recommended config), then `eslint --fix` on a copy, which must still type-check.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { copySampleApp, SAMPLE_APP } from '../../../scripts/lib/proof.mjs';

const RULE = 'app-assignment/no-deprecated-assign';
const REPORT = 'app-assignment/valid-report-query';
const FIELD = 'app-assignment/no-malformed-report-field';
const FIXABLE = 'fixable';
const BUILT_IN = 'manual: built_in "true" has no equivalent';
const BOTH = 'manual: the body sets both business_uid and directory_uid';
const DYNAMIC = 'manual: the body is built at run time';
const HELPER = 'manual: sent by callPlatform, whose module a file read alone does not see';

async function findings(cwd: string) {
  const results = await new ESLint({ cwd }).lintFiles(['src']);
  return results.flatMap((result) =>
    result.messages.map((m) => {
      const manual = /It cannot be migrated automatically: (.*)/.exec(m.message)?.[1];
      const suggested = m.suggestions?.map((suggestion) => suggestion.messageId).join(', ');
      const kind = m.fix !== undefined ? FIXABLE : suggested !== undefined ? `suggestions: ${suggested}` : manual?.startsWith('built_in') ? BUILT_IN : manual?.startsWith('the body sets both') ? BOTH : manual?.startsWith('the body is built at run time') ? DYNAMIC :
        manual?.startsWith('the request is sent by callPlatform (imported from ./platform-client.js)') ? HELPER : m.message;
      return [relative(cwd, result.filePath), m.line, m.column, m.ruleId, kind];
    }),
  );
}

describe('ESLint on the sample app', () => {
  it('reports exactly the deprecated calls, with a fix where the rewrite is exact, and the report module\'s mistakes', async () => {
    expect(await findings(SAMPLE_APP)).toEqual([
      ['src/assign/axios.ts', 12, 21, RULE, FIXABLE],
      ['src/assign/axios.ts', 17, 21, RULE, FIXABLE],
      ['src/assign/fetch.ts', 5, 26, RULE, FIXABLE],
      ['src/assign/fetch.ts', 18, 26, RULE, FIXABLE],
      ['src/assign/got.ts', 5, 26, RULE, FIXABLE],
      // Read alone, the wrapper module cannot see the bodies its callers pass (typed linting follows them).
      ['src/assign/platform-api.ts', 5, 26, RULE, DYNAMIC],
      ['src/assign/superagent.ts', 5, 21, RULE, FIXABLE],
      ['src/assign/superagent.ts', 15, 21, RULE, BUILT_IN],
      // The app's own helper, imported: read alone, what it does with the body is not known (typed linting reads it).
      ['src/assign/wrapper.ts', 4, 10, RULE, HELPER],
      ['src/assign/wrapper.ts', 9, 10, RULE, HELPER],
      // A raw e-mail in the URL, a Bearer header, a read of the malformed key.
      ['src/report/business-report.ts', 13, 82, REPORT, 'suggestions: encodeEmail, useUrlSearchParams'],
      ['src/report/business-report.ts', 14, 31, REPORT, FIXABLE],
      ['src/report/business-report.ts', 18, 107, FIELD, 'suggestions: useSmsBalance'],
    ]);
  });

  it('after eslint --fix the app still type-checks; the three manual calls and the report module\'s suggestions are left', async () => {
    const dir = copySampleApp('eslint-fix');
    const eslint = new ESLint({ cwd: dir, fix: true });
    await ESLint.outputFixes(await eslint.lintFiles(['src']));
    expect(await findings(dir)).toEqual([
      ['src/assign/platform-api.ts', 5, 26, RULE, DYNAMIC],
      ['src/assign/superagent.ts', 15, 21, RULE, BUILT_IN],
      ['src/assign/wrapper.ts', 4, 10, RULE, HELPER],
      ['src/assign/wrapper.ts', 9, 10, RULE, HELPER],
      ['src/report/business-report.ts', 13, 82, REPORT, 'suggestions: encodeEmail, useUrlSearchParams'],
      ['src/report/business-report.ts', 18, 107, FIELD, 'suggestions: useSmsBalance'],
    ]);
    const require = createRequire(join(SAMPLE_APP, 'package.json'));
    const tsc = join(require.resolve('typescript/package.json'), '..', 'bin', 'tsc');
    const compiled = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
    expect(compiled.status, compiled.stdout).toBe(0);
  });
});
