/**
 * "Run the codemod once, CI is green": the sample app's own test suite (vitest, with msw, nock and a mocked fetch)
 * passes before the migration, and passes again on a copy migrated by one `app-assignment migrate .`, with no manual
 * step. The mocks of migrated calls follow them to v3 (with what their handlers read: the app code, the assignee, a
 * flag, the body's type); the mock of the call left with a TODO stays as it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySampleApp, migrate, runAppTests } from '../../../scripts/lib/proof.mjs';

describe("the sample app's own tests, before and after migrate", () => {
  it('are green before, and green after one run over the app and its tests', async () => {
    const before = await runAppTests(copySampleApp('tests-before'));
    expect(before.failures).toEqual([]);
    expect(before.passed).toBe(before.total);
    expect(before.total).toBe(8);

    const dir = copySampleApp('tests-after');
    const original = readFileSync(join(dir, 'test/superagent.test.ts'), 'utf8');
    const report = migrate(dir, [], ['.']);
    // The same calls as a run over src alone, and the mocks with them.
    expect(report.totals).toMatchObject({ migrated: 8, todos: 3, errors: 0, mocks: { migrated: 7, todos: 1 } });
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(8);

    // The interceptor of the built_in call, which keeps the deprecated route, is unchanged and carries a TODO.
    const lines = readFileSync(join(dir, 'test/superagent.test.ts'), 'utf8').split('\n');
    const kept = lines.findIndex((line) => line.includes("built_in: 'true'"));
    expect(lines[kept]).toBe(original.split('\n').find((line) => line.includes("built_in: 'true'")));
    expect(lines[kept]).toContain("'/platform/v1/apps/harbor-loyalty/assign'");
    expect(lines[kept - 1]).toMatch(/^\s*\/\/ TODO\(app-assignment\): built_in "true" has no equivalent/);
    // The others point at v3.
    for (const file of ['test/axios.test.ts', 'test/fetch.test.ts', 'test/got.test.ts']) {
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toContain('/platform/v1/apps/');
    }
    // The handler that reads the app code, the directory and the flag reads them where the v3 body holds them, and the
    // suite above passed with it.
    const got = readFileSync(join(dir, 'test/got.test.ts'), 'utf8');
    expect(got).not.toMatch(/params|directory_uid|is_internal/);
    expect(got).toContain("received.push(`${body.app_code_name} in ${body.assignee_uid}${body.settings?.assignment_mode === 'internal' ? ', internal' : ''}`);");
  });

  it('read file by file, the mocks cannot follow their calls, and the suite says so by failing', async () => {
    const dir = copySampleApp('tests-no-project');
    const report = migrate(dir, ['--no-project'], ['.']);
    expect(report.totals.mocks).toEqual({ migrated: 0, todos: 8 });
    const after = await runAppTests(dir);
    expect(after.failed).toBeGreaterThan(0);
  });
});
