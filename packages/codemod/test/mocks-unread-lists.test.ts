/**
 * What a test's mocks stand for is read wherever it is written, and what cannot be read counts as unknown, never as
 * absent: a runner config's `setupFiles` given through a spread, an imported const, a condition or `concat` (the v3
 * mock a setup file installs then answers before a rewritten one), or a value that cannot be read at all; a
 * fetch-mock matcher held in a const; and fetch-mock's `route()` of the v3 request, which answers before a rewritten
 * route as `fetchMock.post(v3)` does. Each is read in project mode and file by file (`--no-project`); the setup file
 * shapes also run their own suite (vitest and nock) before and after the migration.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateHere as migrateOnDisk } from '../../../scripts/lib/command.mjs';
import { runAppTests, SAMPLE_APP } from '../../../scripts/lib/proof.mjs';
import { command, tree } from './helpers/cli.js';

interface Site {
  readonly line: number;
  readonly kind: string;
  readonly outcome: string;
  readonly migrated: boolean;
  readonly reasons?: readonly { readonly code: string; readonly key?: string }[];
}

const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['src', 'test', '*.ts'] });
const PACKAGE = '{ "name": "p", "private": true, "type": "module" }';
const MODES = [['project', []], ['file by file', ['--no-project']]] as const;

/** A project migrated as a dry run: the sites of each file, by path. */
async function sitesOf(files: Record<string, string>, flags: readonly string[]): Promise<Map<string, Site[]>> {
  const dir = tree({ 'package.json': PACKAGE, 'tsconfig.json': TSCONFIG, ...files });
  const out = await command(['migrate', 'src', 'test', '--dry', '--json', ...flags], dir);
  expect(out.code, out.stderr).toBe(0);
  const report = JSON.parse(out.stdout) as { files: { path: string; sites: Site[] }[] };
  return new Map(report.files.map((file) => [file.path, file.sites]));
}

const all = (sites: Map<string, Site[]>, kind: string) => [...sites.values()].flat().filter((site) => site.kind === kind);
const keys = (site: Site) => (site.reasons ?? []).map((reason) => `${reason.code}: ${reason.key ?? ''}`).join(' | ');

const SHOW = `export async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}
`;

/** The call in the test file itself, so that read file by file the test shows every call its mock stands for. */
const nockTest = (withCall: boolean) => `import nock from 'nock';
import { expect, it } from 'vitest';
${withCall ? SHOW.replace('export ', '') : "import { showToBusiness } from '../src/assign.js';\n"}
it('shows an app to a business', async () => {
  nock('https://api.example.com').post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;

const setupOf = (route: string) => `import nock from 'nock';
import { afterEach, beforeEach } from 'vitest';

