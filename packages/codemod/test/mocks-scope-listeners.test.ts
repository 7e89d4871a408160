/**
 * A listener of a nock scope's events (`scope.on('request' | 'replied', (req, interceptor, body) => … req.path …)`,
 * or nock's global `nock.emitter.on(…)`) is given the request as sent: after a rewrite it would read the v3 one. A
 * listener that reads what it is given keeps the call and its interceptor on the deprecated route, its TODO naming the
 * listener; one that reads nothing of it (a count of the replies) lets them move together. Each project's own vitest
 * suite runs before and after one `migrate src test`, in project mode and file by file, and stays green.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, runAppTests, SAMPLE_APP } from '../../../scripts/lib/proof.mjs';
import { tree } from './helpers/cli.js';

const HEAVY = 240_000;
const MODES = [['project', []], ['file by file', ['--no-project']]] as const;

const SHOW = `export async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`http://api.test/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}
`;

const testOf = (title: string, body: string) => `import nock from 'nock';
import { afterEach, expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';

afterEach(() => nock.cleanAll());

it('${title}', async () => {
${body}
});
`;

const INTERCEPTOR = "nock('http://api.test').post('/platform/v1/apps/crm/assign', { business_uid: 'biz_1' }).reply(201)";

function project(tests: Record<string, string>): string {
  const dir = tree({
    'package.json': '{ "name": "p", "private": true, "type": "module" }',
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['src', 'test'] }),
    'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n",
    'src/assign.ts': SHOW,
    ...tests,
  });
  symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The suite green before, one migrate over src and test, the suite green after: the report and the files' texts after. */
async function migrateGreen(tests: Record<string, string>, args: readonly string[]) {
  const dir = project(tests);
  const before = await runAppTests(dir);
  expect(before.failures).toEqual([]);
  expect(before.passed).toBe(Object.keys(tests).length);
  const report = migrate(dir, [...args], ['src', 'test']);
  const after = await runAppTests(dir);
  expect(after.failures).toEqual([]);
  expect(after.passed).toBe(before.total);
  return { report, text: (file: string) => readFileSync(join(dir, file), 'utf8') };
}

const HELD = {
  'test/request.test.ts': testOf('reads the path the scope was asked for', `  const api = ${INTERCEPTOR};
  api.on('request', (req: { path: string }) => {
    expect(req.path).toContain('crm');
  });
  expect(await showToBusiness('crm', 'biz_1')).toBe(201);
  expect(api.isDone()).toBe(true);`),
  'test/replied.test.ts': testOf('reads the path the scope replied to', `  const path = new Promise<string>((resolve) => ${INTERCEPTOR}.on('replied', (req: { path: string }) => resolve(req.path)));
  expect(await showToBusiness('crm', 'biz_1')).toBe(201);
  expect(await path).toMatch(/crm/);`),
  'test/emitter.test.ts': testOf('watches what nock did not match', `  const unmatched: string[] = [];
  nock.emitter.on('no match', (req: { path?: string }) => unmatched.push(String(req.path)));
  ${INTERCEPTOR};
  expect(await showToBusiness('crm', 'biz_1')).toBe(201);
  expect(unmatched).toEqual([]);`),
};

describe("a listener of a nock scope's events", () => {
  it.each(MODES)('that reads the request it is given: the call and its interceptors stay, each TODO naming the listener (%s)', async (_mode, args) => {
    const { report, text } = await migrateGreen(HELD, args);
    expect(report.totals.migrated).toBe(0);
    expect(text('src/assign.ts')).toContain('/platform/v1/apps/${appCode}/assign');
    for (const file of Object.keys(HELD)) {
      expect(text(file), file).toContain("post('/platform/v1/apps/crm/assign', { business_uid: 'biz_1' })");
      expect(text(file), file).not.toContain("post('/v3/");
    }
    if (args.length === 0) {
      expect(text('test/request.test.ts')).toContain("TODO(app-assignment): the handler reads the request in a listener of its scope's events (api.on('request'))");
      expect(text('test/replied.test.ts')).toContain("TODO(app-assignment): the handler reads the request in a listener of its scope's events (.on('replied'))");
      expect(text('test/emitter.test.ts')).toContain("TODO(app-assignment): the handler reads the request in a listener of its scope's events (nock.emitter.on('no match'))");
    }
  }, HEAVY);

  it.each(MODES)('that reads nothing it is given: in project mode the call and its interceptor move together, file by file they stay as any mock apart from its call (%s)', async (_mode, args) => {
    const counted = {
      'test/count.test.ts': testOf('counts the requests', `  let requests = 0;
  const api = ${INTERCEPTOR};
  api.on('request', () => {
    requests += 1;
  });
  expect(await showToBusiness('crm', 'biz_1')).toBe(201);
  expect(requests).toBe(1);`),
    };
    const { report, text } = await migrateGreen(counted, args);
    if (args.length > 0) {
      // File by file, a call and the mock in another file are held apart, as any mock is: the suite stays green.
      expect(report.totals.migrated).toBe(0);
      expect(text('test/count.test.ts')).toContain("post('/platform/v1/apps/crm/assign', { business_uid: 'biz_1' })");
      return;
    }
    expect(report.totals.migrated).toBe(1);
    expect(text('src/assign.ts')).toContain('http://api.test/v3/apps/app_assignments');
    expect(text('test/count.test.ts')).toContain("post('/v3/apps/app_assignments', { assignee_type: 'business', assignee_uid: 'biz_1', app_code_name: 'crm' })");
    expect(text('test/count.test.ts')).not.toMatch(/TODO|platform\/v1/);
  }, HEAVY);
});
