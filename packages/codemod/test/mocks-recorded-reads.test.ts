/**
 * A read of what a mock recorded lets its call move only when it is one known to answer alike for the v3 request
 * (`toContain('/apps/')`, `includes('assign')`, the number of calls): a URL's length, `toHaveLength`, `toSatisfy`, a
 * regular expression's `exec`, the body's key count, a negated v3 key, a snapshot of a value derived from the record,
 * a console spy compared with the URL a helper logged, a mocked program function asserted with a path of the route or
 * never to be given a part of the v3 request: each holds its call. Each project runs its own suite (vitest) before and
 * after `migrate src test`, in project mode and file by file (`--no-project`); the suite stays green.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateHere } from '../../../scripts/lib/command.mjs';
import { runAppTests, SAMPLE_APP } from '../../../scripts/lib/proof.mjs';
import { command, tree } from './helpers/cli.js';

const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, lib: ['es2022', 'dom'] }, include: ['src', 'test'] });
const PACKAGE = '{ "name": "p", "private": true, "type": "module" }';
const VITEST = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n";
const MODES = [['project', []], ['file by file', ['--no-project']]] as const;

const direct = (name: string) => `export async function ${name}(code: string, biz: string): Promise<number> {
  const res = await fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: biz }),
  });
  return res.status;
}
`;

const recordedTest = (name: string, read: string) => `import { expect, it, vi } from 'vitest';
import { ${name} } from '../src/${name}.js';

it('posts', async () => {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
  expect(await ${name}('crm-sync', 'biz_1')).toBe(201);
  const [url, init] = fetchMock.mock.calls[0]!;
  void url; void init;
  ${read}
});
`;

/** Reads the v3 request answers otherwise (or that this tool cannot tell): their calls stay. */
const HELD: Record<string, string> = {
  length: 'expect(String(url).length).toBeGreaterThan(50);',
  haslength: 'expect(url).toHaveLength(56);',
  satisfy: "expect(url).toSatisfy((u: string) => u.endsWith('/assign'));",
  exec: "expect(/\\/apps\\/([^/]+)\\/assign/.exec(url)?.[1]).toBe('crm-sync');",
  keys: 'expect(Object.keys(JSON.parse(String(init!.body)))).toHaveLength(1);',
  negated: "expect(JSON.parse(String(init!.body))).not.toHaveProperty('assignee_type');",
  snapshot: 'expect(String(url).length).toMatchSnapshot();',
};
/** Reads known to answer alike: their calls move. */
const ALIKE: Record<string, string> = {
  contains: "expect(url).toContain('/apps/');",
  includes: "expect(String(url).includes('assign')).toBe(true);",
  counted: 'expect(fetchMock.mock.calls).toHaveLength(1);',
};

const LOGGING = `export async function logged(code: string, biz: string): Promise<number> {
  const res = await send(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: biz }),
  });
  return res.status;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  console.info(\`POST \${url}\`);
  return fetch(url, init);
}
`;
const loggingTest = (assertion: string) => `import { expect, it, vi } from 'vitest';
import { logged } from '../src/logged.js';

it('logs what it sends', async () => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 201 })));
  const spy = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  expect(await logged('crm-sync', 'biz_1')).toBe(201);
  ${assertion}
});
`;

const HTTP = 'export async function send(url: string, init: RequestInit): Promise<Response> {\n  return fetch(url, init);\n}\n';
const viaHelper = (name: string, http = 'http') => `import { send } from './${http}.js';

export async function ${name}(code: string, biz: string): Promise<number> {
  const res = await send(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: biz }),
  });
  return res.status;
}
`;
const mockedTest = (name: string, assertion: string, http = 'http') => `import { expect, it, vi } from 'vitest';
import { ${name} } from '../src/${name}.js';
import { send } from '../src/${http}.js';

vi.mock('../src/${http}.js');

it('sends through the helper', async () => {
  vi.mocked(send).mockResolvedValue(new Response(null, { status: 201 }));
  expect(await ${name}('crm-sync', 'biz_1')).toBe(201);
  ${assertion}
});
`;