// by default the platform refuses new v3 assignments; tests that expect success mock their own
beforeEach(() => {
  nock('https://api.example.com').post('${route}').reply(409, { error: 'conflict' });
});
afterEach(() => nock.cleanAll());
`;

const config = (setupFiles: string, head = '') => `import { defineConfig } from 'vitest/config';
${head}
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ${setupFiles},
  },
});
`;

const SETUP_SHAPES = [
  ['a spread of a const', config('[...common]', "const common = ['./test/setup.ts'];"), {}],
  ['an imported const', config('setupFiles', "import { setupFiles } from './vitest.setup-files.js';").replace('setupFiles: setupFiles', 'setupFiles'), { 'vitest.setup-files.ts': "export const setupFiles = ['./test/setup.ts'];\n" }],
  ['a condition', config("process.env.CI ? ['./test/setup.ts', './test/ci.ts'] : ['./test/setup.ts']"), { 'test/ci.ts': 'export {};\n' }],
  ['concat', config("([] as string[]).concat('./test/setup.ts')"), {}],
  ['a project kept in its own config file (test.projects)', "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { projects: ['./vitest.unit.config.ts'] } });\n", {
    'vitest.unit.config.ts': "import { defineProject } from 'vitest/config';\nexport default defineProject({ test: { name: 'unit', include: ['test/**/*.test.ts'], setupFiles: ['./test/setup.ts'] } });\n",
  }],
] as const;

describe('setupFiles read as the runner evaluates it', () => {
  describe.each(MODES)('%s', (_mode, flags) => {
    it.each(SETUP_SHAPES)('through %s: the setup file\'s v3 mock answers first, so the call and its mock stay', async (_name, vitestConfig, extra) => {
      for (const withCall of [false, true]) {
        const files = { 'vitest.config.ts': vitestConfig, ...extra, 'src/assign.ts': withCall ? 'export {};\n' : SHOW, 'test/setup.ts': setupOf('/v3/apps/app_assignments'), 'test/assign.test.ts': nockTest(withCall) };
        const sites = await sitesOf(files, flags);
        const [mock] = all(sites, 'mock');
        expect(mock!.migrated).toBe(false);
        for (const call of all(sites, 'call')) expect(call.migrated, keys(call)).toBe(false);
        // Read whole, the setup file's mock is named; file by file, a call in another module is held for that already.
        if (withCall || flags.length === 0) expect(keys(mock!)).toContain("mock-v3-route-taken: nock('https://api.example.com').post('/v3/apps/app_assignments') in test/setup.ts");
      }
    });

    it.each(SETUP_SHAPES)('through %s: a setup mock of another v3 route takes nothing, and the call and its mock move', async (_name, vitestConfig, extra) => {
      const files = { 'vitest.config.ts': vitestConfig, ...extra, 'src/assign.ts': 'export {};\n', 'test/setup.ts': setupOf('/v3/users'), 'test/assign.test.ts': nockTest(true) };
      const sites = await sitesOf(files, flags);
      expect(all(sites, 'mock').map((m) => [m.migrated, keys(m)])).toEqual([[true, '']]);
      expect(all(sites, 'call').map((c) => c.migrated)).toEqual([true]);
    });

    it('a test.projects entry that cannot be read (a glob): the setup files are unknown, and the call and its mock stay', async () => {
      const files = {
        'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { projects: ['packages/*'] } });\n",
        'src/assign.ts': 'export {};\n',
        'test/assign.test.ts': nockTest(true),
      };
      const sites = await sitesOf(files, flags);
      const [mock] = all(sites, 'mock');
      expect(mock!.migrated).toBe(false);
      expect(keys(mock!)).toContain("in the setup files that vitest.config.ts:2 lists ('packages/*'), which cannot be read");
    });

    it('a setupFiles value that cannot be read: the setup files are unknown, and the call and its mock stay, naming the config line', async () => {
      const files = {
        'vitest.config.ts': config('setupList()', "import { setupList } from './vitest.lists.js';"),
        'vitest.lists.ts': "export function setupList(): string[] {\n  return ['./test/setup.ts'];\n}\n",
        'src/assign.ts': 'export {};\n',
        'test/setup.ts': setupOf('/v3/apps/app_assignments'),
        'test/assign.test.ts': nockTest(true),
      };
      const sites = await sitesOf(files, flags);
      const [mock] = all(sites, 'mock');
      expect(mock!.migrated).toBe(false);
      expect(keys(mock!)).toContain('mock-v3-route-taken: in the setup files that vitest.config.ts:7 lists (setupList()), which cannot be read');
      expect(all(sites, 'call').map((c) => [c.migrated, c.reasons?.[0]?.code])).toEqual([[false, 'call-mock-held']]);
    });
  });

  // The suites themselves: green before, and green after one run (project mode: file by file, the call in another
  // module stays with its test's mock whatever the setup files hold).
  const HEAVY = 240_000;
  it('the suites of a spread, of an imported const and of a project config file stay green after migrate', async () => {
    for (const [name, vitestConfig, extra] of [...SETUP_SHAPES.slice(0, 2), SETUP_SHAPES[4]]) {
      const dir = tree({ 'package.json': PACKAGE, 'tsconfig.json': TSCONFIG, 'vitest.config.ts': vitestConfig, ...extra, 'src/assign.ts': SHOW, 'test/setup.ts': setupOf('/v3/apps/app_assignments'), 'test/assign.test.ts': nockTest(false) });
      symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const before = await runAppTests(dir);
      expect(before.failures, name).toEqual([]);
      expect(before.passed, name).toBe(1);
      await migrateOnDisk(dir, [], ['src', 'test']);
      expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8'), name).toContain('/platform/v1/apps/');
      const after = await runAppTests(dir);
      expect(after.failures, name).toEqual([]);
      expect(after.passed, name).toBe(1);
    }
  }, HEAVY);
});

const FETCH_MOCK_TEST = (routes: string, head = '') => `import fetchMock from 'fetch-mock';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';

