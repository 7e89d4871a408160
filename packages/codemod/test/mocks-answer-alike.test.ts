/**
 * A call and its mocks are one group, and a mock rewritten with its calls must answer the migrated request exactly as
 * it answered the old one. These projects are the shapes where a mock was rewritten and answered otherwise, or stayed
 * on the old route while its call moved: each must now be rewritten exactly, or keep the mock and its calls on the
 * old route, each naming the other. Every project runs through the CLI in project mode, with `--tests follow` (the
 * default: the calls wait for their mocks) and `--tests ignore` (the calls move; the mocks still follow or stay).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { command, tree } from './helpers/cli.js';

interface Site {
  readonly line: number;
  readonly kind: string;
  readonly outcome: string;
  readonly migrated: boolean;
  readonly reasons?: readonly { readonly code: string; readonly key?: string }[];
}

const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['src', 'test', '*.ts'] });

/** A project (package.json and tsconfig.json added), migrated as a dry run: the sites of each file by path. */
async function run(files: Record<string, string>, tests: 'follow' | 'ignore' = 'follow'): Promise<Map<string, Site[]>> {
  const dir = tree({ 'package.json': '{ "name": "p", "private": true, "type": "module" }', 'tsconfig.json': TSCONFIG, ...files });
  const out = await command(['migrate', '.', '--dry', '--json', '--tests', tests], dir);
  expect(out.code, out.stderr).toBe(0);
  const report = JSON.parse(out.stdout) as { mode: { kind: string }; files: { path: string; sites: Site[] }[] };
  expect(report.mode.kind).toBe('project');
  return new Map(report.files.map((file) => [file.path, file.sites]));
}

const kinds = (sites: Map<string, Site[]>, kind: 'call' | 'mock') =>
  [...sites].flatMap(([path, list]) => list.filter((site) => site.kind === kind).map((site) => ({ path, ...site })));
const codes = (site: Site) => (site.reasons ?? []).map((reason) => reason.code);

/** Every call held on the old route by a mock, and every mock held with a reason of its own that names its calls. */
function expectGroupKept(sites: Map<string, Site[]>, mockReason: string) {
  const mocks = kinds(sites, 'mock');
  const calls = kinds(sites, 'call');
  expect(mocks.length).toBeGreaterThan(0);
  for (const mock of mocks) {
    expect(mock.migrated, mock.path).toBe(false);
    expect(codes(mock), mock.path).toContain(mockReason);
    expect(codes(mock), mock.path).toContain('mock-keeps-calls');
  }
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) expect(codes(call), call.path).toEqual(['call-mock-held']);
  // The calls of a wrapper in the tests go with it.
  for (const site of [...sites.values()].flat()) expect(site.migrated).toBe(false);
  return { mocks, calls };
}

const PUBLISH = `export async function publish(appCode: string, directoryUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ directory_uid: directoryUid, pre_installed: 'true' }),
  });
  return response.status;
}
`;

