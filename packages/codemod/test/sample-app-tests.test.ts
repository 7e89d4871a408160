/**
 * "Run the codemod once, CI is green": the sample app's own test suite (vitest, with msw, nock and a mocked fetch)
 * passes before the migration, and passes again on a copy migrated by one `app-assignment migrate .`, with no manual
 * step. The mocks of migrated calls follow them to v3 (with what their handlers read: the app code, the assignee, a
 * flag, the body's type); the mock of the call left with a TODO stays as it was. A call whose test's handler reads the
 * old request in a way v3 cannot answer (the raw path) stays on the old route with that handler: a call and its mocks
 * are one group. With `--tests ignore` the code moves first, and that test fails. Read file by file, a test's mocks
 * cannot see the calls of the modules it imports: those calls stay on the old route with them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateHere as migrate } from '../../../scripts/lib/command.mjs';
import { copySampleApp, runAppTests } from '../../../scripts/lib/proof.mjs';

// Each test compiles the app, runs its suite or a server, and migrates it: on a slow or busy machine that takes longer
// than the default test timeout, which measures nothing here.
const HEAVY = 240_000;

describe("the sample app's own tests, before and after migrate", () => {
  it('are green before, and green after one run over the app and its tests', async () => {
    const before = await runAppTests(copySampleApp('tests-before'));
    expect(before.failures).toEqual([]);
    expect(before.passed).toBe(before.total);
    expect(before.total).toBe(11);

    const dir = copySampleApp('tests-after');
    const original = readFileSync(join(dir, 'test/superagent.test.ts'), 'utf8');
    const loyalty = readFileSync(join(dir, 'test/loyalty.test.ts'), 'utf8');
    const report = await migrate(dir, [], ['.']);
    // The calls a run over src alone migrates, but the one whose handler cannot follow; the mocks with them.
    expect(report.totals).toMatchObject({ migrated: 7, todos: 4, errors: 0, mocks: { migrated: 7, todos: 3 } });
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(11);

    // The handler that reads the raw path cannot follow: it and its call keep the old route, each TODO naming the other.
    const superagent = readFileSync(join(dir, 'src/assign/superagent.ts'), 'utf8').split('\n');
    const call = superagent.findIndex((line) => line.includes('export async function listForBusiness'));
    expect(superagent[call + 1]).toMatch(/^\s*\/\/ TODO\(app-assignment\): kept on the deprecated route because its test's handler in test\/loyalty\.test\.ts, which reads request\.url /);
    expect(superagent[call + 3]).toContain('/platform/v1/apps/${appCode}/assign');
    const handler = readFileSync(join(dir, 'test/loyalty.test.ts'), 'utf8');
    expect(handler.replace(/^[ \t]*\/\/ TODO\(app-assignment\).*\n/m, '')).toBe(loyalty);
    expect(handler).toMatch(/TODO\(app-assignment\): the handler reads request\.url .*it keeps on the deprecated route the call in listForBusiness \(src\/assign\/superagent\.ts\)/);
    // The handler that compares the app code and the business follows its call: the same questions of the v3 body.
    const market = readFileSync(join(dir, 'test/market.test.ts'), 'utf8');
    expect(market).toContain("http.post('*/v3/apps/app_assignments', async ({ request }) => {");
    expect(market).toContain("const ok = body.app_code_name === 'harbor-reviews' && body.assignee_type === 'business' && body.assignee_uid === BUSINESS;");
    expect(market).not.toMatch(/TODO|business_uid|params/);

    // The interceptor of the built_in call, which keeps the deprecated route, is unchanged and carries a TODO.
    const lines = readFileSync(join(dir, 'test/superagent.test.ts'), 'utf8').split('\n');
    const kept = lines.findIndex((line) => line.includes("built_in: 'true'"));
    expect(lines[kept]).toBe(original.split('\n').find((line) => line.includes("built_in: 'true'")));
    expect(lines[kept]).toContain("'/platform/v1/apps/harbor-loyalty/assign'");
    expect(lines[kept - 1]).toMatch(/^\s*\/\/ TODO\(app-assignment\): built_in "true" has no equivalent/);
    // The others point at v3.
    for (const file of ['test/axios.test.ts', 'test/fetch.test.ts', 'test/got.test.ts', 'test/market.test.ts']) {
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toContain('/platform/v1/apps/');
    }
    // The handler that reads the app code, the directory and the flag reads them where the v3 body holds them, and the
    // suite above passed with it.
    const got = readFileSync(join(dir, 'test/got.test.ts'), 'utf8');
    expect(got).not.toMatch(/params|directory_uid|is_internal/);
    expect(got).toContain("received.push(`${body.app_code_name} in ${body.assignee_uid}${body.settings?.assignment_mode === 'internal' ? ', internal' : ''}`);");
  }, HEAVY);

  it('with --tests ignore the code moves first: the call whose handler cannot follow is migrated, and its test fails', async () => {
    const dir = copySampleApp('tests-ignore');
    const report = await migrate(dir, ['--tests', 'ignore'], ['.']);
    expect(report.totals).toMatchObject({ migrated: 8, todos: 3, errors: 0, mocks: { migrated: 8, todos: 2 } });
    expect(readFileSync(join(dir, 'src/assign/superagent.ts'), 'utf8')).not.toContain('kept on the deprecated route');
    const after = await runAppTests(dir);
    expect(after.failed).toBe(1);
    expect(after.failures.join('\n')).toContain('lists an app for a business, and the access log shows the path it went to');
  }, HEAVY);

  it('read file by file, the mocks cannot follow their calls, so the calls their tests import stay with them, and a call through an unread helper stays too: still green', async () => {
    const dir = copySampleApp('tests-no-project');
    const report = await migrate(dir, ['--no-project'], ['.']);
    expect(report.totals.mocks).toEqual({ migrated: 0, todos: 10 });
    // Every call that could be migrated waits for its tests' mocks; the one no test imports goes through the app's own
    // helper (callPlatform), which a file read alone cannot see: it stays too, with helper-unread.
    expect(report.totals.migrated).toBe(0);
    expect(report.files.find((file) => file.path === 'src/assign/wrapper.ts')?.sites.map((site) => site.reasons.map((r) => r.code).join(','))).toEqual(['helper-unread', 'helper-unread,assignee-both']);
    const held = report.files.flatMap((file) => file.sites.filter((site) => site.kind === 'call' && site.reasons.some((r) => r.code === 'call-mock-held')).map(() => file.path));
    expect([...new Set(held)].sort()).toEqual(['src/assign/axios.ts', 'src/assign/fetch.ts', 'src/assign/got.ts', 'src/assign/superagent.ts']);
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(11);
  }, HEAVY);
});