beforeAll(() => fetchMock.mockGlobal());
afterEach(() => fetchMock.removeRoutes().clearHistory());
${head}
it('shows crm-sync to a business', async () => {
${routes}
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;

describe('fetch-mock: a matcher held in a const, and route() of the v3 request', () => {
  describe.each(MODES)('%s', (_mode, flags) => {
    const run = async (test: string, extra: Record<string, string> = {}) => sitesOf({ 'src/assign.ts': SHOW, 'test/assign.test.ts': test, ...extra }, flags);

    it('a matcher object in a const with params: the route cannot follow, so the mock and its call stay', async () => {
      const sites = await run(FETCH_MOCK_TEST(`  const onlyCrm = { url: 'express:/platform/v1/apps/:id/assign', method: 'POST', params: { id: 'crm-sync' } };\n  fetchMock.route(onlyCrm, 201).catch(404);`));
      const [mock] = all(sites, 'mock');
      expect([mock!.migrated, keys(mock!)]).toEqual([false, expect.stringContaining("the route's parameters (its params option)")]);
      expect(all(sites, 'call').map((c) => c.migrated)).toEqual([false]);
    });

    it('a matcher object in a const with the deprecated URL follows its call, rewritten where the const is written', async () => {
      const sites = await run(FETCH_MOCK_TEST(`  const onlyCrm = { url: 'https://api.example.com/platform/v1/apps/crm-sync/assign', method: 'POST' };\n  fetchMock.route(onlyCrm, 201).catch(404);`));
      // Read file by file, the test does not show the call in the module it imports: both stay.
      const moved = flags.length === 0;
      expect(all(sites, 'mock').map((m) => m.migrated)).toEqual([moved]);
      expect(all(sites, 'call').map((c) => c.migrated)).toEqual([moved]);
    });

    it('a matcher that is a member of a const object with params: the route cannot follow, so the mock and its call stay', async () => {
      const sites = await run(FETCH_MOCK_TEST(`  const matchers = { crm: { url: 'express:/platform/v1/apps/:id/assign', method: 'POST', params: { id: 'crm-sync' } } };\n  fetchMock.route(matchers.crm, 201).catch(404);`));
      const [mock] = all(sites, 'mock');
      expect([mock!.migrated, keys(mock!)]).toEqual([false, expect.stringContaining("the route's parameters (its params option)")]);
      expect(all(sites, 'call').map((c) => c.migrated)).toEqual([false]);
    });

    it('a matcher that is a member of a const object with the deprecated URL follows its call (in a project)', async () => {
      const sites = await run(FETCH_MOCK_TEST(`  const matchers = { crm: { url: 'https://api.example.com/platform/v1/apps/crm-sync/assign', method: 'POST' } };\n  fetchMock.route(matchers.crm, 201).catch(404);`));
      const moved = flags.length === 0;
      expect(all(sites, 'mock').map((m) => m.migrated)).toEqual([moved]);
      expect(all(sites, 'call').map((c) => c.migrated)).toEqual([moved]);
    });

    it('a matcher held by a name whose value cannot be read is a mock that may be of the request: the call stays', async () => {
      const sites = await run(FETCH_MOCK_TEST(`  fetchMock.route(matcher, 201).catch(404);`, 'let matcher: object = { url: \'begin:https://api.example.com/platform/\' };\n'));
      const [mock] = all(sites, 'mock');
      expect(mock!.migrated).toBe(false);
      expect(keys(mock!)).toContain('matcher, whose value cannot be read');
      expect(all(sites, 'call').map((c) => c.migrated)).toEqual([false]);
    });

    const V1_ROUTE = "  fetchMock.route('https://api.example.com/platform/v1/apps/crm-sync/assign', 201, { method: 'POST', body: { business_uid: 'biz_1' } });";
    it.each([
      ['with the method in its options', "fetchMock.route('https://api.example.com/v3/apps/app_assignments', 409, { method: 'POST' })"],
      ['with a matcher object', "fetchMock.route({ url: 'https://api.example.com/v3/apps/app_assignments', method: 'POST' }, 409)"],
    ])('a v3 route() %s in the test answers first: the route and its call stay', async (_name, v3) => {
      const sites = await run(FETCH_MOCK_TEST(V1_ROUTE, `beforeEach(() => {\n  ${v3};\n});\n`).replace('beforeAll, expect', 'beforeAll, beforeEach, expect'));
      const [mock] = all(sites, 'mock');
      expect(mock!.migrated).toBe(false);
      if (flags.length === 0) expect(keys(mock!)).toContain('mock-v3-route-taken: fetchMock.route(');
      expect(all(sites, 'call').map((c) => c.migrated)).toEqual([false]);
    });

    it('a v3 route() in a setup file answers first; one of another method takes nothing', async () => {
      const setup = (method: string) => `import fetchMock from 'fetch-mock';\nimport { beforeEach } from 'vitest';\n\nbeforeEach(() => {\n  fetchMock.route({ url: 'https://api.example.com/v3/apps/app_assignments', method: '${method}' }, 409);\n});\n`;
      const inline = FETCH_MOCK_TEST(V1_ROUTE).replace("import { showToBusiness } from '../src/assign.js';\n", SHOW.replace('export ', ''));
      const files = (method: string) => ({ 'vitest.config.ts': config("['./test/setup.ts']"), 'test/setup.ts': setup(method), 'src/assign.ts': 'export {};\n' });
      const taken = await run(inline, files('POST'));
      expect(all(taken, 'mock').map((m) => [m.migrated, keys(m).includes('mock-v3-route-taken: fetchMock.route({ url:')])).toEqual([[false, true]]);
      expect(all(taken, 'call').map((c) => c.migrated)).toEqual([false]);
      const free = await run(inline, files('GET'));
      expect(all(free, 'mock').map((m) => m.migrated)).toEqual([true]);
      expect(all(free, 'call').map((c) => c.migrated)).toEqual([true]);
    });
  });
});

describe('msw: an override list spread into server.use from another module', () => {
  const files = (dryRun: string) => ({
    'vitest.config.ts': config("['./test/setup.ts']"),
    'src/assign.ts': SHOW,
    'test/server.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

type LegacyBody = { business_uid?: string; directory_uid?: string };
export const server = setupServer(
  http.post<{ id: string }, LegacyBody>('*/platform/v1/apps/:id/assign', ({ params }) =>
    HttpResponse.json({ app: params.id }, { status: 201 })),
);
`,
    'test/dry-run.ts': `import { http, HttpResponse } from 'msw';

/** answers any POST marked dry_run; everything else goes on to the route handlers */
export const dryRunHandlers = [
  ${dryRun},
];
`,
    'test/setup.ts': `import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server.js';
import { dryRunHandlers } from './dry-run.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...dryRunHandlers));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
`,
    'test/assign.test.ts': `import { expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';

it('shows an app to a business', async () => {
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`,
  });
  const READS_BODY = `http.post<never, { dry_run?: boolean }>('*', async ({ request }) => {
    const body = await request.json();
    if (body.dry_run) return HttpResponse.json({ app: 'dry-run' }, { status: 200 });
    return undefined;
  })`;
  const READS_NOTHING = `http.post('*/dry-run', () => HttpResponse.json({ app: 'dry-run' }, { status: 200 }))`;

  it.each(MODES)('%s: an override that reads the body runs first, so the handler that reads params.id and its call stay', async (mode, flags) => {
    const sites = await sitesOf(files(READS_BODY), flags);
    const [mock] = all(sites, 'mock');
    expect(mock!.migrated).toBe(false);
    if (mode === 'project') expect(keys(mock!)).toContain("the handler http.post('*', …), installed in test/setup.ts, may read the body first");
    expect(all(sites, 'call').map((c) => c.migrated)).toEqual([false]);
  });

  it('a list that cannot be read may hold such an override: the handler and its call stay', async () => {
    const unread = { ...files(READS_BODY), 'test/setup.ts': files(READS_BODY)['test/setup.ts'].replace("import { dryRunHandlers } from './dry-run.js';", "import { dryRun } from './dry-run.js';\nconst dryRunHandlers = dryRun();") };
    const sites = await sitesOf(unread, []);
    expect(keys(all(sites, 'mock')[0]!)).toContain('...dryRunHandlers, which cannot be read');
    expect(all(sites, 'call').map((c) => c.migrated)).toEqual([false]);
  });

  const INSTALLED = [
    ['an element', 'beforeEach(() => server.use(...dryRunHandlers));', 'beforeEach(() => server.use(dryRunHandlers[0]!));'],
    ['a for…of loop', 'beforeEach(() => server.use(...dryRunHandlers));', 'beforeEach(() => {\n  for (const h of dryRunHandlers) server.use(h);\n});'],
    ['forEach', 'beforeEach(() => server.use(...dryRunHandlers));', 'beforeEach(() => dryRunHandlers.forEach((h) => server.use(h)));'],
    ['apply', 'beforeEach(() => server.use(...dryRunHandlers));', 'beforeEach(() => server.use.apply(server, dryRunHandlers));'],
  ] as const;

  it.each(INSTALLED)('a list installed one by one (%s) is installed as well: the handler and its call stay', async (_name, from, to) => {
    const base = files(READS_BODY);
    const sites = await sitesOf({ ...base, 'test/setup.ts': base['test/setup.ts'].replace(from, to) }, []);
    const [mock] = all(sites, 'mock');
    expect(mock!.migrated).toBe(false);
    expect(keys(mock!)).toContain("the handler http.post('*', …), installed in test/setup.ts, may read the body first");
    expect(all(sites, 'call').map((c) => c.migrated)).toEqual([false]);
  });

  it('a list installed one by one that reads nothing of the request leaves the handler free to follow its call', async () => {
    const base = files(READS_NOTHING);
    const sites = await sitesOf({ ...base, 'test/setup.ts': base['test/setup.ts'].replace('server.use(...dryRunHandlers)', 'dryRunHandlers.forEach((h) => server.use(h))') }, []);
    expect(all(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(all(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('a list installed element by element: the suite stays green after migrate', async () => {
    const base = files(READS_BODY);
    const dir = tree({ 'package.json': PACKAGE, 'tsconfig.json': TSCONFIG, ...base, 'test/setup.ts': base['test/setup.ts'].replace('server.use(...dryRunHandlers)', 'server.use(dryRunHandlers[0]!)') });
    symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
    expect((await runAppTests(dir)).failures).toEqual([]);
    await migrateOnDisk(dir, [], ['src', 'test']);
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(1);
  }, 240_000);

  it('an override list that reads nothing of the request leaves the handler free to follow its call', async () => {
    const sites = await sitesOf(files(READS_NOTHING), []);
    expect(all(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(all(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('the suite stays green after migrate', async () => {
    const dir = tree({ 'package.json': PACKAGE, 'tsconfig.json': TSCONFIG, ...files(READS_BODY) });
    symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
    expect((await runAppTests(dir)).failures).toEqual([]);
    await migrateOnDisk(dir, [], ['src', 'test']);
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(1);
  }, 240_000);
});

describe('assertions of the recorded URL, and of a mocked function of the program: the suites stay green', () => {
  const assertion = (line: string, title: string) => `
it('${title}', async () => {
  const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 201 }));
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
  ${line}
});
`;
  const spyTest = (lines: readonly string[]) => `import { afterEach, expect, it, vi } from 'vitest';
import { showToBusiness } from '../src/assign.js';

afterEach(() => vi.restoreAllMocks());
${lines.map((line, index) => assertion(line, `assertion ${index + 1}`)).join('')}`;
  const HTTP = `export async function send(url: string, init: RequestInit): Promise<number> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json' } });
  return res.status;
}
`;
  const VIA_HELPER = `import { send } from './http.js';

export const assignToDirectory = (code: string, dir: string) =>
  send(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: dir }) });
`;
  const helperTest = (line: string) => `import { expect, it, vi } from 'vitest';
import { send } from '../src/http.js';
import { assignToDirectory } from '../src/assign-dir.js';

vi.mock('../src/http.js');

it('assigns through the http helper', async () => {
  vi.mocked(send).mockResolvedValue(201);
  expect(await assignToDirectory('crm', 'dir_1')).toBe(201);
  ${line}
});
`;
  const project = (lines: readonly string[], helperLine: string) => ({
    'package.json': PACKAGE,
    'tsconfig.json': TSCONFIG,
    'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n`,
    'src/assign.ts': SHOW,
    'src/http.ts': HTTP,
    'src/assign-dir.ts': VIA_HELPER,
    'test/assign.test.ts': spyTest(lines),
    'test/assign-dir.test.ts': helperTest(helperLine),
  });

  const READS_OLD = [
    "expect(spy).toHaveBeenCalledWith(expect.stringMatching('platform/v1'), expect.anything());",
    "expect(spy.mock.calls[0][0]).toContain('/platform/');",
    "expect(spy).toHaveBeenCalledWith(expect.stringContaining('crm-sync'), expect.anything());",
    'expect(String(spy.mock.calls[0][0])).toMatch(/crm-sync/);',
    "expect(String(spy.mock.calls[0][0]).endsWith('/assign')).toBe(true);",
    "expect(spy.mock.calls[0]).toEqual([expect.stringContaining('/crm-sync/'), expect.anything()]);",
    "expect(String(spy.mock.lastCall?.[0]).split('/').at(-2)).toBe('crm-sync');",
  ];
  const READS_ALIKE = [
    "expect(spy.mock.calls[0][0]).toContain('api.example.com');",
    "expect(String(spy.mock.calls[0][0]).startsWith('https://api.example.com/')).toBe(true);",
  ];

  async function migrateAndRun(files: Record<string, string>) {
    const dir = tree(files);
    symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const before = await runAppTests(dir);
    expect(before.failures).toEqual([]);
    await migrateOnDisk(dir, [], ['src', 'test']);
    const after = await runAppTests(dir);
    expect(after.failures).toEqual([]);
    expect(after.passed).toBe(before.total);
    return (file: string) => readFileSync(join(dir, file), 'utf8');
  }

  it('reads the v3 URL answers otherwise hold their calls (the suite stays green); reads it answers alike let them move', async () => {
    const held = await migrateAndRun(project(READS_OLD, "expect(send).toHaveBeenCalledWith('https://api.example.com/platform/v1/apps/crm/assign', expect.objectContaining({ method: 'POST' }));"));
    expect(held('src/assign.ts')).toContain('/platform/v1/apps/');
    expect(held('src/assign-dir.ts')).toContain('/platform/v1/apps/');
    const moved = await migrateAndRun(project(READS_ALIKE, "expect(send).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ method: 'POST' }));"));
    expect(moved('src/assign.ts')).toContain('/v3/apps/app_assignments');
    expect(moved('src/assign-dir.ts')).toContain('/v3/apps/app_assignments');
  }, 240_000);
});