describe('a handler of the v3 route that answers next to the rewritten one', () => {
  const v3Handlers = `import { http, HttpResponse } from 'msw';
import { V3_ASSIGNMENTS } from './routes.js';

export const handlers = [
  http.get('*/v3/apps', () => HttpResponse.json([])),
  http.post(V3_ASSIGNMENTS, () => HttpResponse.json({ status: 'pending_review' }, { status: 202 })),
];
`;
  const spreadingTest = (order: 'v3 first' | 'old first') => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handlers } from '../src/mocks/handlers.js';
import { publish } from '../src/publish.js';

const server = setupServer(
  ${order === 'v3 first' ? '...handlers,\n  ' : ''}http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' }, { status: 201 })),${order === 'old first' ? '\n  ...handlers,' : ''}
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('publishes an app at once', async () => {
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`;
  const files = (order: 'v3 first' | 'old first') => ({
    'src/publish.ts': PUBLISH,
    'src/mocks/routes.ts': `export const V3_ASSIGNMENTS = 'https://api.example.com/v3/apps/app_assignments';\n`,
    'src/mocks/handlers.ts': v3Handlers,
    'test/publish.test.ts': spreadingTest(order),
  });

  it.each(['v3 first', 'old first'] as const)('spread from an imported module, its route an imported const (%s): the handler and its call stay, each naming the other', async (order) => {
    const sites = await run(files(order));
    const { mocks, calls } = expectGroupKept(sites, 'mock-v3-route-taken');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-v3-route-taken')!.key).toBe('http.post(V3_ASSIGNMENTS, …) in src/mocks/handlers.ts');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-keeps-calls')!.key).toBe('in publish (src/publish.ts)');
    expect(calls[0]!.reasons![0]!.key).toContain('handler in test/publish.test.ts');
  });

  it('with --tests ignore the call moves, and the handler still stays', async () => {
    const sites = await run(files('v3 first'), 'ignore');
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(sites, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-v3-route-taken']]);
  });

  it('the deprecated handler in the shared module, the v3 one in the test that spreads it', async () => {
    const sites = await run({
      'src/publish.ts': PUBLISH,
      'test/handlers.ts': `import { http, HttpResponse } from 'msw';\n\nexport const handlers = [http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' }, { status: 201 }))];\n`,
      'test/publish.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';
import { handlers } from './handlers.js';

const V3 = \`\${'https://api.example.com'}/v3/apps/app_assignments\`;
const server = setupServer(http.post(V3, () => new HttpResponse(null, { status: 202 })), ...handlers);

it('publishes', async () => {
  server.listen();
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`,
    });
    expectGroupKept(sites, 'mock-v3-route-taken');
  });

  it('a route held by a const in the same file', async () => {
    const sites = await run({
      'src/publish.ts': PUBLISH,
      'test/publish.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

const V3_ASSIGNMENTS = 'https://api.example.com/v3/apps/app_assignments';
const server = setupServer(
  http.post(V3_ASSIGNMENTS, () => HttpResponse.json({ status: 'pending_review' }, { status: 202 })),
  http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' }, { status: 201 })),
);

it('pre-installs at once', async () => {
  server.listen();
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`,
    });
    expectGroupKept(sites, 'mock-v3-route-taken');
  });

  // msw answers POST …/app_assignments with a handler of `…/app_assignments/:uid?` (the parameter is optional), not
  // with one of `…/app_assignments/:uid`.
  const v3Before = (route: string) => ({
    'src/publish.ts': PUBLISH,
    'test/publish.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

const server = setupServer(
  http.post('${route}', () => new HttpResponse(null, { status: 409 })),
  http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' }, { status: 201 })),
);

it('pre-installs at once', async () => {
  server.listen();
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`,
  });

  it('a v3 route whose last parameter is optional answers the v3 request: the handler and its call stay', async () => {
    const { mocks } = expectGroupKept(await run(v3Before('*/v3/apps/app_assignments/:uid?')), 'mock-v3-route-taken');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-v3-route-taken')!.key).toContain(':uid?');
  });

  // path-to-regexp 6, as msw reads it: `:uid*` and a group `{/:uid}?` may be absent, and letters match in any case.
  it.each(['*/v3/apps/app_assignments/:uid*', '*/v3/apps/app_assignments{/:uid}?', '*/V3/Apps/App_Assignments', '*/v3/apps/:kind(app_assignments|app_installs)'])(
    'a v3 route msw also matches the v3 request with (%s): the handler and its call stay',
    async (route) => {
      const { mocks } = expectGroupKept(await run(v3Before(route)), 'mock-v3-route-taken');
      expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-v3-route-taken')!.key).toContain(route.slice(1));
    },
  );

  it.each(['*/v3/apps/app_assignments/:uid+', '*/v3/apps/app_assignments{/:uid}', '*/v3/apps/:kind(app_installs)'])(
    'a v3 route that needs more than the v3 request has (%s): the handler follows its call',
    async (route) => {
      const sites = await run(v3Before(route));
      expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
      expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
    },
  );

  it('a v3 route whose last parameter is required answers only a request of one assignment: the handler follows its call', async () => {
    const sites = await run(v3Before('*/v3/apps/app_assignments/:uid'));
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('handlers of other routes, and a catch-all that answered the old request too, take nothing', async () => {
    const sites = await run({
      'src/publish.ts': PUBLISH,
      'test/publish.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

const USERS = 'https://api.example.com/v3/users';
const server = setupServer(
  http.post(USERS, () => HttpResponse.json({})),
  http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' }, { status: 201 })),
  http.post('*', () => HttpResponse.json({}, { status: 500 })),
);

it('publishes', async () => {
  server.listen();
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`,
    });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  const SHOW_AXIOS = `import axios from 'axios';

export async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const res = await axios.post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { business_uid: businessUid }, { validateStatus: () => true });
  return res.status;
}
`;
  const ONBOARDING = `import axios from 'axios';

export async function startOnboarding(directoryUid: string): Promise<number> {
  const res = await axios.post('https://api.example.com/v3/apps/app_assignments', { assignee_type: 'directory', assignee_uid: directoryUid, app_code_name: 'starter-kit' });
  return res.status;
}
`;
  const platformTest = (imports: string, setup: string) => `${imports}
import { beforeAll, expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';
import { startOnboarding } from '../src/onboarding.js';

beforeAll(() => {
${setup}
});

it('starts onboarding', async () => {
  expect(await startOnboarding('dir_new')).toBe(202);
});

it('shows crm-sync to a business at once', async () => {
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;

  // nock, axios-mock-adapter and fetch-mock answer with the first interceptor or route that matches, as msw does: the
  // body-less v3 one answers the rewritten one's request (202 where it was 201), or, the other way round, the rewritten
  // one answers onboarding's.
  it.each([
    ['nock', `import nock from 'nock';`, `  nock('https://api.example.com').persist().post('/v3/apps/app_assignments').reply(202);
  nock('https://api.example.com').persist().post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);`],
    ['nock, the v3 interceptor after it', `import nock from 'nock';`, `  nock('https://api.example.com').persist().post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);
  nock('https://api.example.com').persist().post('/v3/apps/app_assignments').reply(202);`],
    ['axios-mock-adapter', `import axios from 'axios';\nimport MockAdapter from 'axios-mock-adapter';`, `  const mock = new MockAdapter(axios);
  mock.onPost('https://api.example.com/v3/apps/app_assignments').reply(202);
  mock.onPost('https://api.example.com/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);`],
    ['fetch-mock', `import fetchMock from 'fetch-mock';`, `  fetchMock.post('path:/v3/apps/app_assignments', 202);
  fetchMock.post('https://api.example.com/platform/v1/apps/crm-sync/assign', 201, { body: { business_uid: 'biz_1' } });`],
  ])('%s: an existing mock of the v3 route holds the rewrite, and the call stays with it', async (_name, imports, setup) => {
    const sites = await run({ 'src/assign.ts': SHOW_AXIOS, 'src/onboarding.ts': ONBOARDING, 'test/platform.test.ts': platformTest(imports, setup) });
    const { mocks, calls } = expectGroupKept(sites, 'mock-v3-route-taken');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-v3-route-taken')!.key).toContain('/v3/apps/app_assignments');
    expect(calls[0]!.reasons![0]!.key).toContain('mock in test/platform.test.ts');
  });

  it.each([
    ['nock(API)', `  nock('https://api.example.com').persist().post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201).post('/v3/apps/app_assignments').reply(202);`, `nock('https://api.example.com')….post('/v3/apps/app_assignments') in test/platform.test.ts`],
    ['a scope const', `  const scope = nock('https://api.example.com').persist();\n  scope.post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201).post('/v3/apps/app_assignments').reply(202);`, `scope….post('/v3/apps/app_assignments') in test/platform.test.ts`],
  ])('nock: one chain on %s with the deprecated and the v3 interceptor names the v3 one by its own text', async (_name, setup, key) => {
    const sites = await run({ 'src/assign.ts': SHOW_AXIOS, 'src/onboarding.ts': ONBOARDING, 'test/platform.test.ts': platformTest(`import nock from 'nock';`, setup) });
    const { mocks } = expectGroupKept(sites, 'mock-v3-route-taken');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-v3-route-taken')!.key).toBe(key);
  });

  it('nock: the deprecated interceptor\'s own route, built by concatenation, is no v3 route', async () => {
    const sites = await run({
      'src/assign.ts': SHOW_AXIOS,
      'test/platform.test.ts': `import nock from 'nock';
import { expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';

const PLATFORM = '/platform/v1';

it('shows crm-sync to a business at once', async () => {
  nock('https://api.example.com').post(PLATFORM + '/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`,
    });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('nock: an interceptor of another v3 route takes nothing', async () => {
    const sites = await run({
      'src/assign.ts': SHOW_AXIOS,
      'test/platform.test.ts': `import nock from 'nock';
import { expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';

it('shows crm-sync to a business at once', async () => {
  nock('https://api.example.com').post('/v3/apps').reply(200);
  nock('https://api.example.com').post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`,
    });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });
});

describe('a function that answers the request reads it too', () => {
  const SHOW = `import axios from 'axios';

export async function showApp(appCode: string, businessUid: string): Promise<number> {
  const res = await axios.post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { business_uid: businessUid }, { validateStatus: () => true });
  return res.status;
}
`;
  const nockTest = (reply: string) => `import nock from 'nock';
import { expect, it } from 'vitest';
import { showApp } from '../src/visibility.js';

const visibleTo = new Set(['biz_1']);

it('answers 409 when crm-sync is already visible', async () => {
  nock('https://api.example.com')
    .post('/platform/v1/apps/crm-sync/assign', (body) => typeof body.business_uid === 'string')
    ${reply};
  expect(await showApp('crm-sync', 'biz_1')).toBe(409);
});
`;

  it.each([
    ['nock, an arrow function', `.reply((_uri, body) => (visibleTo.has((body as { business_uid: string }).business_uid) ? [409, {}] : [201, {}]))`, 'the request in its reply function (body)'],
    ['nock, a status and a function', `.reply(201, (uri) => ({ uri }))`, 'the request in its reply function (uri)'],
    ['nock, a function that reads this.req', `.reply(function () { return [this.req.path.includes('crm-sync') ? 409 : 201, {}]; })`, 'the request in its reply function (this.req)'],
  ])('%s: the mock and its call stay', async (_name, reply, read) => {
    const files = { 'src/visibility.ts': SHOW, 'test/visibility.test.ts': nockTest(reply) };
    const { mocks } = expectGroupKept(await run(files), 'mock-resolver-reads');
    expect(mocks[0]!.reasons!.map((r) => r.key)).toContain(read);
    const ignored = await run(files, 'ignore');
    expect(kinds(ignored, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(ignored, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-resolver-reads']]);
  });

  it('axios-mock-adapter, a reply function of the config', async () => {
    const sites = await run({
      'src/visibility.ts': SHOW,
      'test/visibility.test.ts': `import axios from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { expect, it } from 'vitest';
import { showApp } from '../src/visibility.js';

const mock = new MockAdapter(axios);

it('answers 409 for a business that sees it', async () => {
  mock.onPost('https://api.example.com/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply((config) => {
    const { business_uid } = JSON.parse(config.data as string) as { business_uid: string };
    return [business_uid === 'biz_1' ? 409 : 201, {}];
  });
  expect(await showApp('crm-sync', 'biz_1')).toBe(409);
});
`,
    });
    const { mocks } = expectGroupKept(sites, 'mock-resolver-reads');
    expect(mocks[0]!.reasons!.map((r) => r.key)).toContain('the request in its reply function (config)');
  });

  it.each([
    ['a status and a body', `.reply(409, { error: 'already assigned' })`],
    ['a function that reads nothing of the request', `.reply(() => [409, { error: 'already assigned' }])`],
  ])('nock, %s: rewritten with its call', async (_name, reply) => {
    const sites = await run({ 'src/visibility.ts': SHOW, 'test/visibility.test.ts': nockTest(reply) });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });
});

describe('a handler that stands for the calls of more tests than its importers', () => {
  const OFFER = `export async function offer(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}
`;
  const EVERYONE = `export async function installForEveryone(appCode: string, directoryUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ directory_uid: directoryUid, built_in: 'true' }),
  });
  return response.status;
}
`;
  const EVERYONE_TEST = `import { expect, it } from 'vitest';
import { installForEveryone } from '../src/everyone.js';

it('installs an app for everyone', async () => {
  expect(await installForEveryone('crm-sync', 'dir_1')).toBe(200);
});
`;
  const OFFER_TEST = (server: string) => `import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { server } from '${server}';

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(200);
});

it('passes the platform error on', async () => {
  server.use(http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ error: 'down' }, { status: 503 })));
  expect(await offer('crm-sync', 'biz_1')).toBe(503);
});
`;

  /** The handler of the setup module waits for the built_in call, and keeps the call of the test that imports it. */
  function expectSetupKeepsOffer(sites: Map<string, Site[]>, handlers: string) {
    const setup = sites.get(handlers)!.filter((site) => site.kind === 'mock');
    expect(setup.map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-call-held', 'mock-keeps-calls']]]);
    const offer = sites.get('src/offer.ts')!.filter((site) => site.kind === 'call');
    expect(offer.map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
    expect(offer[0]!.reasons![0]!.key).toContain(`handler in ${handlers}`);
    // The override waits for its call.
    expect(sites.get('test/offer.test.ts')!.filter((site) => site.kind === 'mock').map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-call-held']]]);
  }

  // A setup file the runner loads before every test installs a mock of the v3 route; no test imports it.
  const SHOW_FETCH = `export async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}
`;
  const nockSetup = (config: Record<string, string>, interceptor: string) => ({
    ...config,
    'src/assign.ts': SHOW_FETCH,
    'test/setup.ts': `import nock from 'nock';\nimport { afterEach, beforeEach } from 'vitest';\n\nbeforeEach(() => {\n  nock('https://api.example.com')${interceptor}.reply(409);\n});\nafterEach(() => nock.cleanAll());\n`,
    'test/assign.test.ts': `import nock from 'nock';
import { expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';

it('shows an app to a business', async () => {
  nock('https://api.example.com').post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`,
  });
  const VITEST_SETUP = { 'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'], setupFiles: ['./test/setup.ts'] } });\n` };
  const JEST_SETUP = { 'jest.config.js': `module.exports = { setupFilesAfterEnv: ['<rootDir>/test/setup.ts'] };\n` };

  // The list held in a const of the config, or in a shared config that the config merges.
  const CONST_SETUP = { 'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nconst setupFiles = ['./test/setup.ts'];\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'], setupFiles } });\n` };
  const MERGED_SETUP = {
    'vitest.shared.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { setupFiles: ['./test/setup.ts'] } });\n`,
    'vitest.config.ts': `import { defineConfig, mergeConfig } from 'vitest/config';\nimport shared from './vitest.shared.js';\nexport default mergeConfig(shared, defineConfig({ test: { include: ['test/**/*.test.ts'] } }));\n`,
  };

  it.each([['vitest setupFiles', VITEST_SETUP], ['jest setupFilesAfterEnv', JEST_SETUP], ['vitest setupFiles held in a const', CONST_SETUP], ['vitest setupFiles of a merged shared config', MERGED_SETUP]] as const)('nock: a v3 interceptor a %s module installs before each test answers first: the interceptor and its call stay', async (_name, config) => {
    const { mocks } = expectGroupKept(await run(nockSetup(config, `.post('/v3/apps/app_assignments')`)), 'mock-v3-route-taken');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-v3-route-taken')!.key).toContain('test/setup.ts');
  });

  it.each([['in place', VITEST_SETUP], ['held in a const', CONST_SETUP], ['of a merged shared config', MERGED_SETUP]] as const)('nock: a setup module\'s interceptor of another v3 route (setupFiles %s) takes nothing: the interceptor follows its call', async (_name, config) => {
    const sites = await run(nockSetup(config, `.post('/v3/users')`));
    expect(kinds(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  const mswSetup = (route: string) => ({
    ...VITEST_SETUP,
    'src/assign.ts': SHOW_FETCH,
    'test/server.ts': `import { http, HttpResponse } from 'msw';\nimport { setupServer } from 'msw/node';\n\nexport const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })));\n`,
    'test/setup.ts': `import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(http.post('${route}', () => new HttpResponse(null, { status: 403 }))));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
`,
    'test/assign.test.ts': `import { expect, it } from 'vitest';\nimport { showToBusiness } from '../src/assign.js';\n\nit('shows an app to a business', async () => {\n  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);\n});\n`,
  });

  it('msw: the setup module\'s override of the v3 route answers before the server\'s handler it loads: the handler and its call stay', async () => {
    const { mocks } = expectGroupKept(await run(mswSetup('*/v3/apps/app_assignments')), 'mock-v3-route-taken');
    expect(mocks.map((m) => m.path)).toEqual(['test/server.ts']);
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-v3-route-taken')!.key).toContain('in test/setup.ts');
  });

  it('msw: the setup module\'s override of another v3 route takes nothing: the handler follows its call', async () => {
    const sites = await run(mswSetup('*/v3/users'));
    expect(kinds(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('a setupFiles module that one test also imports stands for every test of the run', async () => {
    const sites = await run({
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'], setupFiles: ['test/setup.ts'] } });\n`,
      'src/offer.ts': OFFER,
      'src/everyone.ts': EVERYONE,
      'test/setup.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' })));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
`,
      'test/offer.test.ts': OFFER_TEST('./setup.js'),
      'test/everyone.test.ts': EVERYONE_TEST,
    });
    expectSetupKeepsOffer(sites, 'test/setup.ts');
  });

  it('jest: setupFilesAfterEnv with <rootDir>, in package.json', async () => {
    const sites = await run({
      'package.json': JSON.stringify({ name: 'p', private: true, type: 'module', jest: { setupFilesAfterEnv: ['<rootDir>/test/setup.ts'] } }),
      'src/offer.ts': OFFER,
      'src/everyone.ts': EVERYONE,
      'test/setup.ts': `import { http, HttpResponse } from 'msw';\nimport { setupServer } from 'msw/node';\n\nexport const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' })));\nbeforeAll(() => server.listen());\n`,
      'test/offer.test.ts': OFFER_TEST('./setup.js'),
      'test/everyone.test.ts': EVERYONE_TEST,
    });
    expectSetupKeepsOffer(sites, 'test/setup.ts');
  });

  it('a server.use override inside one test does not answer the call in the file\'s other tests', async () => {
    const sites = await run({
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { setupFiles: ['./test/setup.ts'] } });\n`,
      'src/offer.ts': OFFER,
      'src/everyone.ts': EVERYONE,
      'test/handlers.ts': `import { http, HttpResponse } from 'msw';\n\nexport const handlers = [http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' }))];\n`,
      'test/server.ts': `import { setupServer } from 'msw/node';\nimport { handlers } from './handlers.js';\n\nexport const server = setupServer(...handlers);\n`,
      'test/setup.ts': `import { afterAll, afterEach, beforeAll } from 'vitest';\nimport { server } from './server.js';\n\nbeforeAll(() => server.listen({ onUnhandledRequest: 'error' }));\nafterEach(() => server.resetHandlers());\nafterAll(() => server.close());\n`,
      'test/offer.test.ts': OFFER_TEST('./server.js'),
      'test/everyone.test.ts': EVERYONE_TEST,
    });
    expectSetupKeepsOffer(sites, 'test/handlers.ts');
  });

  const sharedLayout = (offerTest: string) => ({
    'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { setupFiles: ['./test/setup.ts'] } });\n`,
    'src/offer.ts': OFFER,
    'src/everyone.ts': EVERYONE,
    'test/handlers.ts': `import { http, HttpResponse } from 'msw';\n\nexport const handlers = [http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' }))];\n`,
    'test/server.ts': `import { setupServer } from 'msw/node';\nimport { handlers } from './handlers.js';\n\nexport const server = setupServer(...handlers);\n`,
    'test/setup.ts': `import { afterAll, afterEach, beforeAll } from 'vitest';\nimport { server } from './server.js';\n\nbeforeAll(() => server.listen({ onUnhandledRequest: 'error' }));\nafterEach(() => server.resetHandlers());\nafterAll(() => server.close());\n`,
    'test/offer.test.ts': offerTest,
    'test/everyone.test.ts': EVERYONE_TEST,
  });

  it('a server.use override installed by a helper function that one test calls does not answer the call in the file\'s other tests', async () => {
    // `platformDown()` runs in one test only: 'offers an app' still relies on the shared handler, which waits.
    const sites = await run(sharedLayout(`import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { server } from './server.js';

function platformDown() {
  server.use(http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ error: 'down' }, { status: 503 })));
}

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(200);
});

it('passes the platform error on', async () => {
  platformDown();
  expect(await offer('crm-sync', 'biz_1')).toBe(503);
});
`));
    expectSetupKeepsOffer(sites, 'test/handlers.ts');
  });

  it('a handler factory in a shared module, installed by one test, does not answer the call either', async () => {
    const files = sharedLayout(`import { expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { failingAssign } from './failures.js';
import { server } from './server.js';

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(200);
});

it('passes the platform error on', async () => {
  server.use(failingAssign());
  expect(await offer('crm-sync', 'biz_1')).toBe(503);
});
`);
    const sites = await run({
      ...files,
      'test/failures.ts': `import { http, HttpResponse } from 'msw';\n\nexport const failingAssign = () => http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ error: 'down' }, { status: 503 }));\n`,
    });
    const offer = sites.get('src/offer.ts')!.filter((site) => site.kind === 'call');
    expect(offer.map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
    expect(sites.get('test/handlers.ts')!.filter((site) => site.kind === 'mock').map((m) => m.migrated)).toEqual([false]);
  });

  it('an override in a top-level beforeEach whose resolver falls through does not answer the requests it passes on', async () => {
    // It answers the blocked business only; every other request goes on to the shared handler, which waits.
    const sites = await run(sharedLayout(`import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { server } from './server.js';

beforeEach(() => {
  server.use(
    http.post('*/platform/v1/apps/:id/assign', async ({ request }) => {
      const body = (await request.json()) as { business_uid?: string };
      if (body.business_uid === 'biz_blocked') return new HttpResponse(null, { status: 403 });
      return undefined;
    }),
  );
});

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(200);
});

it('passes the refusal on', async () => {
  expect(await offer('crm-sync', 'biz_blocked')).toBe(403);
});
`));
    expectSetupKeepsOffer(sites, 'test/handlers.ts');
  });

  it('a body read added for params.id in a shared handler, where the test\'s override reads the body and falls through: both stay, with the call', async () => {
    // msw hands each handler the same request: the override has read the body when it falls through to the shared one.
    const sites = await run({
      'src/offer.ts': OFFER,
      'test/handlers.ts': `import { http, HttpResponse } from 'msw';

export const handlers = [
  http.post<{ id: string }, { business_uid?: string }>('*/platform/v1/apps/:id/assign', ({ params }) => HttpResponse.json({ app: params.id }, { status: 201 })),
];
`,
      'test/offer.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { handlers } from './handlers.js';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.use(
    http.post('*/platform/v1/apps/:id/assign', async ({ request }) => {
      const body = (await request.json()) as { business_uid?: string };
      if (body.business_uid === 'biz_blocked') return new HttpResponse(null, { status: 403 });
      return undefined;
    }),
  );
});

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(201);
});
`,
    });
    const shared = sites.get('test/handlers.ts')!.filter((site) => site.kind === 'mock');
    expect(shared.map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-resolver-reads', 'mock-keeps-calls']]]);
    expect(shared[0]!.reasons![0]!.key).toContain('the handler in test/offer.test.ts may read the body first');
    expect(kinds(sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
    expect(sites.get('test/offer.test.ts')!.filter((site) => site.kind === 'mock').map((m) => m.migrated)).toEqual([false]);
  });

  // The resolver returns what a function of the file returns: `undefined` too, which msw passes on to the shared handler.
  const helperOverride = (helper: string) => sharedLayout(`import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { server } from './server.js';

let outage = false;
${helper}
beforeEach(() => {
  server.use(http.post('*/platform/v1/apps/:id/assign', () => respond()));
});

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(200);
});
`);

  it('an override in a top-level beforeEach that returns a helper\'s result, which may be undefined, does not answer the requests it passes on', async () => {
    const sites = await run(helperOverride(`const respond = () => (outage ? new HttpResponse(null, { status: 503 }) : undefined);`));
    expectSetupKeepsOffer(sites, 'test/handlers.ts');
  });

  // The same resolver given by reference, or made by a factory of the file: it takes no argument, so it reads nothing
  // of the request; it may fall through to the shared handler, which waits.
  const referenceOverride = (helper: string, resolver: string) => sharedLayout(`import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { server } from './server.js';

let outage = false;
${helper}
beforeEach(() => {
  server.use(http.post('*/platform/v1/apps/:id/assign', ${resolver}));
});

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(200);
});
`);

  it.each([
    ['by reference', `const maybeDown = () => (outage ? new HttpResponse(null, { status: 503 }) : undefined);`, 'maybeDown'],
    ['from a factory', `const whenDown = (status: number) => () => (outage ? new HttpResponse(null, { status }) : undefined);`, 'whenDown(503)'],
  ])('an override whose resolver, given %s, takes no argument and may return undefined: held for its call, reading nothing', async (_name, helper, resolver) => {
    const sites = await run(referenceOverride(helper, resolver));
    expectSetupKeepsOffer(sites, 'test/handlers.ts');
    const override = sites.get('test/offer.test.ts')!.filter((site) => site.kind === 'mock');
    expect(JSON.stringify(override)).not.toContain('argument');
  });

  it('an override in a top-level beforeEach that returns a helper\'s response on every path does answer the call: the call moves with it', async () => {
    const sites = await run(helperOverride(`function respond() {\n  if (outage) return new HttpResponse(null, { status: 503 });\n  return HttpResponse.json({ status: 'OK' });\n}`));
    expect(sites.get('src/offer.ts')!.filter((site) => site.kind === 'call').map((c) => c.migrated)).toEqual([true]);
    expect(sites.get('test/offer.test.ts')!.filter((site) => site.kind === 'mock').map((m) => m.migrated)).toEqual([true]);
  });

  // A catch-all listed first in the same setupServer(...) is no mock of the request, and msw runs it first all the same.
  const catchAllFirst = (catchAll: string) => ({
    'src/offer.ts': OFFER,
    'test/offer.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeAll, expect, it } from 'vitest';
import { offer } from '../src/offer.js';

const server = setupServer(
  ${catchAll},
  http.post<{ id: string }, { business_uid?: string }>('*/platform/v1/apps/:id/assign', ({ params }) => HttpResponse.json({ app: params.id }, { status: 201 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(201);
});
`,
  });

  it('a body read added for params.id, after a catch-all of the same list that reads the body and falls through: the handler stays, with the call', async () => {
    const sites = await run(catchAllFirst(`http.post<never, { dry_run?: boolean }>('*', async ({ request }) => {
    const body = await request.json();
    if (body.dry_run) return HttpResponse.json({ app: 'dry-run' });
    return undefined;
  })`));
    const mocks = kinds(sites, 'mock');
    expect(mocks.map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-resolver-reads', 'mock-keeps-calls']]]);
    expect(mocks[0]!.reasons![0]!.key).toContain("the handler http.post('*', …) listed before it may read the body first");
    expect(kinds(sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
  });

  it('a body read added for params.id, after a catch-all that reads the body and always answers: the handler follows its call', async () => {
    const sites = await run(catchAllFirst(`http.post('*/other', async ({ request }) => {
    const body = (await request.json()) as { dry_run?: boolean };
    return HttpResponse.json({ dry: body.dry_run === true });
  }),
  http.post('*', async ({ request }) => HttpResponse.json({ seen: await request.text() }, { status: 202 }))`));
    expect(kinds(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  // The same catch-all in a list of the file spread in front of the handler: msw runs it first all the same.
  const spreadFirst = (catchAll: string) => {
    const files = catchAllFirst('...common');
    return { ...files, 'test/offer.test.ts': files['test/offer.test.ts'].replace('const server = setupServer(', `const common = [\n  ${catchAll},\n];\nconst server = setupServer(`) };
  };

  it('a body read added for params.id, after a spread list whose catch-all reads the body and falls through: the handler stays, with the call', async () => {
    const sites = await run(spreadFirst(`http.post<never, { dry_run?: boolean }>('*', async ({ request }) => {
    const body = await request.json();
    if (body.dry_run) return HttpResponse.json({ app: 'dry-run' });
    return undefined;
  })`));
    const mocks = kinds(sites, 'mock');
    expect(mocks.map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-resolver-reads', 'mock-keeps-calls']]]);
    expect(mocks[0]!.reasons![0]!.key).toContain("the handler http.post('*', …) listed before it may read the body first");
    expect(kinds(sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
  });

  it('a body read added for params.id, after a spread list whose catch-all always answers: the handler follows its call', async () => {
    const sites = await run(spreadFirst(`http.post('*', async ({ request }) => HttpResponse.json({ seen: await request.text() }, { status: 202 }))`));
    expect(kinds(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  // The server is a module of its own; the catch-all is an override installed before each test, in the runner's setup
  // file or in the test file: msw runs it before the server's handlers all the same.
  const overrideElsewhere = (where: 'setup' | 'test', resolver: string) => {
    const override = `beforeEach(() => {\n  server.use(http.post('*', ${resolver}));\n});\n`;
    return {
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { setupFiles: ['./test/setup.ts'] } });\n`,
      'src/offer.ts': OFFER,
      'test/server.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer(
  http.post<{ id: string }, { business_uid?: string }>('*/platform/v1/apps/:id/assign', ({ params }) => HttpResponse.json({ app: params.id }, { status: 201 })),
);
`,
      'test/setup.ts': `import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
${where === 'setup' ? override : ''}`,
      'test/offer.test.ts': `import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { server } from './server.js';
${where === 'test' ? override : ''}
it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(201);
});
`,
    };
  };
  const READS_AND_FALLS_THROUGH = `async ({ request }) => {
    const body = (await request.json()) as { dry_run?: boolean };
    if (body.dry_run) return HttpResponse.json({ app: 'dry-run' });
    return undefined;
  }`;

  it.each(['setup', 'test'] as const)('a body read added for params.id, under a catch-all override in the %s file that reads the body and falls through: the handler stays, with the call', async (where) => {
    const sites = await run(overrideElsewhere(where, READS_AND_FALLS_THROUGH));
    const mocks = sites.get('test/server.ts')!.filter((site) => site.kind === 'mock');
    expect(mocks.map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-resolver-reads', 'mock-keeps-calls']]]);
    expect(mocks[0]!.reasons![0]!.key).toContain(`the handler http.post('*', …) in test/${where === 'setup' ? 'setup' : 'offer.test'}.ts may read the body first`);
    expect(kinds(sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
  });

  it.each(['setup', 'test'] as const)('a body read added for params.id, under a catch-all override in the %s file that always answers: the handler follows its call', async (where) => {
    const sites = await run(overrideElsewhere(where, `async ({ request }) => HttpResponse.json({ seen: await request.text() }, { status: 202 })`));
    expect(kinds(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('an override in a top-level beforeEach that always answers does answer the call: the call moves with it', async () => {
    const sites = await run(sharedLayout(`import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { offer } from '../src/offer.js';
import { server } from './server.js';

beforeEach(() => {
  server.use(http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })));
});

it('offers an app', async () => {
  expect(await offer('crm-sync', 'biz_1')).toBe(201);
});
`));
    expect(sites.get('src/offer.ts')!.filter((site) => site.kind === 'call').map((c) => c.migrated)).toEqual([true]);
    expect(sites.get('test/offer.test.ts')!.filter((site) => site.kind === 'mock').map((m) => m.migrated)).toEqual([true]);
  });
});

describe('a form call whose rewrite sends JSON, and a mock of its headers', () => {
  const FORM = `import axios from 'axios';

export async function makeInternalForm(appCode: string, directoryUid: string): Promise<number> {
  const res = await axios.post(
    \`https://api.example.com/platform/v1/apps/\${appCode}/assign\`,
    new URLSearchParams({ directory_uid: directoryUid, is_internal: 'true' }),
    { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  );
  return res.status;
}
`;
  const nockTest = (chain: string) => `import nock from 'nock';
import { expect, it } from 'vitest';
import { makeInternalForm } from '../src/form.js';

it('makes crm-sync internal to dir_1', async () => {
  const scope = nock('https://api.example.com'${chain.startsWith(',') ? chain : `)${chain}`}
    .post('/platform/v1/apps/crm-sync/assign', (body) => body.directory_uid === 'dir_1' && body.is_internal === 'true')
    .reply(201);
  expect(await makeInternalForm('crm-sync', 'dir_1')).toBe(201);
  scope.done();
});
`;
  const FORM_HEADERS = "the form Content-Type header (the call's rewrite sends JSON)";

  it.each([
    ['an assertion of the config', `import axios from 'axios';
import { expect, it, vi } from 'vitest';
import { makeInternalForm } from '../src/form.js';

vi.mock('axios');

it('posts the form', async () => {
  vi.mocked(axios.post).mockResolvedValue({ status: 201 });
  await makeInternalForm('crm-sync', 'dir_1');
  expect(axios.post).toHaveBeenCalledWith(
    'https://api.example.com/platform/v1/apps/crm-sync/assign',
    new URLSearchParams({ directory_uid: 'dir_1', is_internal: 'true' }),
    { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  );
});
`],
    ['nock .matchHeader', nockTest(`\n    .matchHeader('content-type', 'application/x-www-form-urlencoded')`)],
    ['nock reqheaders', nockTest(`, { reqheaders: { 'content-type': 'application/x-www-form-urlencoded' } })`)],
  ])('%s: the mock and its call stay', async (_name, test) => {
    const files = { 'src/form.ts': FORM, 'test/form.test.ts': test };
    const { mocks } = expectGroupKept(await run(files), 'mock-resolver-reads');
    expect(mocks[0]!.reasons!.map((r) => r.key)).toContain(FORM_HEADERS);
    const ignored = await run(files, 'ignore');
    expect(kinds(ignored, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(ignored, 'mock').map((m) => [m.migrated, m.reasons?.[0]?.key])).toEqual([[false, FORM_HEADERS]]);
  });

  it('a nock body function with no header condition follows the call', async () => {
    const sites = await run({ 'src/form.ts': FORM, 'test/form.test.ts': nockTest('') });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });
});

describe('mocks of the request in other shapes: found, so that they keep their calls or follow them', () => {
  const mswTest = (route: string) => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

const server = setupServer(http.post(${route}, () => HttpResponse.json({ status: 'OK' })));

it('publishes', async () => {
  server.listen({ onUnhandledRequest: 'error' });
  expect(await publish('crm-sync', 'dir_1')).toBe(200);
});
`;

  it.each([
    ['a placeholder for the action', `'*/platform/v1/apps/:id/:action'`],
    ['a route without the platform prefix', `'*/apps/:appId/assign'`],
    ['a template with a base', '`${process.env.API}/platform/v1/apps/*`'],
  ])('an msw pattern that matches the deprecated request, %s: the handler and its call stay', async (_name, route) => {
    const files = { 'src/publish.ts': PUBLISH, 'test/publish.test.ts': mswTest(route) };
    expectGroupKept(await run(files), 'mock-route-not-editable');
    const ignored = await run(files, 'ignore');
    expect(kinds(ignored, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(ignored, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-route-not-editable']]);
  });

  it('an msw route built by a function of the test (assignRoute(\':id\')): the handler and its call stay, each naming the other', async () => {
    const helper = `const assignRoute = (app: string) => \`*/platform/v1/apps/\${app}/assign\`;\n`;
    const files = { 'src/publish.ts': PUBLISH, 'test/publish.test.ts': mswTest(`assignRoute(':id')`).replace('\nconst server', `\n${helper}const server`) };
    const { mocks, calls } = expectGroupKept(await run(files), 'mock-route-not-editable');
    expect(mocks[0]!.reasons![0]!.key).toBe('a route built by assignRoute(…)');
    expect(calls[0]!.reasons![0]!.key).toContain('a route built by assignRoute(…)');
  });

  it('an msw route built by a function of the test for another resource is no mock of the request: the call moves', async () => {
    const helper = `const ticketRoute = (id: string) => \`*/tickets/\${id}/assign\`;\n`;
    const sites = await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': mswTest(`ticketRoute(':id')`).replace('\nconst server', `\n${helper}const server`) });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  const OFFER = (send: string) => `const API = 'https://api.example.com';

export async function offer(appCode: string, businessUid: string): Promise<number> {
  const res = await fetch(\`\${API}/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return res.status;
}

export async function makeInternal(appCode: string, directoryUid: string): Promise<number> {
  const request = new Request(\`\${API}/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ directory_uid: directoryUid, is_internal: 'true' }),
  });
${send}
}
`;
  const offerTest = `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { makeInternal, offer } from '../src/offer.js';

const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })));

it('offers an app', async () => {
  server.listen({ onUnhandledRequest: 'error' });
  expect(await offer('crm-sync', 'biz_1')).toBe(201);
  expect(await makeInternal('crm-sync', 'dir_1')).toBe(201);
});
`;

  it('fetch(request.clone()) of a Request made for it is that request: both calls and the wildcard handler move together', async () => {
    const sites = await run({ 'src/offer.ts': OFFER(`  const res = await fetch(request.clone());\n  return res.status;`), 'test/offer.test.ts': offerTest });
    expect(kinds(sites, 'call').map((c) => [c.line, c.migrated])).toEqual([[4, true], [18, true]]);
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
  });

  it('a Request cloned for a retry is sent twice: its calls stay, and so does the handler, naming one', async () => {
    const sites = await run({ 'src/offer.ts': OFFER(`  const first = await fetch(request.clone());\n  return first.ok ? first.status : (await fetch(request.clone())).status;`), 'test/offer.test.ts': offerTest });
    expect(kinds(sites, 'call').filter((c) => c.line !== 4).map((c) => c.migrated)).toEqual([false, false]);
    expect(kinds(sites, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-call-held']]);
    expect(kinds(sites, 'mock')[0]!.reasons![0]!.key).toBe('in makeInternal (src/offer.ts)');
  });

  it('a POST Request made and handed to no call (returned for another module to send) is reported there, and the wildcard handler stays with it', async () => {
    const returned = `  return (await fetch(prepared(appCode, directoryUid))).status;\n}\n\nfunction prepared(appCode: string, directoryUid: string): Request {\n  return new Request(\`\${API}/platform/v1/apps/\${appCode}/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: directoryUid }) });`;
    const sites = await run({ 'src/offer.ts': OFFER(returned).replace(/ {2}const request = new Request[\s\S]*?\}\);\n/, ''), 'test/offer.test.ts': offerTest });
    const calls = kinds(sites, 'call');
    expect(calls.map((c) => [c.line, c.migrated, codes(c)[0]])).toEqual([[4, false, 'call-mock-held'], [17, false, 'client-not-rewritten']]);
    expect(kinds(sites, 'mock').map((m) => [m.migrated, codes(m)[0], m.reasons![0]!.key])).toEqual([[false, 'mock-call-held', 'in prepared (src/offer.ts)']]);
    // Without the method, the Request is a GET: no request of the route, and the rest moves.
    const get = await run({ 'src/offer.ts': OFFER(returned.replace("{ method: 'POST', body: JSON.stringify({ directory_uid: directoryUid }) }", '')).replace(/ {2}const request = new Request[\s\S]*?\}\);\n/, ''), 'test/offer.test.ts': offerTest });
    expect(kinds(get, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(get, 'mock').map((m) => m.migrated)).toEqual([true]);
  });

  it('a catch-all answers the v3 request too: no mock of it', async () => {
    const sites = await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': mswTest(`'*'`) });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  const fetchMockTest = (options: string) => `import fetchMock from 'fetch-mock';
import { beforeAll, expect, it } from 'vitest';
import { publish } from '../src/publish.js';

beforeAll(() => fetchMock.mockGlobal());

it('publishes', async () => {
  fetchMock.route('express:/platform/v1/apps/:id/assign', 201, ${options}).catch(404);
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`;

  it('fetch-mock params of an express route: the v3 route has no :id to match, so the route and its call stay', async () => {
    const files = { 'src/publish.ts': PUBLISH, 'test/publish.test.ts': fetchMockTest(`{ method: 'POST', params: { id: 'crm-sync' } }`) };
    const { mocks } = expectGroupKept(await run(files), 'mock-resolver-reads');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-resolver-reads')!.key).toContain('params');
    const ignored = await run(files, 'ignore');
    expect(kinds(ignored, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(ignored, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-resolver-reads']]);
  });

  it('the same express route without params follows its call', async () => {
    const sites = await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': fetchMockTest(`{ method: 'POST' }`) });
    expect(kinds(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  // The options held in a const of the test are read there: the mock and its call stay together, and the options are
  // no request body.
  const constOptions = (options: string) => fetchMockTest('onlyCrm').replace("it('publishes', async () => {\n", `it('publishes', async () => {\n  const onlyCrm = ${options};\n`);

  it('fetch-mock params in a const of options: the route and its call stay, each naming the other', async () => {
    const files = { 'src/publish.ts': PUBLISH, 'test/publish.test.ts': constOptions(`{ method: 'POST', params: { id: 'crm-sync' } }`) };
    const { mocks } = expectGroupKept(await run(files), 'mock-resolver-reads');
    const reasons = mocks[0]!.reasons!.map((r) => r.key ?? '').join(' ');
    expect(reasons).toContain('params');
    expect(reasons).not.toContain('body');
  });

  it('a const of options with only the method: the route follows its call', async () => {
    const sites = await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': constOptions(`{ method: 'POST' }`) });
    expect(kinds(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('fetch-mock 12\'s matcherFunction reading the express route\'s :id: the route and its call stay, each naming the other', async () => {
    const test = fetchMockTest('').replace(
      "fetchMock.route('express:/platform/v1/apps/:id/assign', 201, ).catch(404);",
      "fetchMock.route({ url: 'express:/platform/v1/apps/:id/assign', method: 'POST', matcherFunction: ({ expressParams }) => expressParams?.id === 'crm-sync' }, 201).catch(404);",
    );
    expect(test).toContain('matcherFunction');
    const { mocks } = expectGroupKept(await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': test }), 'mock-resolver-reads');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-resolver-reads')!.key).toContain('matcher function');
  });

  const nockTest = (interceptor: string) => `import nock from 'nock';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

it('publishes', async () => {
  const scope = nock('https://api.example.com')${interceptor}.reply(201);
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
  scope.done();
});
`;

  it('nock .intercept(path, \'POST\', body) is read as .post(path, body), and follows its call', async () => {
    const sites = await run({
      'src/publish.ts': PUBLISH,
      'test/publish.test.ts': nockTest(`.intercept('/platform/v1/apps/crm-sync/assign', 'POST', { directory_uid: 'dir_1', pre_installed: 'true' })`),
    });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('a nock scope whose base holds the platform prefix: the interceptor is the call\'s mock, held with it', async () => {
    // nock joins the base's path to the interceptor's: `/apps/crm-sync/assign` is POST /platform/v1/apps/crm-sync/assign.
    const files = {
      'src/publish.ts': PUBLISH,
      'test/publish.test.ts': `import nock from 'nock';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

const PLATFORM = 'https://api.example.com/platform/v1';

it('publishes', async () => {
  const platform = nock(PLATFORM);
  platform.post('/apps/crm-sync/assign', { directory_uid: 'dir_1', pre_installed: 'true' }).reply(201);
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`,
    };
    const { mocks } = expectGroupKept(await run(files), 'mock-route-not-editable');
    expect(mocks[0]!.line).toBe(9);
    const ignored = await run(files, 'ignore');
    expect(kinds(ignored, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(ignored, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-route-not-editable']]);
  });

  const baseTest = (scope: string, path: string) => `import nock from 'nock';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

const API = 'https://api.example.com';

it('publishes', async () => {
  nock(${scope}).post('${path}', { directory_uid: 'dir_1', pre_installed: 'true' }).reply(201);
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`;

  it.each([
    ['split between the base and the path', '`${API}/platform`', '/v1/apps/crm-sync/assign'],
    ['a concatenation', `API + '/platform/v1'`, '/apps/crm-sync/assign'],
    ['the path of a URL built on the origin', `new URL('/platform/v1', API).href`, '/apps/crm-sync/assign'],
  ])('a nock scope whose base holds the platform prefix in %s: the interceptor and its call stay', async (_name, scope, path) => {
    expectGroupKept(await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': baseTest(scope, path) }), 'mock-route-not-editable');
  });

  it.each([
    ['split between the base and the path, of a sibling route', '`${API}/platform`', '/v1/apps/crm-sync/unassign'],
    ['a concatenation of another prefix', `API + '/tickets/v1'`, '/apps/crm-sync/assign'],
  ])('a nock scope whose base holds %s: no mock of the request, and the call moves', async (_name, scope, path) => {
    const sites = await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': baseTest(scope, path) });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('interceptors on a nock scope const are mocks, not calls: they follow the one call, which moves', async () => {
    const sites = await run({
      'src/publish.ts': PUBLISH,
      'test/publish.test.ts': `import nock from 'nock';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

it('publishes', async () => {
  const scope = nock('https://api.example.com');
  scope.post('/platform/v1/apps/crm-sync/assign', { directory_uid: 'dir_1', pre_installed: 'true' }).reply(201);
  scope.post('/platform/v1/apps/crm-sync/assign').reply(500);
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`,
    });
    expect(kinds(sites, 'call').map((c) => [c.path, c.migrated])).toEqual([['src/publish.ts', true]]);
    expect(kinds(sites, 'mock').map((m) => [m.line, m.migrated])).toEqual([[7, true], [8, true]]);
  });

  it('a client const of the program in a test is still a client: its call is a call', async () => {
    const sites = await run({
      'src/publish.ts': PUBLISH,
      'test/publish.test.ts': `import axios from 'axios';
import { it } from 'vitest';

it('publishes by hand', async () => {
  const client = axios.create({ baseURL: 'https://api.example.com' });
  await client.post('/platform/v1/apps/crm-sync/assign', { directory_uid: 'dir_1', pre_installed: 'true' });
});
`,
    });
    expect(kinds(sites, 'call').map((c) => [c.path, c.migrated])).toEqual([['src/publish.ts', true], ['test/publish.test.ts', true]]);
  });

  it('a nock scope whose base holds another prefix: no mock of the request', async () => {
    const sites = await run({
      'src/publish.ts': PUBLISH,
      'test/publish.test.ts': nockTest('').replace(`nock('https://api.example.com')`, `nock('https://api.example.com/tickets/v1')`).replace('.reply(201)', `.post('/apps/crm-sync/assign').reply(201)`),
    });
    expect(kinds(sites, 'mock')).toEqual([]);
  });

  it('a nock.back recording: the test replays requests this run does not read, so the recording holds its call', async () => {
    // In lockdown, the recorded POST /platform/v1/apps/crm-sync/assign no longer matches once the call sends v3.
    const files = {
      'src/publish.ts': PUBLISH,
      'test/__nock-fixtures__/publish.json': JSON.stringify([{ scope: 'https://api.example.com', method: 'POST', path: '/platform/v1/apps/crm-sync/assign', body: { directory_uid: 'dir_1', pre_installed: 'true' }, status: 201 }]),
      'test/publish.test.ts': `import nock from 'nock';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { publish } from '../src/publish.js';

beforeAll(() => {
  nock.back.fixtures = fileURLToPath(new URL('./__nock-fixtures__', import.meta.url));
  nock.back.setMode('lockdown');
});

it('publishes (recorded)', async () => {
  const { nockDone } = await nock.back('publish.json');
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
  nockDone();
});
`,
    };
    const { mocks, calls } = expectGroupKept(await run(files), 'mock-recorded');
    expect(mocks.map((m) => [m.path, m.line, m.reasons![0]!.key])).toEqual([['test/publish.test.ts', 12, `nock.back('publish.json')`]]);
    expect(calls[0]!.reasons![0]!.key).toContain(`replays recorded requests (nock.back('publish.json'))`);
    // The recording itself is named as one, not as a file that may hold a call.
    const scan = await command(['scan', '.'], tree({ 'package.json': '{ "name": "p", "private": true, "type": "module" }', 'tsconfig.json': TSCONFIG, ...files }));
    expect(scan.stdout).toContain('test/__nock-fixtures__/publish.json: a .json file that spells the route (a recording of requests, or data)');
  });

  it('a nock path given as a function that tests it against the deprecated route: the interceptor and its call stay, each naming the other', async () => {
    const files = { 'src/publish.ts': PUBLISH, 'test/publish.test.ts': nockTest(`.post((uri) => /^\\/platform\\/v1\\/apps\\/[^/]+\\/assign$/.test(uri))`) };
    const { mocks, calls } = expectGroupKept(await run(files), 'mock-route-not-editable');
    expect(mocks[0]!.reasons![0]!.key).toBe('a function of the path that tests it against the deprecated route');
    expect(calls[0]!.reasons![0]!.key).toContain('mock in test/publish.test.ts, in the test "publishes"');
    const startsWith = { 'src/publish.ts': PUBLISH, 'test/publish.test.ts': nockTest(`.post((uri: string) => uri.startsWith('/platform/v1/apps/'))`) };
    expectGroupKept(await run(startsWith), 'mock-route-not-editable');
  });

  it('a nock path function that tests another route is no mock of the request: the call moves', async () => {
    const sites = await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': nockTest(`.post((uri) => /^\\/tickets\\/[^/]+\\/assign$/.test(uri))`) });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('nock .intercept with a method that cannot be read: the interceptor and its call stay', async () => {
    const files = { 'src/publish.ts': PUBLISH, 'test/publish.test.ts': nockTest(`.intercept('/platform/v1/apps/crm-sync/assign', process.env.METHOD ?? 'POST')`) };
    expectGroupKept(await run(files), 'mock-route-not-editable');
  });

  it('nock .intercept with another method is no mock of the request', async () => {
    const sites = await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': nockTest(`.intercept('/platform/v1/apps/crm-sync/assign', 'PUT')`) });
    expect(kinds(sites, 'mock')).toEqual([]);
  });

  it('axios-mock-adapter onAny answers the POST too: the mock and its call stay', async () => {
    const files = {
      'src/publish.ts': `import axios from 'axios';\n\nexport async function publish(appCode: string, directoryUid: string): Promise<number> {\n  const res = await axios.post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { directory_uid: directoryUid });\n  return res.status;\n}\n`,
      'test/publish.test.ts': `import axios from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

const mock = new MockAdapter(axios);

it('publishes', async () => {
  mock.onAny('https://api.example.com/platform/v1/apps/crm-sync/assign').reply(201);
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`,
    };
    expectGroupKept(await run(files), 'mock-route-not-editable');
  });
});

describe('a nock scope that rewrites the request before its interceptor matches it', () => {
  const SHOW = `import axios from 'axios';

export async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const res = await axios.post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { business_uid: businessUid }, { validateStatus: () => true });
  return res.status;
}
`;
  const CRM = `import axios from 'axios';

export async function showCrmSync(businessUid: string): Promise<number> {
  const res = await axios.post('https://api.example.com/platform/v1/apps/crm-sync/assign', { business_uid: businessUid }, { validateStatus: () => true });
  return res.status;
}
`;
  const filtered = (imports: string, scope: string, test: string) => `import nock from 'nock';
import { afterEach, expect, it } from 'vitest';
${imports}

afterEach(() => nock.cleanAll());

it('assigns', async () => {
${scope}
${test}
});
`;

  it('.filteringRequestBody: the body matcher compares the filtered body, not the one the mapping sees: held with its call', async () => {
    // The filter folds `"business_uid":"…"` into ANY; on the v3 body it matches nothing, so the rewritten matcher
    // (`assignee_uid: 'ANY'`) no longer matches the request.
    const files = {
      'src/assign.ts': SHOW,
      'test/assign.test.ts': filtered(`import { showToBusiness } from '../src/assign.js';`, `  nock('https://api.example.com')
    .filteringRequestBody(/"business_uid":"[^"]*"/, '"business_uid":"ANY"')
    .post('/platform/v1/apps/crm-sync/assign', { business_uid: 'ANY' })
    .reply(201);`, `  expect(await showToBusiness('crm-sync', \`biz_\${Date.now()}\`)).toBe(201);`),
    };
    const { mocks, calls } = expectGroupKept(await run(files), 'mock-request-filtered');
    expect(mocks[0]!.reasons![0]!.key).toBe('.filteringRequestBody(...)');
    expect(calls[0]!.reasons![0]!.key).toContain('rewrites the request before matching it (.filteringRequestBody(...))');
    const ignored = await run(files, 'ignore');
    expect(kinds(ignored, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(ignored, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-request-filtered']]);
  });

  it('.filteringPath that folds every app into one path: it stands for the call of another app in its route, and holds it', async () => {
    // The interceptor names the app ANY, yet the filter makes it answer crm-sync: it is that call's mock.
    const { mocks } = expectGroupKept(await run({
      'src/crm.ts': CRM,
      'test/crm.test.ts': filtered(`import { showCrmSync } from '../src/crm.js';`, `  nock('https://api.example.com')
    .filteringPath(/\\/apps\\/[^/]+\\/assign$/, '/apps/ANY/assign')
    .post('/platform/v1/apps/ANY/assign')
    .reply(201);`, `  expect(await showCrmSync('biz_1')).toBe(201);`),
    }), 'mock-request-filtered');
    expect(codes(mocks[0]!)).not.toContain('mock-other-apps');
  });

  it('the filter on a scope const', async () => {
    expectGroupKept(await run({
      'src/assign.ts': SHOW,
      'test/assign.test.ts': filtered(`import { showToBusiness } from '../src/assign.js';`, `  const scope = nock('https://api.example.com').filteringPath(() => '/platform/v1/apps/crm-sync/assign');
  scope.post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);`, `  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);`),
    }), 'mock-request-filtered');
  });
});

describe('a test that loads a module past its imports', () => {
  it('its handler cannot be decided, and keeps the call the test imports; the TODO names the loader, not a rerun', async () => {
    const files = {
      'src/publish.ts': PUBLISH,
      'src/telemetry.ts': `export function track(event: string): void {\n  console.log(event);\n}\n`,
      'test/publish.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it, vi } from 'vitest';
import { publish } from '../src/publish.js';

vi.mock('../src/telemetry.js', async () => ({
  ...(await vi.importActual<typeof import('../src/telemetry.js')>('../src/telemetry.js')),
  track: vi.fn(),
}));

const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({ status: 'OK' }, { status: 201 })));

it('publishes', async () => {
  server.listen({ onUnhandledRequest: 'error' });
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`,
    };
    const { mocks, calls } = expectGroupKept(await run(files), 'mock-calls-unseen');
    const unseen = mocks[0]!.reasons!.find((r) => r.code === 'mock-calls-unseen')!;
    expect(unseen.key).toBe('vi.importActual in test/publish.test.ts');
    expect((unseen as { text?: string }).text).not.toContain('rerun');
    expect(calls[0]!.reasons![0]!.key).toContain('handler in test/publish.test.ts');
    const ignored = await run(files, 'ignore');
    expect(kinds(ignored, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(ignored, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-calls-unseen']]);
  });
});

describe('a resolver whose body is typed with a type that says nothing of its keys', () => {
  const SHOW = `export async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}
`;
  const handlerTest = (resolver: string) => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';

const server = setupServer(
  http.post('*/platform/v1/apps/crm-sync/assign', async ({ request }) => {
${resolver}
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('shows an app to a business', async () => {
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;

  it.each([
    ['any', `    const body: any = await request.json();\n    return new HttpResponse(null, { status: body.business_uid === 'biz_1' ? 201 : 403 });`],
    ['Record<string, unknown>', `    const body = await request.json() as Record<string, unknown>;\n    return new HttpResponse(null, { status: body.business_uid === 'biz_1' ? 201 : 403 });`],
  ])('typed %s, with a read that maps: the handler follows its call', async (_type, resolver) => {
    const sites = await run({ 'src/assign.ts': SHOW, 'test/assign.test.ts': handlerTest(resolver) });
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(sites, 'mock').map((m) => [m.migrated, codes(m)])).toEqual([[true, ['mock-app-code-unchecked']]]);
  });

  it.each([
    ['any', `    const body: any = await request.json();\n    const { business_uid } = body;\n    return new HttpResponse(null, { status: business_uid === 'biz_1' ? 201 : 403 });`],
    ['object', `    const body = await request.json() as object;\n    return new HttpResponse(null, { status: Object.hasOwn(body, 'business_uid') ? 201 : 403 });`],
  ])('typed %s, with a read that does not map: held for that read alone, no word of a declared type', async (_type, resolver) => {
    const { mocks } = expectGroupKept(await run({ 'src/assign.ts': SHOW, 'test/assign.test.ts': handlerTest(resolver) }), 'mock-resolver-reads');
    expect(codes(mocks[0]!)).not.toContain('body-typed');
  });

  it('typed with the old keys and one more: the type describes the deprecated body, and holds the handler', async () => {
    const { mocks } = expectGroupKept(await run({
      'src/assign.ts': SHOW,
      'test/assign.test.ts': handlerTest(`    const body = await request.json() as { business_uid: string; note: string };\n    return new HttpResponse(null, { status: body.business_uid === 'biz_1' ? 201 : 403 });`),
    }), 'body-typed');
    expect(mocks).toHaveLength(1);
  });
});

describe('a negated assertion of the deprecated request', () => {
  it('gets a TODO that it guards nothing once its call sends v3, and holds no call', async () => {
    const sites = await run({
      'src/sync.ts': `import axios from 'axios';

const RETIRED = new Set(['legacy-fax']);

export async function syncApps(appCodes: string[], businessUid: string): Promise<void> {
  for (const appCode of appCodes) {
    if (RETIRED.has(appCode)) continue;
    await axios.post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { business_uid: businessUid });
  }
}
`,
      'test/sync.test.ts': `import axios from 'axios';
import { expect, it, vi } from 'vitest';
import { syncApps } from '../src/sync.js';

vi.mock('axios');

it('skips retired apps', async () => {
  vi.mocked(axios.post).mockResolvedValue({ status: 201 });
  await syncApps(['legacy-fax'], 'biz_1');
  expect(axios.post).not.toHaveBeenCalledWith('https://api.example.com/platform/v1/apps/legacy-fax/assign', expect.anything());
});
`,
    });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated, codes(m)])).toEqual([['manual', false, ['mock-assertion-negated']]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });
});

describe('mocks that tell apps apart by their routes alone', () => {
  const LIST = `export async function listApp(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}
`;

  it('a one-app override in one test names the other app\'s call of that test, by its test, not "at the top level"', async () => {
    const sites = await run({
      'src/list.ts': LIST,
      'test/list.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { listApp } from '../src/list.js';

const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })));

it('lists an app', async () => {
  server.listen({ onUnhandledRequest: 'error' });
  expect(await listApp('crm-sync', 'biz_1')).toBe(201);
});

it('refuses the retired app only', async () => {
  server.use(http.post('https://api.example.com/platform/v1/apps/legacy-fax/assign', () => new HttpResponse(null, { status: 410 })));
  expect(await listApp('legacy-fax', 'biz_1')).toBe(410);
  expect(await listApp('crm-sync', 'biz_1')).toBe(201);
});
`,
    });
    const override = kinds(sites, 'mock').find((m) => codes(m)[0] === 'mock-other-apps')!;
    expect(override.reasons![0]!.key).toBe('in the test "refuses the retired app only" (test/list.test.ts)');
    expect(kinds(sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
    expect(JSON.stringify([...sites.values()])).not.toContain('at the top level');
  });

  it('two msw handlers of two apps, installed side by side for the same call: both stay, with the call', async () => {
    const sites = await run({
      'src/listing.ts': LIST,
      'test/listing.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { listApp } from '../src/listing.js';

const server = setupServer(
  http.post('https://api.example.com/platform/v1/apps/crm-sync/assign', () => HttpResponse.json({}, { status: 201 })),
  http.post('https://api.example.com/platform/v1/apps/legacy-fax/assign', () => HttpResponse.json({}, { status: 410 })),
);

it.each([['crm-sync', 201], ['legacy-fax', 410]] as const)('lists %s', async (app, status) => {
  server.listen();
  expect(await listApp(app, 'biz_1')).toBe(status);
});
`,
    });
    const { mocks } = expectGroupKept(sites, 'mock-other-apps');
    expect(mocks.map((m) => m.reasons![0]!.key)).toEqual([
      'in listApp (src/listing.ts), which the mock in test/listing.test.ts of legacy-fax answers too',
      'in listApp (src/listing.ts), which the mock in test/listing.test.ts of crm-sync answers too',
    ]);
  });

  it('two nock interceptors of two apps without a body matcher: both stay, with the call', async () => {
    const sites = await run({
      'src/listing.ts': LIST,
      'test/listing.test.ts': `import nock from 'nock';
import { beforeAll, expect, it } from 'vitest';
import { listApp } from '../src/listing.js';

beforeAll(() => {
  nock('https://api.example.com').persist().post('/platform/v1/apps/crm-sync/assign').reply(201);
  nock('https://api.example.com').persist().post('/platform/v1/apps/legacy-fax/assign').reply(410);
});

it('lists crm-sync', async () => {
  expect(await listApp('crm-sync', 'biz_1')).toBe(201);
});

it('reports that legacy-fax is retired', async () => {
  expect(await listApp('legacy-fax', 'biz_1')).toBe(410);
});
`,
    });
    expectGroupKept(sites, 'mock-other-apps');
  });

  /** The one-app handler stays, naming the catch-all; the catch-all and the call stay with it. */
  function expectOneAppHeldOverCatchAll(sites: Map<string, Site[]>) {
    const mocks = kinds(sites, 'mock');
    expect(mocks.map((m) => m.migrated)).toEqual([false, false]);
    const oneApp = mocks.find((m) => codes(m).includes('mock-other-apps'));
    expect(oneApp?.reasons![0]!.key).toBe('in list (src/list.ts), which the mock in test/list.test.ts of every app answers too');
    expect(codes(oneApp!)).toContain('mock-keeps-calls');
    expect(kinds(sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
  }
  const LIST_APP = LIST.replace('listApp', 'list');
  const listTest = (handlers: string, override = '') => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { list } from '../src/list.js';

const server = setupServer(
  ${handlers}
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

it.each([
  ['crm-sync', 201],
  ['legacy-fax', 410],
])('lists %s: %i', async (app, status) => {
  ${override}expect(await list(app, 'biz_1')).toBe(status);
});
`;

  it('a one-app handler listed before a catch-all: on the one v3 route it would answer every app, so both stay, with the call', async () => {
    // Rewritten, the legacy-fax handler answered crm-sync's request too (410 where it was 201).
    expectOneAppHeldOverCatchAll(await run({
      'src/list.ts': LIST_APP,
      'test/list.test.ts': listTest(`http.post('https://api.example.com/platform/v1/apps/legacy-fax/assign', () => new HttpResponse(null, { status: 410 })),
  http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })),`),
    }));
  });

  it('a one-app server.use override in each test over a catch-all: both stay, with the call', async () => {
    expectOneAppHeldOverCatchAll(await run({
      'src/list.ts': LIST_APP,
      'test/list.test.ts': listTest(`http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })),`,
        `server.use(http.post('https://api.example.com/platform/v1/apps/legacy-fax/assign', () => new HttpResponse(null, { status: 410 })));\n  `),
    }));
  });

  it('one interceptor per test, its route built from the test\'s app and its body matched: the call moves', async () => {
    const sites = await run({
      'src/listing.ts': LIST,
      'test/listing.test.ts': `import nock from 'nock';
import { afterEach, expect, it } from 'vitest';
import { listApp } from '../src/listing.js';

afterEach(() => nock.cleanAll());

it.each([['crm-sync', 201], ['legacy-fax', 410]] as const)('lists %s', async (app, status) => {
  nock('https://api.example.com').post(\`/platform/v1/apps/\${app}/assign\`, { business_uid: 'biz_1' }).reply(status);
  expect(await listApp(app, 'biz_1')).toBe(status);
});
`,
    });
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });
});

describe('assertions of the deprecated request beyond the URL of toHaveBeenCalledWith', () => {
  const SHOW = `export async function showApp(appCode: string, businessUid: string): Promise<void> {
  await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
}
`;
  const fetchTest = (assertions: string) => `import { afterEach, expect, it, vi } from 'vitest';
import { showApp } from '../src/report.js';

afterEach(() => vi.unstubAllGlobals());

it('posts the assignment', async () => {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
  await showApp('crm-sync', 'biz_1');
${assertions}
});
`;

  it.each([
    ['mock.calls[0] destructured, then its URL and body', `  const [url, init] = fetchMock.mock.calls[0]!;\n  expect(url).toBe('https://api.example.com/platform/v1/apps/crm-sync/assign');\n  expect(JSON.parse(init.body as string)).toEqual({ business_uid: 'biz_1' });`],
    ['mock.calls[0][0]', `  expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.com/platform/v1/apps/crm-sync/assign');`],
    ['mock.lastCall, with a part of the route', `  expect(fetchMock.mock.lastCall?.[0]).toContain('/platform/v1/apps/');`],
  ])('what a mocked fetch recorded, read through %s: the assertion and the call it stands for stay', async (_name, assertions) => {
    const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': fetchTest(assertions) });
    const { mocks } = expectGroupKept(sites, 'mock-calls-recorded');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-calls-recorded')!.key).toMatch(/^fetchMock\.mock\.(?:calls|lastCall)$/);
  });

  it.each([
    ['a sibling route', `  expect(fetchMock.mock.calls[0]![0]).toContain('/platform/v1/apps/crm-sync/unassign');`],
    ['the list of apps, compared whole', `  expect(fetchMock.mock.calls[1]?.[0]).toBe('https://api.example.com/platform/v1/apps');`],
  ])('a recorded call compared with %s is no assertion of the request: the call moves', async (_name, assertion) => {
    const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': fetchTest(assertion) });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it.each([
    ['an old body key read in the value', `  const [, init] = fetchMock.mock.calls[0]!;\n  expect(JSON.parse(init.body as string).business_uid).toBe('biz_1');`, 'fetchMock.mock.calls'],
    ['toHaveProperty naming an old body key', `  const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string);\n  expect(body).toHaveProperty('business_uid', 'biz_1');`, 'fetchMock.mock.calls'],
    ['a regular expression of one app\'s route', `  const [url] = fetchMock.mock.calls[0]!;\n  expect(url).toMatch(/\\/apps\\/crm-sync\\/assign$/);`, 'fetchMock.mock.calls'],
    ['a const of the test that holds the old body', `  const EXPECTED_BODY = { business_uid: 'biz_1' };\n  const [, init] = fetchMock.mock.lastCall!;\n  expect(JSON.parse(init.body as string)).toEqual(EXPECTED_BODY);`, 'fetchMock.mock.lastCall'],
    ['a predicate that spells the app code and the action', `  const assignCall = fetchMock.mock.calls.find(([url]) => url.endsWith('/apps/crm-sync/assign'));\n  expect(assignCall).toBeDefined();`, 'fetchMock.mock.calls'],
    ['a filter by the platform prefix', `  expect(fetchMock.mock.calls.filter(([u]) => u.includes('/platform/v1/'))).toHaveLength(1);`, 'fetchMock.mock.calls'],
    ['an inline snapshot that spells the route', '  expect(fetchMock.mock.calls[0]).toMatchInlineSnapshot(`\n    [\n      "https://api.example.com/platform/v1/apps/crm-sync/assign",\n      {\n        "body": "{\\"business_uid\\":\\"biz_1\\"}",\n      },\n    ]\n  `);', 'fetchMock.mock.calls'],
    ['a snapshot kept in a file', `  expect(fetchMock.mock.calls).toMatchSnapshot();`, 'fetchMock.mock.calls, in a snapshot file this run does not read'],
    ['the JSON body containing an old key', `  expect(fetchMock.mock.calls[0]![1].body).toContain('"business_uid":"biz_1"');`, 'fetchMock.mock.calls'],
  ])('what a mocked fetch recorded, read through %s: the assertion and the call it stands for stay', async (_name, assertions, key) => {
    const { mocks, calls } = expectGroupKept(await run({ 'src/report.ts': SHOW, 'test/report.test.ts': fetchTest(assertions) }), 'mock-calls-recorded');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-calls-recorded')!.key).toBe(key);
    expect(calls[0]!.reasons![0]!.key).toContain(`compares what a mock recorded (${key}) with the deprecated request`);
  });

  // vitest and jest keep `toMatchSnapshot()`'s snapshots in `__snapshots__/<test file>.snap`: what is written there says
  // whether the recorded value was the request.
  const SNAPSHOT_OF_REQUEST = `// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html

exports[\`posts the assignment 1\`] = \`
[
  [
    "https://api.example.com/platform/v1/apps/crm-sync/assign",
    {
      "body": "{\\"business_uid\\":\\"biz_1\\"}",
      "method": "POST",
    },
  ],
]
\`;
`;
  it('a snapshot file that writes out the recorded request keeps the assertion and its call, as one this run cannot read', async () => {
    const { mocks } = expectGroupKept(await run({
      'src/report.ts': SHOW, 'test/report.test.ts': fetchTest('  expect(fetchMock.mock.calls).toMatchSnapshot();'), 'test/__snapshots__/report.test.ts.snap': SNAPSHOT_OF_REQUEST,
    }), 'mock-calls-recorded');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-calls-recorded')!.key).toBe('fetchMock.mock.calls, in a snapshot file this run does not read');
  });

  it('a snapshot file that writes out something else (what a spy of stdout recorded) is no assertion of the request: the call moves, the test is not touched', async () => {
    const other = SNAPSHOT_OF_REQUEST.slice(0, SNAPSHOT_OF_REQUEST.indexOf('[\n  [')) + '[\n  [\n    "Assigned crm-sync to biz 1\\n",\n  ],\n]\n`;\n';
    expect(other).not.toContain('platform/v1');
    const sites = await run({
      'src/report.ts': SHOW, 'test/report.test.ts': fetchTest('  expect(writeSpy.mock.calls).toMatchSnapshot();').replace('  await showApp', "  const writeSpy = vi.spyOn(process.stdout, 'write');\n  await showApp"),
      'test/__snapshots__/report.test.ts.snap': other,
    });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it.each([
    ['a key of the response read in the value', `  const [, init] = fetchMock.mock.calls[0]!;\n  expect(JSON.parse(init.body as string).assignee_uid).toBe('biz_1');`],
    ['toHaveProperty naming another key', `  const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string);\n  expect(body).toHaveProperty('assignee_uid', 'biz_1');`],
    ['a const of the test that holds another body', `  const EXPECTED_BODY = { assignee_uid: 'biz_1' };\n  const [, init] = fetchMock.mock.lastCall!;\n  expect(JSON.parse(init.body as string)).toEqual(EXPECTED_BODY);`],
    ['a predicate of another route', `  expect(fetchMock.mock.calls.find(([url]) => url.endsWith('/apps/crm-sync/unassign'))).toBeUndefined();`],
    ['the JSON body containing a v3 key', `  expect(fetchMock.mock.calls[0]![1].body).toContain('"assignee_uid":"biz_1"');`],
    ['a regular expression of the v3 route', `  const [url] = fetchMock.mock.calls[0]!;\n  expect(url).toMatch(/\\/v3\\/apps\\/app_assignments$/);`],
  ])('a recorded call read through %s is no assertion of the deprecated request: the call moves', async (_name, assertion) => {
    const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': fetchTest(assertion) });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  const RECORDED_AXIOS_SHOW = `import axios from 'axios';

export async function showApp(appCode: string, businessUid: string): Promise<number> {
  const res = await axios.post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { business_uid: businessUid });
  return res.status;
}
`;
  const recordedSpyTest = (assertions: string) => `import axios from 'axios';
import { afterEach, expect, it, vi } from 'vitest';
import { showApp } from '../src/report.js';

afterEach(() => vi.restoreAllMocks());

it('shows an app', async () => {
  const post = vi.spyOn(axios, 'post').mockResolvedValue({ status: 201 });
  await showApp('crm-sync', 'biz_1');
${assertions}
});
`;

  it.each([
    ['const { calls } = post.mock', `  const { calls } = post.mock;\n  expect(calls[0]![1]).toEqual({ business_uid: 'biz_1' });`, 'post.mock.calls'],
    ['const recorded = post.mock', `  const recorded = post.mock;\n  expect(recorded.lastCall![0]).toBe('https://api.example.com/platform/v1/apps/crm-sync/assign');`, 'recorded.lastCall'],
  ])('what a spied axios.post recorded, read through an alias of .mock (%s): the assertion and the call stay', async (_name, assertions, key) => {
    const { mocks } = expectGroupKept(await run({ 'src/report.ts': RECORDED_AXIOS_SHOW, 'test/report.test.ts': recordedSpyTest(assertions) }), 'mock-calls-recorded');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-calls-recorded')!.key).toBe(key);
  });

  it('an alias of .mock whose recorded call is compared with the v3 body: the call moves', async () => {
    const sites = await run({ 'src/report.ts': RECORDED_AXIOS_SHOW, 'test/report.test.ts': recordedSpyTest(`  const { calls } = post.mock;\n  expect(calls.length).toBe(1);`) });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  const historyTest = (assertions: string) => `import axios from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, expect, it } from 'vitest';
import { showApp } from '../src/report.js';

const mock = new MockAdapter(axios);
afterEach(() => mock.reset());

it('shows an app', async () => {
  mock.onPost().reply(201);
  await showApp('crm-sync', 'biz_1');
${assertions}
});
`;

  it('axios-mock-adapter\'s history read with the old route and body: the assertions and the call stay', async () => {
    const { mocks } = expectGroupKept(await run({
      'src/report.ts': RECORDED_AXIOS_SHOW,
      'test/report.test.ts': historyTest(`  expect(mock.history.post[0]!.url).toBe('https://api.example.com/platform/v1/apps/crm-sync/assign');\n  expect(JSON.parse(mock.history.post[0]!.data)).toEqual({ business_uid: 'biz_1' });`),
    }), 'mock-calls-recorded');
    expect(mocks.map((m) => m.reasons!.find((r) => r.code === 'mock-calls-recorded')!.key)).toEqual(['mock.history', 'mock.history']);
  });

  it('axios-mock-adapter\'s history counted, nothing of the request read: the call moves', async () => {
    const sites = await run({ 'src/report.ts': RECORDED_AXIOS_SHOW, 'test/report.test.ts': historyTest(`  expect(mock.history.post).toHaveLength(1);`) });
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(sites, 'mock').every((m) => m.migrated || codes(m).includes('mock-app-code-unchecked') || codes(m).length === 0)).toBe(true);
  });

  const callHistoryTest = (assertions: string) => `import fetchMock from 'fetch-mock';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { showApp } from '../src/report.js';

beforeAll(() => fetchMock.mockGlobal());
afterEach(() => fetchMock.removeRoutes().clearHistory());

it('shows an app', async () => {
  fetchMock.post('begin:https://api.example.com/', 201);
  await showApp('crm-sync', 'biz_1');
${assertions}
});
`;

  it.each([
    ['callHistory.called(url)', `  expect(fetchMock.callHistory.called('https://api.example.com/platform/v1/apps/crm-sync/assign')).toBe(true);`, 'fetchMock.callHistory.called'],
    ['callHistory.calls(begin:…)', `  expect(fetchMock.callHistory.calls('begin:https://api.example.com/platform/v1/apps/')).toHaveLength(1);`, 'fetchMock.callHistory.calls'],
  ])('fetch-mock\'s call history filtered by the old URL (%s): the assertion and the call stay', async (_name, assertions, key) => {
    const { mocks } = expectGroupKept(await run({ 'src/report.ts': SHOW, 'test/report.test.ts': callHistoryTest(assertions) }), 'mock-calls-recorded');
    expect(mocks.find((m) => codes(m).includes('mock-calls-recorded'))!.reasons!.find((r) => r.code === 'mock-calls-recorded')!.key).toBe(key);
  });

  it('fetch-mock\'s call history filtered by the v3 URL: the call moves', async () => {
    const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': callHistoryTest(`  expect(fetchMock.callHistory.called('https://api.example.com/v3/apps/app_assignments')).toBe(true);`) });
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(sites, 'mock').filter((m) => codes(m).includes('mock-calls-recorded'))).toEqual([]);
  });

  const lifecycleTest = (assertion: string) => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { showApp } from '../src/report.js';

const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })));
const urls: string[] = [];
server.events.on('request:start', ({ request }) => { urls.push(\`\${request.method} \${request.url}\`); });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('shows an app', async () => {
  await showApp('crm-sync', 'biz_1');
${assertion}
});
`;

  it('URLs that msw\'s lifecycle events recorded, compared with the old route: the assertion, the handler and the call stay', async () => {
    const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': lifecycleTest(`  expect(urls).toEqual(['POST https://api.example.com/platform/v1/apps/crm-sync/assign']);`) });
    const mocks = kinds(sites, 'mock');
    expect(mocks.map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-call-held']], [false, ['mock-calls-recorded', 'mock-keeps-calls']]]);
    expect(mocks[1]!.reasons![0]!.key).toBe(`server.events.on('request:start')`);
    expect(kinds(sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
  });

  const matcherTest = (matcher: string) => `import fetchMock from 'fetch-mock';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { showApp } from '../src/report.js';

beforeAll(() => fetchMock.mockGlobal());
afterEach(() => fetchMock.removeRoutes().clearHistory());

it('shows an app', async () => {
  fetchMock.route(${matcher}, 201).catch(404);
  await showApp('crm-sync', 'biz_1');
});
`;

  it.each([
    ['the app code and the action', `(callLog) => callLog.url.endsWith('/crm-sync/assign')`],
    ['the app code and the action, with the URL and options', `(url) => url.endsWith('/crm-sync/assign')`],
  ])('a fetch-mock function matcher that spells %s: the mock and the call stay, each naming the other', async (_name, matcher) => {
    const { mocks } = expectGroupKept(await run({ 'src/report.ts': SHOW, 'test/report.test.ts': matcherTest(matcher) }), 'mock-route-not-editable');
    expect(mocks).toHaveLength(1);
  });

  it('a fetch-mock function matcher that spells another action of the app: no mock of the request, the call moves', async () => {
    const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': matcherTest(`(callLog) => callLog.url.endsWith('/crm-sync/unassign')`) });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('URLs that msw\'s lifecycle events recorded, only counted: the handler and the call move', async () => {
    const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': lifecycleTest(`  expect(urls).toHaveLength(1);`) });
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(sites, 'mock').map((m) => m.migrated)).toEqual([true]);
  });

  const stubTest = (stub: string) => `import { afterEach, expect, it, vi } from 'vitest';
import { showApp } from '../src/report.js';

afterEach(() => vi.restoreAllMocks());

it('shows an app', async () => {
  ${stub}
  await showApp('crm-sync', 'biz_1');
});
`;

  it.each([
    ['vi.stubGlobal with vi.fn and a regular expression', `vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(null, { status: /\\/platform\\/v1\\/apps\\/[^/]+\\/assign$/.test(url) ? 201 : 404 })));`],
    ['vi.spyOn(...).mockImplementation and a part of the route', `vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => new Response(null, { status: String(url).includes('/platform/v1/apps/') ? 201 : 404 }));`],
    ['vi.spyOn(...).mockImplementation and the app with the action', `vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => (String(input).endsWith('/crm-sync/assign') ? new Response(null, { status: 201 }) : new Response(null, { status: 404 })));`],
  ])('a stubbed fetch that answers by the URL it is given (%s): the stub and its call stay, each naming the other', async (_name, stub) => {
    const { mocks, calls } = expectGroupKept(await run({ 'src/report.ts': SHOW, 'test/report.test.ts': stubTest(stub) }), 'mock-route-not-editable');
    expect(mocks[0]!.reasons![0]!.key).toBe('a stubbed function that answers by testing the URL it is given against the deprecated route');
    expect(calls[0]!.reasons![0]!.key).toContain('stubbed function in test/report.test.ts, in the test "shows an app"');
  });

  it('a stubbed fetch that answers by another route, or by none, is no mock of the request: the call moves', async () => {
    for (const stub of [
      `vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(null, { status: /\\/tickets\\/[^/]+\\/assign$/.test(url) ? 201 : 404 })));`,
      `vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 201 })));`,
    ]) {
      const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': stubTest(stub) });
      expect(kinds(sites, 'mock'), stub).toEqual([]);
      expect(kinds(sites, 'call').map((c) => c.migrated), stub).toEqual([true]);
    }
  });

  it('the whole route in expect.stringContaining follows its call; a part of it stays, with the call', async () => {
    const whole = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': fetchTest(`  expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/platform/v1/apps/crm-sync/assign'), expect.objectContaining({ method: 'POST' }));`) });
    expect(kinds(whole, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['review', true]]);
    expect(kinds(whole, 'call').map((c) => c.migrated)).toEqual([true]);
    const part = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': fetchTest(`  expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/platform/v1/apps/'), expect.anything());`) });
    expectGroupKept(part, 'mock-route-not-editable');
  });

  it('the app with the action in expect.stringMatching is a part of the route: the assertion stays, with the call', async () => {
    const sites = await run({ 'src/report.ts': SHOW, 'test/report.test.ts': fetchTest(`  expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/\\/crm-sync\\/assign$/), expect.objectContaining({ method: 'POST' }));`) });
    expectGroupKept(sites, 'mock-route-not-editable');
  });

  // fetch sends the body as a JSON string: a part of that text names the old body's keys.
  const spiedFetch = (assertion: string) => ({
    'src/assign.ts': `export async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}
`,
    'test/assign.test.ts': `import { afterEach, expect, it, vi } from 'vitest';
import { showToBusiness } from '../src/assign.js';

afterEach(() => vi.restoreAllMocks());

it('shows crm-sync to a business', async () => {
  const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 201 }));
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
  ${assertion}
});
`,
  });

  it.each([
    [`expect.stringContaining('"business_uid":"biz_1"')`],
    [`expect.stringMatching(/"business_uid":"biz_\\d"/)`],
  ])('a recorded body asserted as a part of its JSON text (%s): the assertion and its call stay, each naming the other', async (body) => {
    const { mocks } = expectGroupKept(await run(spiedFetch(`expect(spy).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ body: ${body} }));`)), 'mock-route-not-editable');
    expect(mocks[0]!.reasons![0]!.key).toContain(body);
  });

  it('a recorded body asserted as a part of its text that names no old key is no assertion of the request: the call moves', async () => {
    const sites = await run(spiedFetch(`expect(spy).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ body: expect.stringContaining('biz_1') }));`));
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  const platform = (base: string) => `import axios from 'axios';

export const platform = axios.create({ baseURL: '${base}' });

export async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const res = await platform.post(\`/apps/\${appCode}/assign\`, { business_uid: businessUid });
  return res.status;
}
`;
  const spyTest = (spy: string) => `import { afterEach, expect, it, vi } from 'vitest';
import { platform, showToBusiness } from '../src/platform.js';

afterEach(() => vi.restoreAllMocks());

it('posts the assignment through the platform client', async () => {
  ${spy}
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
  expect(post).toHaveBeenCalledWith('/apps/crm-sync/assign', { business_uid: 'biz_1' });
});
`;

  it.each([
    ['vi.spyOn(platform, \'post\')', `const post = vi.spyOn(platform, 'post').mockResolvedValue({ status: 201 });`],
    ['vi.mocked(platform.post)', `vi.spyOn(platform, 'post').mockResolvedValue({ status: 201 });\n  const post = vi.mocked(platform.post);`],
  ])('a path relative to an imported instance\'s baseURL, asserted on %s: the assertion and the call stay', async (_name, spy) => {
    const sites = await run({ 'src/platform.ts': platform('https://api.example.com/platform/v1'), 'test/platform.test.ts': spyTest(spy) });
    expectGroupKept(sites, 'mock-route-not-editable');
  });

  // axios-mock-adapter matches a path relative to the base of the instance it wraps, as axios sends it.
  const adapterTest = (client: string, from: string) => `import MockAdapter from 'axios-mock-adapter';
import { expect, it } from 'vitest';
import { ${client} } from '../src/${from}.js';
import { showToBusiness } from '../src/platform.js';

const mock = new MockAdapter(${client});

it('shows crm-sync to a business', async () => {
  mock.onPost('/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;

  it('axios-mock-adapter on the instance, its route relative to the instance\'s baseURL: the mock and the call stay', async () => {
    const sites = await run({ 'src/platform.ts': platform('https://api.example.com/platform/v1'), 'test/platform.test.ts': adapterTest('platform', 'platform') });
    const { mocks } = expectGroupKept(sites, 'mock-route-not-editable');
    expect(mocks.map((m) => m.path)).toEqual(['test/platform.test.ts']);
  });

  it('axios-mock-adapter on an instance of another base: the same path is some other API\'s, and the call moves', async () => {
    const sites = await run({
      'src/platform.ts': platform('https://api.example.com/platform/v1'),
      'src/desk.ts': `import axios from 'axios';\n\nexport const tickets = axios.create({ baseURL: 'https://desk.example.com/api' });\n`,
      'test/desk.test.ts': adapterTest('tickets', 'desk'),
    });
    expect(kinds(sites, 'mock')).toEqual([]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('the same path on an instance of another base, or on an object that is no client, is some other API\'s: the call moves', async () => {
    const other = `import axios from 'axios';\n\nexport const tickets = axios.create({ baseURL: 'https://desk.example.com/api' });\nexport const desk = { post: async (_path: string, _body: unknown) => ({ status: 201 }) };\n`;
    for (const owner of ['tickets', 'desk']) {
      const sites = await run({
        'src/platform.ts': platform('https://api.example.com/platform/v1'),
        'src/desk.ts': other,
        'test/desk.test.ts': `import { expect, it, vi } from 'vitest';\nimport { ${owner} } from '../src/desk.js';\nimport { showToBusiness } from '../src/platform.js';\n\nit('assigns a ticket', async () => {\n  const post = vi.spyOn(${owner}, 'post');\n  await showToBusiness('crm-sync', 'biz_1');\n  expect(post).toHaveBeenCalledWith('/apps/1/assign', { agent: 'a_1' });\n});\n`,
      });
      expect(kinds(sites, 'mock'), owner).toEqual([]);
      expect(kinds(sites, 'call').map((c) => c.migrated), owner).toEqual([true]);
    }
  });

  const AXIOS_SHOW = (client: string, extra = '') => `${client === 'api' ? `import { api } from './api.js';` : `import axios from 'axios';`}

export async function showToBusiness(appCode: string, businessUid: string): Promise<void> {
  await ${client}.post(\`/platform/v1/apps/\${appCode}/assign\`, { business_uid: businessUid });
}
${extra}`;
  const API = `import axios from 'axios';\n\nexport const api = axios.create({ baseURL: 'https://api.example.com', timeout: 5_000 });\n`;
  const BUILT_IN = (client: string) => `\nexport async function showBuiltIn(appCode: string, businessUid: string): Promise<void> {\n  await ${client}.post(\`/platform/v1/apps/\${appCode}/assign\`, { business_uid: businessUid, built_in: 'true' });\n}\n`;
  const mockedTest = (assertion: string) => `import { expect, it, vi } from 'vitest';
import { api } from '../src/api.js';
import { showToBusiness } from '../src/assign.js';

vi.mock('../src/api.js', () => ({ api: { post: vi.fn().mockResolvedValue({ status: 201, data: {} }) } }));

it('posts the assignment through the shared client', async () => {
  await showToBusiness('crm-sync', 'biz_1');
  ${assertion}
});
`;

  it('an assertion on the post of the app\'s own client, its module mocked with vi.mock, follows its call', async () => {
    const sites = await run({ 'src/api.ts': API, 'src/assign.ts': AXIOS_SHOW('api'), 'test/assign.test.ts': mockedTest(`expect(api.post).toHaveBeenCalledWith('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' });`) });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('the same assertion, where the client\'s module also sends built_in: the assertion stays with the call it stands for', async () => {
    const sites = await run({ 'src/api.ts': API, 'src/assign.ts': AXIOS_SHOW('api', BUILT_IN('api')), 'test/assign.test.ts': mockedTest(`expect(api.post).toHaveBeenCalledWith('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' });`) });
    expect(kinds(sites, 'mock').map((m) => [m.migrated, codes(m)[0]])).toEqual([[false, 'mock-call-held']]);
    expect(kinds(sites, 'mock')[0]!.reasons![0]!.key).toBe('in showBuiltIn (src/assign.ts)');
  });

  it('an assertion on vi.mocked(axios, true).post follows its call; where the module also sends built_in, it stays with that call', async () => {
    const test = (body: string) => `import axios from 'axios';
import { expect, it, vi } from 'vitest';
import { showToBusiness } from '../src/assign.js';

vi.mock('axios');

it('posts the assignment', async () => {
  vi.mocked(axios, true).post.mockResolvedValue({ status: 201 });
  await showToBusiness('crm-sync', 'biz_1');
  expect(vi.mocked(axios, true).post).toHaveBeenCalledWith('/platform/v1/apps/crm-sync/assign', ${body});
});
`;
    const follows = await run({ 'src/assign.ts': AXIOS_SHOW('axios'), 'test/assign.test.ts': test(`{ business_uid: 'biz_1' }`) });
    expect(kinds(follows, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(follows, 'call').map((c) => c.migrated)).toEqual([true]);
    const held = await run({ 'src/assign.ts': AXIOS_SHOW('axios', BUILT_IN('axios')), 'test/assign.test.ts': test(`{ business_uid: 'biz_1' }`) });
    expect(kinds(held, 'mock').map((m) => [m.migrated, codes(m)[0], m.reasons![0]!.key])).toEqual([[false, 'mock-call-held', 'in showBuiltIn (src/assign.ts)']]);
  });

  const REQUEST = `import axios from 'axios';

export async function showToBusiness(appCode: string, businessUid: string): Promise<void> {
  await axios.request({
    method: 'POST',
    url: \`https://api.example.com/platform/v1/apps/\${appCode}/assign\`,
    data: { business_uid: businessUid },
  });
}
`;
  const requestTest = (spy: string, config: string) => `import axios from 'axios';
import { expect, it, vi } from 'vitest';
import { showToBusiness } from '../src/assign.js';

vi.mock('axios');

it('sends the assignment', async () => {
  ${spy}
  await showToBusiness('crm-sync', 'biz_1');
  expect(request).toHaveBeenCalledWith(${config});
});
`;
  const CONFIG = `{ method: 'POST', url: 'https://api.example.com/platform/v1/apps/crm-sync/assign', data: { business_uid: 'biz_1' } }`;

  it.each([
    ['vi.spyOn(axios, \'request\')', `const request = vi.spyOn(axios, 'request').mockResolvedValue({ status: 201, data: {} });`],
    ['axios.request of a mocked axios', `const request = vi.mocked(axios.request);`],
  ])('an assertion of the axios config object, on %s, follows its call: url and data rewritten', async (_name, spy) => {
    const dir = tree({ 'package.json': '{ "name": "p", "private": true, "type": "module" }', 'tsconfig.json': TSCONFIG, 'src/assign.ts': REQUEST, 'test/assign.test.ts': requestTest(spy, CONFIG) });
    const out = await command(['migrate', '.', '--json'], dir);
    expect(out.code, out.stderr).toBe(0);
    const test = readFileSync(join(dir, 'test/assign.test.ts'), 'utf8');
    expect(test).toContain(`{ method: 'POST', url: 'https://api.example.com/v3/apps/app_assignments', data: { assignee_type: 'business', assignee_uid: 'biz_1', app_code_name: 'crm-sync' } }`);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });

  it('an assertion of the axios config object with a header follows; where the module also sends built_in it stays with that call; with another method it is no mock', async () => {
    const withHeaders = await run({ 'src/assign.ts': REQUEST, 'test/assign.test.ts': requestTest(`const request = vi.mocked(axios.request);`, CONFIG.replace(`data:`, `headers: { 'X-Trace': 't' }, data:`)) });
    expect(kinds(withHeaders, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    const builtIn = `\nexport async function showBuiltIn(appCode: string, businessUid: string): Promise<void> {\n  await axios.request({ method: 'POST', url: \`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, data: { business_uid: businessUid, built_in: 'true' } });\n}\n`;
    const held = await run({ 'src/assign.ts': REQUEST + builtIn, 'test/assign.test.ts': requestTest(`const request = vi.mocked(axios.request);`, CONFIG) });
    expect(kinds(held, 'mock').map((m) => [m.migrated, codes(m)[0], m.reasons![0]!.key])).toEqual([[false, 'mock-call-held', 'in showBuiltIn (src/assign.ts)']]);
    const get = await run({ 'src/assign.ts': REQUEST, 'test/assign.test.ts': requestTest(`const request = vi.mocked(axios.request);`, CONFIG.replace(`method: 'POST'`, `method: 'GET'`)) });
    expect(kinds(get, 'mock')).toEqual([]);
  });

  it('an assertion of the old body with any URL (expect.any(String)): it names no app, so it stays with its call; of another body, no mock', async () => {
    const anyTest = (body: string) => `import axios from 'axios';
import { expect, it, vi } from 'vitest';
import { showToBusiness } from '../src/assign.js';

it('sends the business it was given', async () => {
  const post = vi.spyOn(axios, 'post').mockResolvedValue({ status: 201 });
  await showToBusiness('crm-sync', 'biz_1');
  expect(post).toHaveBeenCalledWith(expect.any(String), ${body});
});
`;
    const { mocks } = expectGroupKept(await run({ 'src/assign.ts': AXIOS_SHOW('axios'), 'test/assign.test.ts': anyTest(`{ business_uid: 'biz_1' }`) }), 'mock-app-code-unknown');
    expect(codes(mocks[0]!)).not.toContain('mock-route-not-editable');
    const other = await run({ 'src/assign.ts': AXIOS_SHOW('axios'), 'test/assign.test.ts': anyTest(`{ ticket: 't_1' }`) });
    expect(kinds(other, 'mock')).toEqual([]);
    expect(kinds(other, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('got\'s options in an assertion: the body is their json, and the assertion follows its call, or stays with a built_in call of its module', async () => {
    const GOT = `import got from 'got';

export async function makeInternal(appCode: string, directoryUid: string): Promise<void> {
  await got.post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { json: { directory_uid: directoryUid, is_internal: 'true' } });
}
`;
    const gotTest = (json: string) => `import got from 'got';
import { expect, it, vi } from 'vitest';
import { makeInternal } from '../src/assign.js';

it('posts the internal assignment', async () => {
  const post = vi.spyOn(got, 'post').mockResolvedValue({ statusCode: 201 } as never);
  await makeInternal('crm-sync', 'dir_1');
  expect(post).toHaveBeenCalledWith('https://api.example.com/platform/v1/apps/crm-sync/assign', { json: ${json} });
});
`;
    const follows = await run({ 'src/assign.ts': GOT, 'test/assign.test.ts': gotTest(`{ directory_uid: 'dir_1', is_internal: 'true' }`) });
    expect(kinds(follows, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(follows, 'call').map((c) => c.migrated)).toEqual([true]);
    const builtIn = `\nexport async function preInstall(appCode: string, directoryUid: string): Promise<void> {\n  await got.post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { json: { directory_uid: directoryUid, is_internal: 'true', built_in: 'true' } });\n}\n`;
    const held = await run({ 'src/assign.ts': GOT + builtIn, 'test/assign.test.ts': gotTest(`{ directory_uid: 'dir_1', is_internal: 'true' }`) });
    expect(kinds(held, 'mock').map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-call-held', 'mock-keeps-calls']]]);
  });
});

describe('read file by file (no tsconfig.json or jsconfig.json, or --no-project): a test\'s mock keeps the calls of the modules it imports', () => {
  const ASSIGN = `/** Shows an app in one business's App Market. */
export async function showToBusiness(appCode, businessUid) {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}
`;
  const mswTest = (from: string) => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { showToBusiness } from '${from}';

const server = setupServer(
  http.post('*/platform/v1/apps/:id/assign', async ({ request }) => {
    const body = await request.json();
    return HttpResponse.json({ status: 'OK' }, { status: body.business_uid === 'biz_1' ? 201 : 403 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('shows an app to a business', async () => {
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;
  /** A JavaScript project without a tsconfig.json or jsconfig.json: the CLI reads it file by file. */
  async function fileRun(files: Record<string, string>, args: string[] = ['.']) {
    const dir = tree({ 'package.json': '{ "name": "p", "private": true, "type": "module" }', ...files });
    const out = await command(['migrate', ...args, '--dry', '--json'], dir);
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as { mode: { kind: string; testsUnread?: true }; files: { path: string; sites: Site[] }[] };
    expect(report.mode.kind).toBe('file');
    return { dir, report, sites: new Map(report.files.map((file) => [file.path, file.sites])) };
  }

  it('the call a test imports stays with the handler that cannot see it, each naming the other', async () => {
    const { sites } = await fileRun({ 'src/assign.js': ASSIGN, 'test/assign.test.js': mswTest('../src/assign.js') });
    const [call] = kinds(sites, 'call');
    expect(call!.migrated).toBe(false);
    expect(codes(call!)).toEqual(['call-mock-held']);
    expect(call!.reasons![0]!.key).toBe('handler in test/assign.test.js, which this run read file by file, apart from the modules its test imports');
    expect(kinds(sites, 'mock').map((m) => [m.migrated, codes(m)])).toEqual([[false, ['mock-calls-unseen']]]);
  });

  const SETUP_SERVER = `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';

const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
`;
  const plainTest = `import { expect, it } from 'vitest';
import { showToBusiness } from '../src/assign.js';

it('shows an app to a business', async () => {
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;
  const VITEST_CONFIG = `import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { setupFiles: ['./test/setup.js'] } });\n`;

  it.each([
    ['its handler in the setup file', { 'test/setup.js': SETUP_SERVER }, 'test/setup.js'],
    ['its handler in a module the setup file imports', {
      'test/setup.js': `import { setupServer } from 'msw/node';\nimport { afterAll, beforeAll } from 'vitest';\nimport { handlers } from './handlers.js';\n\nconst server = setupServer(...handlers);\nbeforeAll(() => server.listen({ onUnhandledRequest: 'error' }));\nafterAll(() => server.close());\n`,
      'test/handlers.js': `import { http, HttpResponse } from 'msw';\nexport const handlers = [http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 }))];\n`,
    }, 'test/handlers.js'],
  ])('a setup file that vitest.config lists (%s) stands for the calls of every test: they stay with it, each naming the other', async (_name, setup, mockFile) => {
    const { sites } = await fileRun({ 'vitest.config.js': VITEST_CONFIG, 'src/assign.js': ASSIGN, 'test/assign.test.js': plainTest, ...setup });
    expect(kinds(sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
    expect(kinds(sites, 'call')[0]!.reasons![0]!.key).toBe(`handler in ${mockFile}, which a test runner loads before every test (its config's setupFiles), and which this run read file by file, apart from the tests`);
    expect(kinds(sites, 'mock').map((m) => [m.path, m.migrated, codes(m)])).toEqual([[mockFile, false, ['mock-calls-unseen']]]);
  });

  it('a setup file that vitest.config lists whose server answers only the list of apps: no mock of the request, the call moves', async () => {
    const { sites } = await fileRun({ 'vitest.config.js': VITEST_CONFIG, 'src/assign.js': ASSIGN, 'test/assign.test.js': plainTest, 'test/setup.js': SETUP_SERVER.replace(`http.post('*/platform/v1/apps/:id/assign'`, `http.get('*/platform/v1/apps'`) });
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
    expect(kinds(sites, 'mock')).toEqual([]);
  });

  it('through a module in between, imported without its extension; with --tests ignore the call moves', async () => {
    const files = {
      'src/assign.js': ASSIGN,
      'src/market/index.js': `export { showToBusiness } from '../assign.js';\n`,
      'test/assign.test.js': mswTest('../src/market'),
    };
    expect(kinds((await fileRun(files)).sites, 'call').map((c) => [c.migrated, codes(c)])).toEqual([[false, ['call-mock-held']]]);
    const dir = tree({ 'package.json': '{ "name": "p", "private": true, "type": "module" }', ...files });
    const ignored = JSON.parse((await command(['migrate', '.', '--dry', '--json', '--tests', 'ignore'], dir)).stdout) as { files: { path: string; sites: Site[] }[] };
    expect(ignored.files.flatMap((f) => f.sites.filter((s) => s.kind === 'call').map((s) => s.migrated))).toEqual([true]);
  });

  it('an import it cannot follow (a path alias) may lead to any call of the run: they all stay, the reason names the import', async () => {
    const { sites } = await fileRun({ 'src/assign.js': ASSIGN, 'test/assign.test.js': mswTest('@/assign') });
    const [call] = kinds(sites, 'call');
    expect(call!.migrated).toBe(false);
    expect(call!.reasons![0]!.key).toContain(`whose test loads '@/assign', which cannot be followed without a tsconfig.json or jsconfig.json`);
  });

  it('a module loaded by a computed import() may be any: every call of the run stays', async () => {
    const test = mswTest('./helpers.js').replace(`import { showToBusiness } from './helpers.js';`, `const { showToBusiness } = await import(process.env.MODULE ?? '../src/assign.js');`);
    const { sites } = await fileRun({ 'src/assign.js': ASSIGN, 'test/assign.test.js': test });
    const [call] = kinds(sites, 'call');
    expect(call!.migrated).toBe(false);
    expect(call!.reasons![0]!.key).toContain('whose test loads a module by a computed import(), which cannot be followed');
  });

  it('a test that imports other modules keeps no call', async () => {
    const { sites } = await fileRun({
      'src/assign.js': ASSIGN,
      'src/other.js': `export async function showToBusiness() { return 201; }\n`,
      'test/assign.test.js': mswTest('../src/other.js'),
    });
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it('with worker processes (--jobs 2 over more files than one worker takes), the call stays with its handler too', async () => {
    const fillers = Object.fromEntries(Array.from({ length: 110 }, (_, i) => [`src/filler/f${i}.js`, `export const f${i} = () => fetch('https://api.example.com/platform/v1/apps/a${i}/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });\n`]));
    const dir = tree({ 'package.json': '{ "name": "p", "private": true, "type": "module" }', 'src/assign.js': ASSIGN, 'test/assign.test.js': mswTest('../src/assign.js'), ...fillers });
    const out = await command(['migrate', '.', '--dry', '--json', '--jobs', '2'], dir);
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as { files: { path: string; sites: Site[] }[] };
    const sites = new Map(report.files.map((file) => [file.path, file.sites]));
    expect(sites.get('src/assign.js')!.map((site) => [site.migrated, codes(site)])).toEqual([[false, ['call-mock-held']]]);
    expect(kinds(sites, 'call').filter((call) => call.migrated)).toHaveLength(110);
  });

  it('when no test is among the paths given, the run says that no test\'s mock was checked', async () => {
    const files = { 'src/assign.js': ASSIGN, 'test/assign.test.js': mswTest('../src/assign.js') };
    const { dir, report } = await fileRun(files, ['src']);
    expect(report.mode.testsUnread).toBe(true);
    expect(kinds(new Map(report.files.map((f) => [f.path, f.sites])), 'call').map((c) => c.migrated)).toEqual([true]);
    expect((await command(['migrate', 'src', '--dry'], dir)).stdout).toContain('no test file was among the files read, so no test\'s mock of the deprecated request was checked');
    expect((await command(['migrate', '.', '--dry'], dir)).stdout).not.toContain('no test file was among the files read');
    expect((await fileRun(files)).report.mode.testsUnread).toBeUndefined();
  });
});

describe('a resolver that destructures the keys of the old body', () => {
  const handlerTest = (resolver: string) => `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { publish } from '../src/publish.js';

const server = setupServer(http.post('*/platform/v1/apps/:id/assign', ${resolver}));

it('publishes', async () => {
  server.listen({ onUnhandledRequest: 'error' });
  expect(await publish('crm-sync', 'dir_1')).toBe(201);
});
`;

  it('compares them: the pattern binds the v3 fields, and the handler follows its call', async () => {
    const sites = await run({
      'src/publish.ts': PUBLISH,
      'test/publish.test.ts': handlerTest(`async ({ request }) => {\n  const { directory_uid, pre_installed } = await request.json();\n  return new HttpResponse(null, { status: directory_uid !== 'dir_2' && pre_installed === 'true' ? 201 : 403 });\n}`),
    });
    expect(kinds(sites, 'mock').map((m) => [m.outcome, m.migrated])).toEqual([['fix', true]]);
    expect(kinds(sites, 'call').map((c) => c.migrated)).toEqual([true]);
  });

  it.each([
    ['a key bound to another name', `const { directory_uid: dir } = await request.json();\n  return new HttpResponse(null, { status: dir === 'dir_1' ? 201 : 403 });`, 'directory_uid'],
    ['a default value', `const { directory_uid = 'dir_1' } = await request.json();\n  return new HttpResponse(null, { status: directory_uid === 'dir_1' ? 201 : 403 });`, 'the request body'],
    ['a v3 field\'s name the resolver already uses', `const settings = { strict: true };\n  const { pre_installed } = await request.json();\n  return HttpResponse.json(settings, { status: pre_installed === 'true' ? 201 : 403 });`, 'pre_installed (destructured beside a name of its own, settings)'],
    ['a key no v3 field holds', `const { built_in } = await request.json();\n  return new HttpResponse(null, { status: built_in === 'true' ? 201 : 403 });`, 'built_in'],
  ])('%s: the handler and its call stay, the TODO naming what it reads', async (_name, body, read) => {
    const sites = await run({ 'src/publish.ts': PUBLISH, 'test/publish.test.ts': handlerTest(`async ({ request }) => {\n  ${body}\n}`) });
    const { mocks } = expectGroupKept(sites, 'mock-resolver-reads');
    expect(mocks[0]!.reasons!.find((r) => r.code === 'mock-resolver-reads')!.key).toBe(read);
  });
});