function project(): Record<string, string> {
  const files: Record<string, string> = { 'package.json': PACKAGE, 'tsconfig.json': TSCONFIG, 'vitest.config.ts': VITEST, 'src/http.ts': HTTP };
  for (const [name, read] of Object.entries({ ...HELD, ...ALIKE })) {
    files[`src/${name}.ts`] = direct(name);
    files[`test/${name}.test.ts`] = recordedTest(name, read);
  }
  // The snapshot file as vitest writes it: the URL's length, which spells nothing of the route.
  files['test/__snapshots__/snapshot.test.ts.snap'] = '// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\nexports[`posts 1`] = `56`;\n';
  files['src/logged.ts'] = LOGGING;
  files['test/logged.test.ts'] = loggingTest("expect(spy).toHaveBeenCalledWith(expect.stringContaining('/platform/v1/'));");
  files['src/partofroute.ts'] = viaHelper('partofroute');
  files['test/partofroute.test.ts'] = mockedTest('partofroute', "expect(send).toHaveBeenCalledWith(expect.stringContaining('/crm-sync/'), expect.anything());");
  files['src/notv3.ts'] = viaHelper('notv3');
  files['test/notv3.test.ts'] = mockedTest('notv3', "expect(send).not.toHaveBeenCalledWith(expect.stringContaining('/v3/'), expect.anything());");
  // A mocked helper of its own asserted with what the migration does not change: its call moves.
  files['src/http-any.ts'] = HTTP;
  files['src/anyurl.ts'] = viaHelper('anyurl', 'http-any');
  files['test/anyurl.test.ts'] = mockedTest('anyurl', "expect(send).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ method: 'POST' }));", 'http-any');
  return files;
}

const HELD_MODULES = [...Object.keys(HELD), 'logged', 'partofroute', 'notv3'];
const MOVED_MODULES = [...Object.keys(ALIKE), 'anyurl'];

describe('reads of a recorded request: only the ones known to answer alike let the call move', () => {
  it.each(MODES)('%s: the suite stays green; each held call keeps the deprecated route, each alike one moves', async (_mode, flags) => {
    const dir = tree(project());
    symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const before = await runAppTests(dir);
    expect(before.failures).toEqual([]);
    await migrateHere(dir, [...flags], ['src', 'test']);
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(before.total);
    const source = (name: string) => readFileSync(join(dir, 'src', `${name}.ts`), 'utf8');
    for (const name of HELD_MODULES) {
      expect(source(name), name).toContain('/platform/v1/apps/');
      expect(source(name), name).toContain('TODO(app-assignment):');
    }
    // Read file by file, a call through a helper imported from another module is not seen to be a request: it stays.
    for (const name of flags.length === 0 ? MOVED_MODULES : Object.keys(ALIKE)) expect(source(name), name).toContain('/v3/apps/app_assignments');
  }, 240_000);

  it.each(MODES)('%s: each held assertion says how it reads the request', async (_mode, flags) => {
    const dir = tree(project());
    const out = await command(['migrate', 'src', 'test', '--dry', '--json', ...flags], dir);
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as { files: { path: string; sites: { kind: string; reasons?: { code: string; key?: string }[] }[] }[] };
    const keyOf = (path: string) => report.files.find((f) => f.path === path)?.sites.find((s) => s.kind === 'mock')?.reasons?.find((r) => r.code === 'mock-calls-recorded')?.key;
    expect(keyOf('test/length.test.ts')).toBe('fetchMock.mock.calls, read as `String(url).length` with toBeGreaterThan, a read this tool cannot tell the v3 request answers alike');
    expect(keyOf('test/snapshot.test.ts')).toBe('fetchMock.mock.calls, read as `String(url).length` into a snapshot, a value this tool cannot tell the v3 request keeps');
    expect(keyOf('test/logged.test.ts')).toBe('spy, a spy of something else than a client, compared with the deprecated URL that a helper may have written to it');
    expect(keyOf('test/notv3.test.ts')).toBe('send, asserted never to be given a part of the v3 request: the negation fails once its calls send v3');
    for (const name of Object.keys(ALIKE)) expect(report.files.find((f) => f.path === `test/${name}.test.ts`)?.sites.filter((s) => s.kind === 'mock') ?? []).toEqual([]);
  });
});