describe("msw: an override of a setup file that reads the body, read file by file as in project mode", () => {
  // The test's own handler is installed in beforeAll: the setup file's beforeEach override comes later, so msw runs it
  // first, and it reads the body before falling through to the handler.
  const SETUP = (override: string) => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

const server = setupServer();
Object.assign(globalThis, { mswServer: server });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.use(${override});
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
`;
  const READS_BODY = `http.post('*', async ({ request }) => {
    const body = await request.json();
    if (body !== null && typeof body === 'object' && 'dry_run' in body) return HttpResponse.json({ app: 'dry-run' }, { status: 200 });
    return undefined;
  })`;
  const READS_NOTHING = "http.post('*/dry-run', () => HttpResponse.json({ app: 'dry-run' }, { status: 200 }))";
  // The call in the test file itself, which imports no module of the program: read alone, it shows every call its
  // handler stands for.
  const TEST = `import { http, HttpResponse } from 'msw';
import type { SetupServerApi } from 'msw/node';
import { beforeAll, expect, it } from 'vitest';

const server = (globalThis as unknown as { mswServer: SetupServerApi }).mswServer;
${SHOW.replace('export ', '')}
beforeAll(() => {
  server.use(http.post<{ id: string }, { business_uid?: string }>('*/platform/v1/apps/:id/assign', ({ params }) => HttpResponse.json({ app: params.id }, { status: 201 })));
});

it('shows an app to a business', async () => {
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;
  const files = (override: string) => ({ 'vitest.config.ts': config("['./test/setup.ts']"), 'src/assign.ts': 'export {};\n', 'test/setup.ts': SETUP(override), 'test/assign.test.ts': TEST });

  it.each(MODES)('%s: the handler that reads params.id and its call stay, naming the override', async (_mode, flags) => {
    const sites = await sitesOf(files(READS_BODY), flags);
    const [mock] = all(sites, 'mock');
    expect(mock!.migrated).toBe(false);
    expect(keys(mock!)).toContain("mock-resolver-reads: params.id (a read of the body added for it would fail: the handler http.post('*', …) in test/setup.ts may read the body first and fall through to it)");
    expect(all(sites, 'call').map((c) => [c.migrated, c.reasons?.[0]?.code])).toEqual([[false, 'call-mock-held']]);
  });

  it.each(MODES)('%s: an override that reads nothing of the request leaves the handler free to follow its call', async (_mode, flags) => {
    const sites = await sitesOf(files(READS_NOTHING), flags);
    expect(all(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(all(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('file by file, the suites stay green after migrate: held behind the override, moved without it', async () => {
    for (const [override, moved] of [[READS_BODY, false], [READS_NOTHING, true]] as const) {
      const dir = tree({ 'package.json': PACKAGE, 'tsconfig.json': TSCONFIG, ...files(override) });
      symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
      expect((await runAppTests(dir)).failures).toEqual([]);
      await migrateOnDisk(dir, ['--no-project'], ['src', 'test']);
      const test = readFileSync(join(dir, 'test/assign.test.ts'), 'utf8');
      expect(test.includes('/v3/apps/app_assignments`'), override).toBe(moved);
      const after = await runAppTests(dir);
      expect(after.failures, override).toEqual([]);
      expect(after.passed).toBe(1);
    }
  }, 240_000);
});
