/**
 * `migrateText`, the library function alone (no run around it), groups a call with its mocks as the run and the ESLint
 * rule do, with the same function of core (`keepCallsForMocks`): a test file that imports a module of the program or
 * exports something does not show every call its mocks stand for, but they certainly stand for the calls of their own
 * file, which stay with them. Compared with the CLI file by file and in project mode, and with the real suite: a
 * snapshot of what the mock recorded stays green after the library function's output is written.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateOptions } from '@app-assignment/core';
import { migrateText } from '@app-assignment/codemod';
import { describe, expect, it } from 'vitest';
import { runAppTests, SAMPLE_APP } from '../../../scripts/lib/proof.mjs';
import { command, tree } from './helpers/cli.js';

const TEST = `import { expect, it, vi } from 'vitest';
import { BUSINESS } from './fixtures.js';

async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}

it('shows an app to a business', async () => {
  const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 201 }));
  expect(await showToBusiness('crm', BUSINESS)).toBe(201);
  expect(spy.mock.calls).toMatchSnapshot();
});
`;
// As vitest writes it.
const SNAPSHOT = (first: string) => `// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html

exports[\`shows an app to a business 1\`] = \`
[
  [
    "${first}",
    {
      "body": "{"business_uid":"biz_1"}",
      "method": "POST",
    },
  ],
]
\`;
`;
const STDOUT_TEST = TEST.replace("const spy = vi.spyOn(globalThis, 'fetch')", "vi.spyOn(globalThis, 'fetch')")
  .replace('  expect(spy.mock.calls).toMatchSnapshot();', "  const out = vi.spyOn(console, 'log');\n  console.log('Assigned');\n  expect(out.mock.calls).toMatchSnapshot();");
const STDOUT_SNAPSHOT = '// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\nexports[`shows an app to a business 1`] = `\n[\n  [\n    "Assigned",\n  ],\n]\n`;\n';

function project(test: string, snapshot: string): string {
  const dir = tree({
    'package.json': '{ "name": "p", "private": true, "type": "module" }',
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['test'] }),
    'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n",
    'test/fixtures.ts': "export const BUSINESS = 'biz_1';\n",
    'test/a.test.ts': test,
    'test/__snapshots__/a.test.ts.snap': snapshot,
  });
  symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Whether each call of the file moved: by the library function alone, and by the CLI file by file and in project mode. */
async function outcomes(dir: string) {
  const file = join(dir, 'test/a.test.ts');
  const alone = migrateText(readFileSync(file, 'utf8'), file, validateOptions({}));
  const calls = (sites: readonly { kind: string; migrated: boolean }[]) => sites.filter((site) => site.kind !== 'mock').map((site) => site.migrated);
  const runs = [];
  for (const flags of [[], ['--no-project']]) {
    const run = await command(['migrate', 'test', '--dry', '--json', ...flags], dir);
    expect(run.code, run.stderr).toBe(0);
    runs.push(calls((JSON.parse(run.stdout) as { files: { path: string; sites: { kind: string; migrated: boolean }[] }[] }).files.find((f) => f.path === 'test/a.test.ts')?.sites ?? []));
  }
  return { alone, calls: calls(alone.sites), project: runs[0], fileByFile: runs[1] };
}

describe('migrateText groups a call with the snapshot assertion of its own mock, as the run does', () => {
  it('a snapshot of the recorded request: the call stays with the assertion, as the run keeps it, and the suite stays green', async () => {
    const dir = project(TEST, SNAPSHOT('https://api.example.com/platform/v1/apps/crm/assign'));
    expect((await runAppTests(dir)).failures).toEqual([]);
    const { alone, calls, project: inProject, fileByFile } = await outcomes(dir);
    expect(calls).toEqual([false, false]);
    expect(inProject).toEqual(calls);
    expect(fileByFile).toEqual(calls);
    expect(alone.sites.filter((site) => site.kind === 'call').map((site) => site.reasons.map((r) => r.code))).toEqual([['call-mock-held']]);
    expect(alone.output).toMatch(/TODO\(app-assignment\): kept on the deprecated route because its test's assertion in the test "shows an app to a business", which compares what a mock recorded \(spy\.mock\.calls, in a snapshot file this run does not read\)/);
    writeFileSync(join(dir, 'test/a.test.ts'), alone.output);
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(1);
  }, 240_000);

  it('a snapshot of something else (what a spy of the console recorded): the call moves alone, as in the run, and the suite stays green', async () => {
    const dir = project(STDOUT_TEST, STDOUT_SNAPSHOT);
    expect((await runAppTests(dir)).failures).toEqual([]);
    const { alone, calls, project: inProject, fileByFile } = await outcomes(dir);
    expect(calls).toEqual([true, true]);
    expect(inProject).toEqual(calls);
    expect(fileByFile).toEqual(calls);
    writeFileSync(join(dir, 'test/a.test.ts'), alone.output);
    expect(alone.output).toContain('https://api.example.com/v3/apps/app_assignments');
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(1);
  }, 240_000);
});
