import { analyzeMocks, bodyReaderBeforeTests, runnerSetupFilesIn, runnerSetupIn, v3HandlerIn, type CallRecord, callsKeptByMocks, describeReason, type MockFacts, type MockFinding, type MockSite, settleMocks } from '@app-assignment/core';
import { parseSource } from '@app-assignment/core/parse';
import { describe, expect, it } from 'vitest';

function mocksOf(text: string) {
  const { program, context } = parseSource(text, 'a.test.ts');
  return analyzeMocks(program, context).map((m) => ({ library: m.mock.library, appCode: m.mock.route.appCode, outcome: m.outcome }));
}

describe('mocks are recognized by reference to their libraries', () => {
  it('msw, nock, axios-mock-adapter, fetch-mock and assertions on mocked clients', () => {
    expect(mocksOf(`import { http } from 'msw';
import nock from 'nock';
import MockAdapter from 'axios-mock-adapter';
import axios from 'axios';
import fetchMock from 'fetch-mock';
import { expect, vi } from 'vitest';
const adapter = new MockAdapter(axios);
const spy = vi.spyOn(globalThis, 'fetch');
http.post('*/platform/v1/apps/:id/assign', () => new Response());
const scope = nock('https://h');
scope.post('/platform/v1/apps/crm/assign', { business_uid: 'b' });
adapter.onPost('/platform/v1/apps/crm/assign');
fetchMock.postOnce('end:/platform/v1/apps/crm%2Dsync/assign', 200);
expect(spy).toHaveBeenNthCalledWith(1, '/platform/v1/apps/crm/assign', { method: 'POST' });
expect(axios.post).toBeCalledWith('/platform/v1/apps/crm/assign', expect.objectContaining({ business_uid: 'b' }));
`)).toEqual([
      { library: 'msw', appCode: undefined, outcome: 'fix' },
      { library: 'nock', appCode: 'crm', outcome: 'fix' },
      { library: 'axios-mock-adapter', appCode: 'crm', outcome: 'review' },
      { library: 'fetch-mock', appCode: 'crm-sync', outcome: 'review' },
      { library: 'assertion', appCode: 'crm', outcome: 'review' },
      { library: 'assertion', appCode: 'crm', outcome: 'fix' },
    ]);
  });

  it('not by name: look-alikes of other origins, other routes and other methods are no mocks', () => {
    expect(mocksOf(`import { http } from './my-http';
import { expect, vi } from 'vitest';
const nock = (base: string) => ({ post: (p: string) => p });
const spy = vi.fn();
const router = { push: vi.fn() };
http.post('*/platform/v1/apps/:id/assign', () => null);
nock('https://h').post('/platform/v1/apps/crm/assign');
expect(router.push).toHaveBeenCalledWith('/platform/v1/apps/crm/assign');
expect(spy).toHaveBeenCalledWith('/platform/v1/apps/crm/unassign', { method: 'POST' });
expect(spy).toHaveBeenCalledWith('/platform/v1/apps/crm/assign', { method: 'GET' });
`)).toEqual([]);
  });

  it('a negated assertion is found, never rewritten: once its calls send v3 it guards nothing, and its TODO says so', () => {
    const text = `import { expect, vi } from 'vitest';
const spy = vi.fn();
expect(spy).not.toHaveBeenCalledWith('/platform/v1/apps/crm/assign', { method: 'POST' });
`;
    const { program, context } = parseSource(text, 'a.ts');
    expect(analyzeMocks(program, context).map((m) => [m.mock.library, m.outcome, m.reasons.map((r) => r.code)])).toEqual([['assertion', 'manual', ['mock-assertion-negated']]]);
  });
});

describe('mocks in shapes found by what they spell or what the asserted client takes', () => {
  const found = (text: string) => {
    const { program, context } = parseSource(text, 'a.test.ts');
    return analyzeMocks(program, context).map((m) => [m.mock.library, m.outcome, m.reasons.map((r) => r.key === undefined ? r.code : `${r.code}:${r.key}`)]);
  };

  it('a nock path function, a route built by a function of the file, a stub that answers by the URL: found, never rewritten', () => {
    expect(found(`import nock from 'nock';
import { http } from 'msw';
import { vi } from 'vitest';
const assignRoute = (app: string) => \`*/platform/v1/apps/\${app}/assign\`;
nock('https://h').post((uri) => /^\\/platform\\/v1\\/apps\\/[^/]+\\/assign$/.test(uri)).reply(201);
http.post(assignRoute(':id'), () => null);
vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(null, { status: url.endsWith('/platform/v1/apps/crm/assign') ? 201 : 404 })));
`)).toEqual([
      ['nock', 'manual', ['mock-route-not-editable:a function of the path that tests it against the deprecated route']],
      ['msw', 'manual', ['mock-route-not-editable:a route built by assignRoute(…)']],
      ['stub', 'manual', ['mock-route-not-editable:a stubbed function that answers by testing the URL it is given against the deprecated route']],
    ]);
  });

  it('the same shapes of other routes are no mocks', () => {
    expect(found(`import nock from 'nock';
import { http } from 'msw';
import { vi } from 'vitest';
const ticketRoute = (id: string) => \`*/tickets/\${id}/assign\`;
nock('https://h').post((uri) => /^\\/tickets\\/[^/]+\\/assign$/.test(uri)).reply(201);
http.post(ticketRoute(':id'), () => null);
vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(null, { status: url.endsWith('/platform/v1/apps/crm/unassign') ? 201 : 404 })));
`)).toEqual([]);
  });

  it('got\'s options, axios\'s config, vi.mocked(axios, true).post: the body where the client keeps it; any URL with the old body names no app', () => {
    expect(found(`import axios from 'axios';
import got from 'got';
import { expect, vi } from 'vitest';
const post = vi.spyOn(got, 'post');
const request = vi.spyOn(axios, 'request');
expect(post).toHaveBeenCalledWith('https://h/platform/v1/apps/crm/assign', { json: { business_uid: 'b' } });
expect(request).toHaveBeenCalledWith({ method: 'POST', url: 'https://h/platform/v1/apps/crm/assign', data: { business_uid: 'b' } });
expect(axios).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://h/platform/v1/apps/crm/assign', data: { business_uid: 'b' } }));
expect(vi.mocked(axios, true).post).toHaveBeenCalledWith('https://h/platform/v1/apps/crm/assign', { business_uid: 'b' });
expect(vi.mocked(axios, true).post).toHaveBeenCalledWith(expect.any(String), { business_uid: 'b' });
expect(request).toHaveBeenCalledWith({ method: 'GET', url: 'https://h/platform/v1/apps/crm/assign' });
expect(request).toHaveBeenCalledWith({ url: 'https://h/platform/v1/apps/crm/assign', data: { business_uid: 'b' } });
expect(vi.mocked(axios, true).post).toHaveBeenCalledWith(expect.any(String), { name: 'n' });
const options = { json: { business_uid: 'b' } };
expect(post).toHaveBeenCalledWith('https://h/platform/v1/apps/crm/assign', { body: JSON.stringify({ business_uid: 'b' }) });
expect(post).toHaveBeenCalledWith('https://h/platform/v1/apps/crm/assign', options);
expect(post).toHaveBeenCalledWith('https://h/platform/v1/apps/crm/assign', { form: { business_uid: 'b' } });
const send = vi.fn();
expect(send).toHaveBeenCalledWith({ method: 'POST', url: 'https://h/platform/v1/apps/crm/assign', data: { business_uid: 'b' } });
expect(send).toHaveBeenCalledWith({ method: 'POST', url: 'https://h/platform/v1/apps/crm/assign', body: { business_uid: 'b' } });
`)).toEqual([
      ['assertion', 'fix', []],
      ['assertion', 'fix', []],
      ['assertion', 'fix', []],
      ['assertion', 'fix', []],
      ['assertion', 'manual', ['mock-app-code-unknown']],
      ['assertion', 'fix', []],
      ['assertion', 'manual', ['mock-route-not-editable:the client\'s options (options not written here), which this tool does not read as a body']],
      ['assertion', 'manual', ['mock-route-not-editable:the client\'s options (form), which this tool does not read as a body']],
      ['assertion', 'fix', []],
      ['assertion', 'manual', ['mock-route-not-editable:an object with body beside its url, which this tool does not read as a request\'s']],
    ]);
  });
});

describe('what a mock recorded, read by key, by predicate, through an alias, or in another recorder', () => {
  const recorded = (text: string) => {
    const { program, context } = parseSource(text, 'a.test.ts');
    return analyzeMocks(program, context).map((m) => [m.mock.recorded, m.mock.route.appCode, m.outcome]);
  };
  const head = `import { expect, vi } from 'vitest';
import fetchMock from 'fetch-mock';
import MockAdapter from 'axios-mock-adapter';
import axios from 'axios';
const mocked = vi.fn();
const mock = new MockAdapter(axios);
`;

  it('the old request in the value or in what it expects: found, never rewritten, the app code where it is spelled', () => {
    expect(recorded(`${head}const [url, init] = mocked.mock.calls[0];
const EXPECTED = { directory_uid: 'd' };
expect(JSON.parse(init.body).business_uid).toBe('b');
expect(JSON.parse(init.body)).toHaveProperty(['directory_uid'], 'd');
expect(url).toMatch(/\\/apps\\/crm-sync\\/assign$/);
expect(JSON.parse(init.body)).toEqual(EXPECTED);
expect(mocked.mock.calls.find(([u]) => u.endsWith('/crm-sync/assign'))).toBeDefined();
const { calls } = mocked.mock;
expect(calls[0][1]).toEqual({ business_uid: 'b' });
const alias = mocked.mock;
expect(alias.lastCall[0]).toBe('/platform/v1/apps/crm/assign');
expect(mock.history.post[0].url).toBe('/platform/v1/apps/crm/assign');
expect(fetchMock.callHistory.called('begin:https://h/platform/v1/apps/')).toBe(true);
expect(fetchMock.called('/platform/v1/apps/crm/assign')).toBe(true);
expect(mocked.mock.calls).toMatchSnapshot();
expect(mocked.mock.calls[0]).toMatchInlineSnapshot(\`["POST https://h/platform/v1/apps/crm/assign"]\`);
`)).toEqual([
      ['mocked.mock.calls', undefined, 'manual'],
      ['mocked.mock.calls', undefined, 'manual'],
      ['mocked.mock.calls', 'crm-sync', 'manual'],
      ['mocked.mock.calls', undefined, 'manual'],
      // The calls selected by a test of their URL that only crm-sync's answers.
      ['mocked.mock.calls', 'crm-sync', 'manual'],
      ['mocked.mock.calls', undefined, 'manual'],
      ['alias.lastCall', 'crm', 'manual'],
      ['mock.history', 'crm', 'manual'],
      ['fetchMock.callHistory.called', undefined, 'manual'],
      ['fetchMock.called', 'crm', 'manual'],
      ['mocked.mock.calls, in a snapshot file this run does not read', undefined, 'manual'],
      ['mocked.mock.calls', 'crm', 'manual'],
    ]);
  });

  it('the same reads of other keys, routes and recorders are no assertions of the request', () => {
    expect(recorded(`${head}const [url, init] = mocked.mock.calls[0];
const EXPECTED = { assignee_uid: 'd' };
const other = { history: [] };
expect(JSON.parse(init.body).assignee_uid).toBe('b');
expect(JSON.parse(init.body)).toHaveProperty('assignee_uid', 'd');
expect(url).toMatch(/\\/v3\\/apps\\/app_assignments$/);
expect(JSON.parse(init.body)).toEqual(EXPECTED);
expect(mocked.mock.calls.find(([u]) => u.endsWith('/crm-sync/unassign'))).toBeDefined();
expect(other.history[0]).toBe('/platform/v1/apps/crm/assign');
expect(fetchMock.callHistory.called('https://h/v3/apps/app_assignments')).toBe(true);
expect(url).toBe(other.history[0]);
`)).toEqual([]);
  });
});

describe('the route a mock names', () => {
  it('a placeholder after a base is any app; the edit keeps the base', async () => {
    const { analyzeMocks: analyze, applyEdits } = await import('@app-assignment/core');
    const text = "import { http } from 'msw';\nconst API = 'https://h';\nhttp.post(`${API}/platform/v1/apps/:code/assign`, () => null);\n";
    const { program, context } = parseSource(text, 'a.ts');
    const [found] = analyze(program, context);
    expect(found?.mock.route.appCode).toBeUndefined();
    expect(applyEdits(text, found!.edits!)).toContain('http.post(`${API}/v3/apps/app_assignments`, () => null);');
  });
});

describe('a type that describes the old body keeps a mock for a person', () => {
  it.each([
    "import { http } from 'msw';\nexport interface Legacy { business_uid: string }\nhttp.post<never, Legacy>('*/platform/v1/apps/:id/assign', () => null);\n",
    "import nock from 'nock';\ninterface Legacy { business_uid: string }\nnock('https://h').post('/platform/v1/apps/crm/assign', { business_uid: 'b' } as Legacy);\n",
  ])('%s', (text) => {
    const { program, context } = parseSource(text, 'a.ts');
    expect(analyzeMocks(program, context).map((m) => [m.outcome, m.reasons.map((r) => r.code)])).toEqual([['manual', ['body-typed']]]);
  });
});

describe('settleMocks: a mock follows every call it can stand for', () => {
  const call = (file: string, migrated: boolean, extra: Partial<CallRecord> = {}): CallRecord => ({ file, place: `in f (${file})`, migrated, ...extra });
  const reach = (map: Record<string, string[]>) => (file: string) => new Set(map[file] ?? [file]);

  it('a wildcard mock stands for every reachable call, and only those', () => {
    const mock: MockFacts = { file: 'a.test.ts' };
    const calls = [call('a.ts', true), call('b.ts', false)];
    expect(settleMocks([mock], calls, reach({ 'a.test.ts': ['a.test.ts', 'a.ts'] }))).toEqual([{ kind: 'follow' }]);
    expect(settleMocks([mock], calls, reach({ 'a.test.ts': ['a.test.ts', 'a.ts', 'b.ts'] }))).toEqual([
      { kind: 'hold', reason: { code: 'mock-call-held', key: 'in f (b.ts)' } },
    ]);
  });

  it('an app code or a body value the call cannot send rules the call out; a value known only at run time does not', () => {
    const files = reach({ 't.ts': ['t.ts', 'a.ts'] });
    const held = call('a.ts', false, { appCode: 'other' });
    expect(settleMocks([{ file: 't.ts', appCode: 'crm' }], [call('a.ts', true), held], files)).toEqual([{ kind: 'follow' }]);
    const byBody = call('a.ts', false, { body: { business_uid: 'biz_2' } });
    expect(settleMocks([{ file: 't.ts', body: { business_uid: 'biz_1' } }], [call('a.ts', true), byBody], files)).toEqual([{ kind: 'follow' }]);
    const dynamic = call('a.ts', false, { body: { business_uid: null } });
    expect(settleMocks([{ file: 't.ts', body: { business_uid: 'biz_1' } }], [dynamic], files)[0]!.kind).toBe('hold');
  });

  it('a handler that reads business_uid follows only calls that all send business_uid, and says so the same on a second run', () => {
    const files = reach({ 't.ts': ['t.ts', 'a.ts'] });
    const mock: MockFacts = { file: 't.ts', reads: 'business_uid' };
    const business = call('a.ts', true, { body: { business_uid: null } });
    const directory = call('a.ts', true, { body: { directory_uid: null, is_internal: 'true' } });
    expect(settleMocks([mock], [business], files)).toEqual([{ kind: 'follow' }]);
    const held = [{ kind: 'hold', reason: { code: 'mock-resolver-reads', key: 'business_uid' } }];
    expect(settleMocks([mock], [business, directory], files)).toEqual(held);
    expect(settleMocks([mock], [call('a.ts', true)], files)).toEqual(held);
    // The calls moved to v3: none left, and the same reason.
    expect(settleMocks([mock], [], files)).toEqual(held);
  });

  it('a handler that compares a flag with "true" follows calls that send the flag as a static string or not at all', () => {
    const files = reach({ 't.ts': ['t.ts', 'a.ts'] });
    const mock: MockFacts = { file: 't.ts', flags: ['is_internal'] };
    const internal = call('a.ts', true, { body: { directory_uid: null, is_internal: 'true' } });
    const preInstalled = call('a.ts', true, { body: { directory_uid: null, is_internal: 'false', pre_installed: 'true' } });
    const none = call('a.ts', true, { body: { business_uid: null } });
    expect(settleMocks([mock], [internal, preInstalled, none], files)).toEqual([{ kind: 'follow' }]);
    const held = [{ kind: 'hold', reason: { code: 'mock-resolver-reads', key: 'is_internal' } }];
    // A value known at run time only (a boolean, a condition), or a body the run cannot read.
    expect(settleMocks([mock], [internal, call('a.ts', true, { body: { directory_uid: null, is_internal: null } })], files)).toEqual(held);
    expect(settleMocks([mock], [call('a.ts', true)], files)).toEqual(held);
    expect(settleMocks([mock], [], files)).toEqual(held);
  });

  it('no call in reach, or reach unknown: held, never rewritten', () => {
    expect(settleMocks([{ file: 't.ts' }], [], reach({}))).toEqual([{ kind: 'hold', reason: { code: 'mock-no-calls' } }]);
    expect(settleMocks([{ file: 't.ts' }], [call('t.ts', true)], () => 'unknown')).toEqual([{ kind: 'hold', reason: { code: 'mock-calls-unseen' } }]);
  });
});

describe('callsKeptByMocks: a call and its mocks are one group', () => {
  const call = (file: string, migrated: boolean, extra: Partial<CallRecord> = {}): CallRecord => ({ file, place: `in f (${file})`, migrated, ...extra });
  const reach = (files: Record<string, string[]>) => (file: string) => new Set(files[file] ?? []);
  const finding = (outcome: MockFinding['outcome'], reasons: MockFinding['reasons'] = []): MockFinding =>
    ({ mock: { library: 'msw' } as MockSite, outcome, reasons });

  it('a mock held for a reason of its own keeps every migrated call it stands for, and says which read', () => {
    const mock: MockFacts = { file: 't.test.ts', place: 'in t.test.ts' };
    const files = reach({ 't.test.ts': ['t.test.ts', 'a.ts', 'b.ts'] });
    const kept = callsKeptByMocks([mock], [finding('manual', [{ code: 'mock-resolver-reads', key: 'request.url' }])], [call('a.ts', true), call('b.ts', false)], files);
    expect([...kept]).toEqual([[0, { code: 'call-mock-held', key: 'handler in t.test.ts, which reads request.url of the deprecated request' }]]);
    // Settled again with the call kept: the mock names it; a mock that follows on its own waits for it.
    const again = [call('a.ts', false, { keptForMocks: true }), call('b.ts', false)];
    expect(settleMocks([mock], again, files)[0]).toMatchObject({ kind: 'hold', keeps: ['in f (a.ts)'] });
    expect(callsKeptByMocks([mock], [finding('fix')], [call('a.ts', true)], files).size).toBe(0);
  });

  it('a mock held for a reason with no words of its own is said to be not exact once: the call\'s TODO adds "see its TODO" itself', () => {
    const mock: MockFacts = { file: 't.test.ts', place: 'in t.test.ts' };
    const kept = callsKeptByMocks([mock], [finding('manual', [{ code: 'app-id-numeric' }])], [call('a.ts', true)], reach({ 't.test.ts': ['a.ts'] }));
    expect([...kept]).toEqual([[0, { code: 'call-mock-held', key: 'handler in t.test.ts, which cannot be rewritten exactly' }]]);
    expect(describeReason(kept.get(0)!)).toContain('cannot be rewritten exactly (see its TODO):');
    expect(describeReason(kept.get(0)!)).not.toContain('(see its TODO) (see its TODO)');
  });

  it('a mock whose route cannot be rewritten names why, in its TODO and in the TODO of the call it keeps', () => {
    const mock: MockFacts = { file: 't.test.ts', place: 'in t.test.ts' };
    const why = 'a route built by assignRoute(…)';
    const kept = callsKeptByMocks([mock], [finding('manual', [{ code: 'mock-route-not-editable', key: why }])], [call('a.ts', true)], reach({ 't.test.ts': ['a.ts'] }));
    expect(kept.get(0)!.key).toBe(`handler in t.test.ts, which has a route that cannot be rewritten in place (${why})`);
    expect(describeReason({ code: 'mock-route-not-editable', key: why })).toContain(`cannot be rewritten in place (${why});`);
    expect(describeReason({ code: 'mock-route-not-editable' })).toContain('(every method with http.all');
  });

  it('a mock that waits for a call in a file the run does not write says so, not "see its TODO"', () => {
    const mock: MockFacts = { file: 't.test.ts', place: 'in t.test.ts' };
    const files = reach({ 't.test.ts': ['a.ts', 'lib.ts'] });
    const outside = call('lib.ts', false, { unwritten: true });
    expect(settleMocks([mock], [call('a.ts', true), outside], files)).toEqual([{ kind: 'hold', reason: { code: 'mock-call-outside-run', key: 'in f (lib.ts)' } }]);
    expect(settleMocks([mock], [call('a.ts', true), call('lib.ts', false)], files)).toEqual([{ kind: 'hold', reason: { code: 'mock-call-held', key: 'in f (lib.ts)' } }]);
    expect(describeReason({ code: 'mock-call-outside-run', key: 'in f (lib.ts)' })).not.toContain('see its TODO');
  });

  it('a mock that only waits for another call keeps no call that a mock of its own test follows to v3', () => {
    const setup: MockFacts = { file: 'setup.ts', place: 'in setup.ts' };
    const own: MockFacts = { file: 'a.test.ts', place: 'in a.test.ts' };
    const files = reach({ 'setup.ts': ['a.ts', 'b.ts'], 'a.test.ts': ['a.ts'] });
    const calls = [call('a.ts', true), call('b.ts', false)];
    const waiting = finding('manual', [{ code: 'mock-call-held', key: 'in f (b.ts)' }]);
    expect(callsKeptByMocks([setup, own], [waiting, finding('fix')], calls, files).size).toBe(0);
    // Without a mock of its own that follows, the call stays with the one that waits.
    expect([...callsKeptByMocks([setup], [waiting], calls, files).keys()]).toEqual([0]);
  });

  it('a mock whose calls cannot be seen keeps none', () => {
    expect(callsKeptByMocks([{ file: 't.ts' }], [finding('manual', [{ code: 'mock-calls-unseen' }])], [call('a.ts', true)], () => 'unknown').size).toBe(0);
  });
});

describe('what an msw resolver reads, and how it reads it in v3', () => {
  const call = "async function send(code: string) {\n  await fetch(`https://h/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify({ directory_uid: 'd', is_internal: 'true' }) });\n}\n";
  const rewrite = async (handler: string) => {
    const { applyEdits } = await import('@app-assignment/core');
    const text = `import { http, HttpResponse } from 'msw';\n${call}${handler}\n`;
    const { program, context } = parseSource(text, 'a.test.ts');
    const [found] = analyzeMocks(program, context);
    return found!.outcome === 'manual'
      ? { reasons: found!.reasons.map((r) => (r.key === undefined ? r.code : `${r.code}:${r.key}`)) }
      : { handler: applyEdits(text, found!.edits!).split('\n').slice(4).join('\n').trim() };
  };

  it.each([
    [
      'params.id after the body const: the const\'s app_code_name',
      "http.post('*/platform/v1/apps/:id/assign', async ({ request, params }) => { const body = await request.json(); return HttpResponse.json([params.id, body.directory_uid]); });",
      "http.post('*/v3/apps/app_assignments', async ({ request }) => { const body = await request.json(); return HttpResponse.json([body.app_code_name, body.assignee_uid]); });",
    ],
    [
      'a route that names the code otherwise: that name',
      "http.post<{ code: string }, { directory_uid: string }>('*/platform/v1/apps/:code/assign', function ({ params }) { return HttpResponse.json(params.code); });",
      "http.post<Record<string, never>, { assignee_type: 'business' | 'directory'; assignee_uid: string; app_code_name: string; settings?: { assignment_mode: 'internal' | 'pre_installed' } }>('*/v3/apps/app_assignments', async function ({ request }) { return HttpResponse.json((await request.json()).app_code_name); });",
    ],
    [
      'a flag read in place: the mode, in the quotes of the literal',
      "http.post('*/platform/v1/apps/:id/assign', async ({ request }) => HttpResponse.json((await request.json()).is_internal != \"true\"));",
      "http.post('*/v3/apps/app_assignments', async ({ request }) => HttpResponse.json((await request.json()).settings?.assignment_mode != \"internal\"));",
    ],
    [
      'a body const annotated with the old body: the v3 body',
      "http.post('*/platform/v1/apps/:id/assign', async ({ params, request }) => { const body: { directory_uid: string; is_internal: string } = await request.json(); return HttpResponse.json([params.id, body.directory_uid]); });",
      "http.post('*/v3/apps/app_assignments', async ({ request }) => { const body: { assignee_type: 'business' | 'directory'; assignee_uid: string; app_code_name: string; settings?: { assignment_mode: 'internal' | 'pre_installed' } } = await request.json(); return HttpResponse.json([body.app_code_name, body.assignee_uid]); });",
    ],
    [
      'an assignee compared with a literal, negated, and tested with in: the same questions of the v3 body',
      "const D = 'd2'; http.post('*/platform/v1/apps/:id/assign', async ({ request }) => { const body = await request.json(); return HttpResponse.json([body.directory_uid === 'd', !(body?.directory_uid != D), 'business_uid' in body]); });",
      "const D = 'd2'; http.post('*/v3/apps/app_assignments', async ({ request }) => { const body = await request.json(); return HttpResponse.json([(body.assignee_type === 'directory' && body.assignee_uid === 'd'), !(body?.assignee_type !== 'directory' || body?.assignee_uid != D), (body.assignee_type === 'business')]); });",
    ],
  ])('%s', async (_name, input, output) => {
    expect(await rewrite(input)).toEqual({ handler: output });
  });

  it.each([
    ['params.id read before the body const', "http.post('*/platform/v1/apps/:id/assign', async ({ params, request }) => { const app = params.id; const body = await request.json(); return HttpResponse.json([app, body.directory_uid]); });", 'mock-resolver-reads:params.id'],
    ['params.id in a callback', "http.post('*/platform/v1/apps/:id/assign', async ({ params, request }) => { const body = await request.json(); return HttpResponse.json([body.directory_uid].map(() => params.id)); });", 'mock-resolver-reads:params.id'],
    ['params.id where the body const is hidden', "http.post('*/platform/v1/apps/:id/assign', async ({ params, request }) => { const body = await request.json(); { const body = 1; return HttpResponse.json([params.id, body]); } });", 'mock-resolver-reads:params.id'],
    ['params.id of a route with another name', "http.post<{ id: string }, { directory_uid: string }>('*/platform/v1/apps/:code/assign', ({ params }) => HttpResponse.json(params.id));", 'mock-resolver-reads:params.id', 'mock-resolver-reads:params'],
    ['params.id of a route with no placeholder', "http.post<{ id: string }, { directory_uid: string }>('*/platform/v1/apps/crm/assign', ({ params }) => HttpResponse.json(params.id));", 'mock-resolver-reads:params.id', 'mock-resolver-reads:params'],
    ['params.id in a loop: the body would be read twice', "http.post<{ id: string }, { directory_uid: string }>('*/platform/v1/apps/:id/assign', async ({ params }) => { const ids = []; for (let i = 0; i < 2; i++) ids.push(params.id); return HttpResponse.json(ids); });", 'mock-resolver-reads:params.id'],
    ['params.id twice without a body const', "http.post<{ id: string }, { directory_uid: string }>('*/platform/v1/apps/:id/assign', ({ params }) => HttpResponse.json([params.id, params.id]));", 'mock-resolver-reads:params.id'],
    ['params read by a computed key', "http.post('*/platform/v1/apps/:id/assign', async ({ params, request }) => { const body = await request.json(); return HttpResponse.json([params['id'], body.directory_uid]); });", 'mock-resolver-reads:params.id'],
    ['params.id, and the request passed on', "http.post('*/platform/v1/apps/:id/assign', async ({ params, request }) => HttpResponse.json([params.id, request]));", 'mock-resolver-reads:the request body', 'mock-resolver-reads:params.id'],
    ['params spread', "http.post('*/platform/v1/apps/:id/assign', async ({ params, request }) => { const body = await request.json(); return HttpResponse.json({ ...params, uid: body.directory_uid }); });", 'mock-resolver-reads:params.id'],
    ['a params type with other keys', "http.post<{ id: string; tenant: string }>('*/platform/v1/apps/:id/assign', () => HttpResponse.json(null));", 'mock-resolver-reads:params'],
    ['a flag passed on', "http.post('*/platform/v1/apps/:id/assign', async ({ request }) => { const body = await request.json(); return HttpResponse.json(body.is_internal); });", 'mock-resolver-reads:is_internal'],
    ['a flag compared with another value', "http.post('*/platform/v1/apps/:id/assign', async ({ request }) => { const body = await request.json(); return HttpResponse.json(body.is_internal !== 'false'); });", 'mock-resolver-reads:is_internal'],
    ['the raw path of the request', "http.post('*/platform/v1/apps/:id/assign', async ({ request }) => { const body = await request.json(); return HttpResponse.json([new URL(request.url).pathname, body.directory_uid]); });", 'mock-resolver-reads:request.url'],
    ['a flag tested with in: "false" is in the body too', "http.post('*/platform/v1/apps/:id/assign', async ({ request }) => { const body = await request.json(); return HttpResponse.json('is_internal' in body); });", 'mock-resolver-reads:is_internal'],
    ['built_in, which no v3 field holds', "http.post('*/platform/v1/apps/:id/assign', async ({ request }) => { const body = await request.json(); return HttpResponse.json(body.built_in === 'true'); });", 'mock-resolver-reads:built_in'],
    ['a body type with keys the old body has not', "interface Body { directory_uid: string; note: string }\nhttp.post<never, Body>('*/platform/v1/apps/:id/assign', () => HttpResponse.json(null));", 'body-typed'],
  ])('%s: left with a TODO', async (_name, input, ...reasons) => {
    expect(await rewrite(input)).toEqual({ reasons });
  });
});

describe('review 27: shapes read where they are written', () => {
  const analyzed = (text: string) => {
    const { program, context } = parseSource(text, 'a.test.ts');
    return analyzeMocks(program, context).map((m) => ({ library: m.mock.library, outcome: m.outcome, reasons: m.reasons.map((r) => `${r.code}:${r.key ?? ''}`) }));
  };
  const FETCH_MOCK = `import fetchMock from 'fetch-mock';\n`;

  it('fetch-mock options in a const of the file: params hold the route, and the options are no body', () => {
    const [held] = analyzed(`${FETCH_MOCK}const onlyCrm = { method: 'POST', params: { id: 'crm-sync' } };\nfetchMock.route('express:/platform/v1/apps/:id/assign', 201, onlyCrm);`);
    expect(held!.outcome).toBe('manual');
    expect(held!.reasons.join(' ')).toContain('params option');
    expect(held!.reasons.join(' ')).not.toContain('body');
    const [follows] = analyzed(`${FETCH_MOCK}const post = { method: 'POST' };\nfetchMock.route('express:/platform/v1/apps/:id/assign', 201, post);`);
    expect(follows!.outcome).not.toBe('manual');
  });

  it("fetch-mock 12's matcherFunction reads the request, as functionMatcher does", () => {
    const [held] = analyzed(`${FETCH_MOCK}fetchMock.route({ url: 'express:/platform/v1/apps/:id/assign', method: 'POST', matcherFunction: ({ expressParams }) => expressParams?.id === 'crm-sync' }, 201);`);
    expect(held!.outcome).toBe('manual');
    expect(held!.reasons.join(' ')).toContain('matcher function');
  });

  it('a recorded body asserted as a part of its JSON text that names an old key is an assertion of the request, never rewritten', () => {
    const head = `import { expect, vi } from 'vitest';\nconst spy = vi.spyOn(globalThis, 'fetch');\n`;
    const [held] = analyzed(`${head}expect(spy).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ body: expect.stringContaining('"business_uid":"biz_1"') }));`);
    expect(held).toMatchObject({ library: 'assertion', outcome: 'manual' });
    expect(analyzed(`${head}expect(spy).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ body: expect.stringContaining('biz_1') }));`)).toEqual([]);
  });

  it('an msw resolver by reference that takes no argument reads nothing of the request', () => {
    const mocks = analyzed(`import { http, HttpResponse } from 'msw';\nlet outage = false;\nconst maybeDown = () => (outage ? new HttpResponse(null, { status: 503 }) : undefined);\nhttp.post('*/platform/v1/apps/:id/assign', maybeDown);`);
    expect(mocks.flatMap((m) => m.reasons).join(' ')).not.toContain('argument');
    const byArgument = analyzed(`import { http } from 'msw';\nconst answer = (info: unknown) => info;\nhttp.post('*/platform/v1/apps/:id/assign', answer);`);
    expect(byArgument.flatMap((m) => m.reasons).join(' ')).toContain('its argument');
  });

  it.each([
    ['*/v3/apps/app_assignments/:uid*', true],
    ['*/v3/apps/app_assignments{/:uid}?', true],
    ['*/V3/Apps/App_Assignments', true],
    ['*/v3/apps/:kind(app_assignments|app_installs)', true],
    ['*/v3/apps/app_assignments/:uid+', false],
    ['*/v3/apps/app_assignments{/:uid}', false],
    ['*/v3/apps/:kind(app_installs)', false],
  ])('msw matches the v3 request with %s: %s', (route, taken) => {
    const { program, context } = parseSource(`import { http } from 'msw';\nhttp.post('${route}', () => new Response());`, 'a.test.ts');
    expect(v3HandlerIn(program, context) !== undefined).toBe(taken);
  });

  it('setup files given through a const of the config, or by a shared config it imports and merges', () => {
    const files: Record<string, string> = {
      '/p/vitest.config.ts': `import { defineConfig, mergeConfig } from 'vitest/config';\nimport shared from './vitest.shared.js';\nconst setupFiles = ['./test/a.ts'];\nexport default mergeConfig(shared, defineConfig({ test: { setupFiles } }));\n`,
      '/p/vitest.shared.ts': `export default { test: { setupFiles: ['./test/b.ts'] } };\n`,
    };
    const found = runnerSetupFilesIn('/p', (file) => files[file]);
    expect(found.has('/p/test/a.ts')).toBe(true);
    expect(found.has('/p/test/b.ts')).toBe(true);
    expect([...found].some((file) => file.includes('vitest'))).toBe(false);
  });
});

describe('review 28: fetch-mock matchers held in a const, and v3 routes given to route()', () => {
  const analyzed = (text: string) => {
    const { program, context } = parseSource(`import fetchMock from 'fetch-mock';\n${text}`, 'a.test.ts');
    return analyzeMocks(program, context).map((m) => ({ outcome: m.outcome, reasons: m.reasons.map((r) => `${r.code}:${r.key ?? ''}`).join(' ') }));
  };
  const v3Taken = (text: string) => {
    const { program, context } = parseSource(`import fetchMock from 'fetch-mock';\n${text}`, 'a.test.ts');
    return v3HandlerIn(program, context);
  };

  it('a matcher object in a const is read as the one written in place: its params hold the mock', () => {
    const [held] = analyzed(`const onlyCrm = { url: 'express:/platform/v1/apps/:id/assign', method: 'POST', params: { id: 'crm-sync' } };\nfetchMock.route(onlyCrm, 201);`);
    expect(held).toMatchObject({ outcome: 'manual' });
    expect(held!.reasons).toContain('params option');
  });

  it('a matcher object in a const with the deprecated URL is a mock of the request; one of another route is none', () => {
    expect(analyzed(`const onlyCrm = { url: 'https://h/platform/v1/apps/crm-sync/assign', method: 'POST' };\nfetchMock.route(onlyCrm, 201);`)).toHaveLength(1);
    expect(analyzed(`const users = { url: 'https://h/v3/users', method: 'POST' };\nfetchMock.route(users, 201);`)).toEqual([]);
    expect(analyzed(`const onlyCrm = { url: 'https://h/platform/v1/apps/crm-sync/assign', method: 'GET' };\nfetchMock.route(onlyCrm, 201);`)).toEqual([]);
  });

  it('a matcher whose value cannot be read, or an object other code uses too, is found and never rewritten', () => {
    const [unread] = analyzed(`let matcher = makeMatcher();\nfetchMock.route(matcher, 201);`);
    expect(unread).toMatchObject({ outcome: 'manual' });
    expect(unread!.reasons).toContain('matcher, whose value cannot be read');
    const [shared] = analyzed(`const onlyCrm = { url: 'https://h/platform/v1/apps/crm-sync/assign', method: 'POST' };\nfetchMock.route(onlyCrm, 201);\nexpect(fetchMock.callHistory.called(onlyCrm)).toBe(true);`);
    expect(shared).toMatchObject({ outcome: 'manual' });
    expect(shared!.reasons).toContain('onlyCrm, which other code uses too');
  });

  it('a matcher that is a member of a const object is read there: its params hold the mock; one of another route is none', () => {
    const [held] = analyzed(`const matchers = { crm: { url: 'express:/platform/v1/apps/:id/assign', method: 'POST', params: { id: 'crm-sync' } } };\nfetchMock.route(matchers.crm, 201);`);
    expect(held).toMatchObject({ outcome: 'manual' });
    expect(held!.reasons).toContain('params option');
    expect(analyzed(`const matchers = { users: { url: 'https://h/v3/users', method: 'POST' } };\nfetchMock.route(matchers.users, 201);`)).toEqual([]);
    const [unread] = analyzed(`fetchMock.route(config.matchers.crm, 201);`);
    expect(unread!.reasons).toContain('the matcher config.matchers.crm, whose value cannot be read');
  });

  it.each([
    ["fetchMock.route('https://h/v3/apps/app_assignments', 409, { method: 'POST' })", true],
    ["fetchMock.route({ url: 'https://h/v3/apps/app_assignments', method: 'POST' }, 409)", true],
    ["fetchMock.route('https://h/v3/apps/app_assignments', 409)", true],
    ["const v3 = { url: 'https://h/v3/apps/app_assignments', method: 'post' };\nfetchMock.route(v3, 409)", true],
    ["fetchMock.mock({ url: 'end:/v3/apps/app_assignments' }, 409)", true],
    ["fetchMock.route({ matcherFunction: () => true }, 409)", true],
    ["fetchMock.route('https://h/v3/apps/app_assignments', 200, { method: 'GET' })", false],
    ["fetchMock.route({ url: 'https://h/v3/apps/app_assignments', method: 'DELETE' }, 204)", false],
    ["fetchMock.route({ url: 'https://h/v3/users', method: 'POST' }, 201)", false],
  ])('%s takes the v3 route: %s', (text, taken) => {
    expect(v3Taken(text) !== undefined).toBe(taken);
  });
});

describe('review 28: recorded-call assertions that read the URL in any way the v3 URL answers otherwise', () => {
  const HEAD = `import { expect, vi } from 'vitest';\nconst spy = vi.spyOn(globalThis, 'fetch');\n`;
  const analyzed = (text: string, head = HEAD) => {
    const { program, context } = parseSource(`${head}${text}`, 'a.test.ts');
    return analyzeMocks(program, context).map((m) => ({ library: m.mock.library, appCode: m.mock.route.appCode, outcome: m.outcome }));
  };

  it.each([
    ["expect(spy).toHaveBeenCalledWith(expect.stringMatching('platform/v1'), expect.anything());", undefined],
    ["expect(spy.mock.calls[0][0]).toContain('/platform/');", undefined],
    ["expect(spy).toHaveBeenCalledWith(expect.stringContaining('crm-sync'), expect.anything());", 'crm-sync'],
    ['expect(String(spy.mock.calls[0][0])).toMatch(/crm-sync/);', 'crm-sync'],
    ["expect(String(spy.mock.calls[0][0]).endsWith('/assign')).toBe(true);", undefined],
    ["expect(spy.mock.calls[0]).toEqual([expect.stringContaining('/crm-sync/'), expect.anything()]);", 'crm-sync'],
    ["expect(String(spy.mock.lastCall?.[0]).split('/').at(-2)).toBe('crm-sync');", undefined],
    ['expect(/\\/assign$/.test(String(spy.mock.calls[0][0]))).toBe(true);', undefined],
  ])('%s is an assertion of the request, never rewritten', (text, appCode) => {
    expect(analyzed(text)).toEqual([{ library: 'assertion', appCode, outcome: 'manual' }]);
  });

  it.each([
    "expect(spy).toHaveBeenCalledWith(expect.stringMatching('example'), expect.anything());",
    "expect(spy.mock.calls[0][0]).toContain('api.example.com');",
    "expect(String(spy.mock.calls[0][0]).startsWith('https://api.example.com/')).toBe(true);",
    "expect(String(spy.mock.calls[0][0]).includes('/apps/')).toBe(true);",
    "expect(spy.mock.calls.at(-1)?.[1]).toEqual(expect.objectContaining({ method: 'POST' }));",
  ])('%s reads what the v3 URL answers alike: no assertion of the request', (text) => {
    expect(analyzed(text)).toEqual([]);
  });

  it('a word read in what another mock recorded (a spy of the console) is no read of a request; a path is', () => {
    const log = `import { expect, vi } from 'vitest';\nconst log = vi.spyOn(console, 'log');\n`;
    expect(analyzed("expect(log.mock.calls[0][0]).toContain('done');", log)).toEqual([]);
    expect(analyzed("expect(String(log.mock.calls[0][0]).split(' ')[0]).toBe('ok');", log)).toEqual([]);
    expect(analyzed("expect(log.mock.calls[0][0]).toContain('/platform/');", log)).toHaveLength(1);
    const installed = `import { expect, vi } from 'vitest';\nconst fetchMock = vi.fn();\nvi.stubGlobal('fetch', fetchMock);\n`;
    expect(analyzed("expect(fetchMock.mock.calls[0][0]).toContain('crm-sync');", installed)).toEqual([{ library: 'assertion', appCode: 'crm-sync', outcome: 'manual' }]);
  });

  const MOCKED = `import { expect, vi } from 'vitest';\nimport { send } from '../src/http.js';\nvi.mock('../src/http.js');\n`;
  it.each([
    ["expect(send).toHaveBeenCalledWith('https://api.example.com/platform/v1/apps/crm/assign', expect.objectContaining({ method: 'POST' }));", 'crm'],
    ["expect(vi.mocked(send)).toHaveBeenLastCalledWith(expect.stringContaining('/platform/v1/'), expect.anything());", undefined],
    ["expect(send).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ body: JSON.stringify({ directory_uid: 'dir_1' }) }));", undefined],
  ])('a mocked function of the program asserted with the deprecated request: %s holds its calls', (text, appCode) => {
    expect(analyzed(text, MOCKED)).toEqual([{ library: 'assertion', appCode, outcome: 'manual' }]);
  });

  it('a mocked function of the program asserted with what the migration does not change is no assertion of the request', () => {
    expect(analyzed("expect(send).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ method: 'POST' }));", MOCKED)).toEqual([]);
    expect(analyzed("expect(send).toHaveBeenCalledWith('crm', 'dir_1');", MOCKED)).toEqual([]);
  });
});

describe('review 29: a read of a recorded request counts as alike only when it is one known to answer alike', () => {
  const HEAD = `import { expect, vi } from 'vitest';\nconst fetchMock = vi.fn();\nvi.stubGlobal('fetch', fetchMock);\nconst [url, init] = fetchMock.mock.calls[0]!;\n`;
  const analyzed = (text: string, snapshot?: string) => {
    const { program, context } = parseSource(`${HEAD}${text}`, 'a.test.ts');
    const ctx = snapshot === undefined ? context : { ...context, snapshot: () => snapshot };
    return analyzeMocks(program, ctx).map((m) => ({ recorded: m.mock.recorded, outcome: m.outcome, negated: m.mock.negated }));
  };

  it.each([
    'expect(String(url).length).toBeGreaterThan(50);',
    "expect(fetchMock.mock.calls.map(([u]) => new URL(u).pathname.split('/').length)).toEqual([6]);",
    "expect(new URL(url).pathname.startsWith('/platform')).toBe(true);",
    "const segs = url.split('/');\nexpect(segs[segs.length - 2]).toBe('crm-sync');",
    'expect(url).toHaveLength(56);',
    "expect(url).toSatisfy((u: string) => u.endsWith('/assign'));",
    "expect(/\\/apps\\/([^/]+)\\/assign/.exec(url)?.[1]).toBe('crm-sync');",
    "expect(url.indexOf('/v3/')).toBe(-1);",
    'expect(Object.keys(JSON.parse(String(init!.body)))).toHaveLength(1);',
    'expect(String(init!.body).length).toBeLessThan(30);',
    "expect(url).not.toContain('/v3/');",
    "expect(url).toBe(other);",
    'expect(String(url).length).toMatchInlineSnapshot(`56`);',
  ])('%s: a read this tool cannot tell the v3 request answers alike holds its calls', (text) => {
    const [site, ...rest] = analyzed(text);
    expect(rest).toEqual([]);
    expect(site).toMatchObject({ outcome: 'manual', negated: undefined });
    // A part cut out of the URL is named by the record alone; any other read by how it is read.
    expect(site!.recorded).toMatch(/^fetchMock\.mock\.calls(?:, read as `.+` with \w+, a read this tool cannot tell the v3 request answers alike)?$/);
  });

  it('a negated read of a v3 body key holds its calls, never as a negation that guards nothing', () => {
    expect(analyzed("expect(JSON.parse(String(init!.body))).not.toHaveProperty('assignee_type');")).toEqual([
      { recorded: "fetchMock.mock.calls, read as `JSON.parse(String(init!.body))` with toHaveProperty, a read this tool cannot tell the v3 request answers alike", outcome: 'manual', negated: undefined },
    ]);
  });

  it.each([
    "expect(url).toContain('/apps/');",
    "expect(String(url).includes('assign')).toBe(true);",
    "expect(url).toContain('api.example.com');",
    'expect(fetchMock.mock.calls).toHaveLength(1);',
    'expect(fetchMock.mock.calls.length).toBe(1);',
    "expect(init!.method).toBe('POST');",
    "expect(init!.headers).toEqual({ 'Content-Type': 'application/json' });",
    'expect(url).toBeDefined();',
    "expect(fetchMock.mock.calls.at(-1)?.[1]).toEqual(expect.objectContaining({ method: 'POST' }));",
    "expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('https://api.example.com/'))).toBe(true);",
    "expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(1);",
    "expect(fetchMock.mock.calls[1]?.[0]).toBe('https://api.example.com/platform/v1/apps');",
    "expect(JSON.parse(String(init!.body)).assignee_uid).toBe('biz_1');",
  ])('%s: a read known to answer alike (or one of the v3 request) lets its calls move', (text) => {
    expect(analyzed(text)).toEqual([]);
  });

  const SNAP_OTHER = '// Vitest Snapshot v1\n\nexports[`x 1`] = `56`;\n';
  it.each([
    'expect(String(url).length).toMatchSnapshot();',
    'expect(Object.keys(JSON.parse(String(init!.body))).length).toMatchSnapshot();',
    'expect(encodeURIComponent(String(url))).toMatchSnapshot();',
    'expect(btoa(String(url))).toMatchSnapshot();',
    'expect(Object.values(JSON.parse(String(init!.body)))).toMatchSnapshot();',
    "expect({ n: String(url).length }).toMatchSnapshot('url length');",
  ])('%s: a snapshot of a value derived from the recorded request holds its calls, whatever the snapshot file spells', (text) => {
    const [site, ...rest] = analyzed(text, SNAP_OTHER);
    expect(rest).toEqual([]);
    expect(site!.recorded).toMatch(/^fetchMock\.mock\.calls, read as `.+` into a snapshot, a value this tool cannot tell the v3 request keeps$/);
  });

  it('a snapshot of the recorded request itself still reads the snapshot file', () => {
    expect(analyzed('expect(fetchMock.mock.calls[0]).toMatchSnapshot();', SNAP_OTHER)).toEqual([]);
    expect(analyzed('expect(JSON.parse(String(init!.body))).toMatchSnapshot();', '// Vitest Snapshot v1\n\nexports[`x 1`] = `{ "business_uid": "biz_1" }`;\n')).toHaveLength(1);
  });
});

describe('review 29: a spy of something else, or a mocked program function, compared with a part of the request', () => {
  const analyzed = (text: string) => {
    const { program, context } = parseSource(text, 'a.test.ts');
    return analyzeMocks(program, context).map((m) => ({ recorded: m.mock.recorded, outcome: m.outcome, negated: m.mock.negated }));
  };
  const SPY = (spied: string, assertion: string) => `import { expect, it, vi } from 'vitest';
import { assign } from '../src/a.js';
import { logger } from '../src/logger.js';
it('logs what it sends', async () => {
  const spy = vi.spyOn(${spied}, 'info');
  await assign('crm-sync', 'biz_1');
  ${assertion}
});
`;

  it.each([
    ['console', "expect(spy).toHaveBeenCalledWith(expect.stringContaining('/platform/v1/'));"],
    ['logger', "expect(spy).toHaveBeenCalledWith('POST https://api.example.com/platform/v1/apps/crm-sync/assign');"],
    ['console', 'expect(spy.mock.calls[0]![0]).toMatch(/crm-sync/);'],
  ])('a spy of %s compared with the deprecated URL, a path of it, or the app code the test passes: %s holds its calls', (spied, assertion) => {
    expect(analyzed(SPY(spied, assertion))).toEqual([expect.objectContaining({ outcome: 'manual', negated: undefined })]);
  });

  it.each([
    "expect(spy).toHaveBeenCalledWith(expect.stringContaining('done'));",
    "expect(spy).toHaveBeenCalledWith('assigned');",
    'expect(spy.mock.calls[0]![0]).toMatch(/biz-other/);',
  ])('a spy of the console compared with words the request does not hold is no read of it: %s', (assertion) => {
    expect(analyzed(SPY('console', assertion))).toEqual([]);
  });

  const MOCKED = (assertion: string) => `import { expect, it, vi } from 'vitest';
import { assign } from '../src/a.js';
import { send } from '../src/http.js';
vi.mock('../src/http.js');
it('sends', async () => {
  await assign('crm-sync', 'biz_1');
  ${assertion}
});
`;

  it('a mocked program function asserted with a path of the route, or never to be given a part of the v3 request, holds its calls', () => {
    expect(analyzed(MOCKED("expect(send).toHaveBeenCalledWith(expect.stringContaining('/crm-sync/'), expect.anything());"))).toEqual([
      { recorded: undefined, outcome: 'manual', negated: undefined },
    ]);
    expect(analyzed(MOCKED("expect(send).not.toHaveBeenCalledWith(expect.stringContaining('/v3/'), expect.anything());"))).toEqual([
      { recorded: 'send, asserted never to be given a part of the v3 request: the negation fails once its calls send v3', outcome: 'manual', negated: undefined },
    ]);
  });

  it('a mocked program function asserted never to be given the deprecated URL stays a negation that guards nothing', () => {
    expect(analyzed(MOCKED("expect(send).not.toHaveBeenCalledWith(expect.stringContaining('/platform/v1/'), expect.anything());"))).toEqual([
      { recorded: undefined, outcome: 'manual', negated: true },
    ]);
    expect(analyzed(MOCKED("expect(send).not.toHaveBeenCalledWith(expect.stringContaining('example.org'), expect.anything());"))).toEqual([]);
  });
});

describe('review 29: the setup files of a vitest project kept in its own config file', () => {
  const setupOf = (files: Record<string, string>) => runnerSetupIn('/p', (file) => files[file]);
  const ROOT = (projects: string) => `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { projects: ${projects} } });\n`;
  const UNIT = "import { defineProject } from 'vitest/config';\nexport default defineProject({ test: { name: 'unit', setupFiles: ['./test/setup.ts'] } });\n";

  it('a project config file named in test.projects lists its setup files, resolved from its own folder', () => {
    expect(setupOf({ '/p/vitest.config.ts': ROOT("['./vitest.unit.config.ts']"), '/p/vitest.unit.config.ts': UNIT }).files).toContain('/p/test/setup.ts');
    expect(setupOf({ '/p/vitest.config.ts': ROOT("['packages/a']"), '/p/packages/a/vitest.config.ts': UNIT }).files).toContain('/p/packages/a/test/setup.ts');
  });

  it('a project entry that cannot be read (a glob, a name) makes the setup files unknown', () => {
    expect(setupOf({ '/p/vitest.config.ts': ROOT("['packages/*']") }).unread).toMatchObject({ file: '/p/vitest.config.ts', text: "'packages/*'" });
    expect(setupOf({ '/p/vitest.config.ts': ROOT('unitProjects') }).unread).toMatchObject({ text: 'unitProjects' });
  });

  it('a project written in place is read as before, and nothing is unknown', () => {
    const inline = setupOf({ '/p/vitest.config.ts': ROOT("[{ test: { name: 'unit', setupFiles: ['./test/setup.ts'] } }]") });
    expect(inline.files).toContain('/p/test/setup.ts');
    expect(inline.unread).toBeUndefined();
  });
});

describe('review 28: setupFiles read as the runner evaluates it', () => {
  const setupOf = (files: Record<string, string>) => runnerSetupIn('/p', (file) => files[file]);
  const CONFIG = (value: string, head = '') => `import { defineConfig } from 'vitest/config';\n${head}\nexport default defineConfig({\n  test: {\n    setupFiles: ${value},\n  },\n});\n`;

  it.each([
    ['a spread of a const', CONFIG('[...common]', "const common = ['./test/a.ts'];"), {}],
    ['an imported const', CONFIG('setupFiles', "import { setupFiles } from './lists.js';"), { '/p/lists.ts': "export const setupFiles = ['./test/a.ts'];\n" }],
    ['an imported default', CONFIG('[...lists]', "import lists from './lists.js';"), { '/p/lists.ts': "const lists = ['./test/a.ts'];\nexport default lists;\n" }],
    ['both branches of a condition', CONFIG("process.env.CI ? ['./test/a.ts', './test/ci.ts'] : ['./test/a.ts']"), {}],
    ['concat', CONFIG("[].concat('./test/a.ts' as never)"), {}],
    ['a path built from a string', CONFIG("[fileURLToPath(new URL('./test/a.ts', import.meta.url))]", "import { fileURLToPath } from 'node:url';"), {}],
    ['a condition with no list on one side', CONFIG("process.env.CI ? ['./test/a.ts'] : undefined"), {}],
  ])('%s', (_name, config, extra) => {
    const setup = setupOf({ '/p/vitest.config.ts': config, ...extra });
    expect(setup.files.has('/p/test/a.ts')).toBe(true);
    expect(setup.unread).toBeUndefined();
  });

  it.each([
    ['a function of the config', CONFIG('setupList()', "import { setupList } from './lists.js';"), 'setupList()'],
    ['a let', CONFIG('files', "let files = ['./test/a.ts'];\nfiles = [];"), 'files'],
    ['a template with a name in it', CONFIG('[`${root}/test/a.ts`]', "const root = process.cwd();"), '`${root}/test/a.ts`'],
    ['a member of another object', CONFIG('[...shared.setupFiles]', "import shared from 'some-preset';"), 'shared.setupFiles'],
  ])('%s cannot be read: the setup files are unknown, and the config line is named', (_name, config, text) => {
    const { unread } = setupOf({ '/p/vitest.config.ts': config });
    expect(unread).toMatchObject({ file: '/p/vitest.config.ts', text });
    expect(config.split('\n')[unread!.line - 1]).toContain(text.slice(0, 10));
  });

  it("package.json's jest lists, and one that is no list", () => {
    expect(setupOf({ '/p/package.json': JSON.stringify({ jest: { setupFilesAfterEnv: ['<rootDir>/test/a.ts'] } }) }).files.has('/p/test/a.ts')).toBe(true);
    expect(setupOf({ '/p/package.json': JSON.stringify({ jest: { setupFiles: './test/a.ts' } }, null, 2) }).unread).toMatchObject({ file: '/p/package.json', line: 3 });
  });
});

describe("nock's list of the interceptors a test set (pendingMocks, activeMocks)", () => {
  const plannedOf = (body: string) => {
    const text = `import nock from 'nock';
import { expect, it } from 'vitest';

it('sets its interceptors', () => {
${body}
});
`;
    const { program, context } = parseSource(text, 'a.test.ts');
    return { text, found: analyzeMocks(program, context).filter((m) => m.mock.library === 'assertion') };
  };
  const CRM = "  const scope = nock('http://api.test').post('/platform/v1/apps/crm/assign', { business_uid: 'biz_1' }).reply(201);";
  const BILLING = "  nock('http://api.test').post('/platform/v1/apps/billing/assign', { business_uid: 'biz_1' }).reply(201);";
  const KEY = "'POST http://api.test:80/platform/v1/apps/crm/assign'";

  it('asserted by the key of the one interceptor of the file: rewritten to the key that interceptor has on v3', () => {
    for (const assertion of [`expect(nock.pendingMocks()).toEqual([${KEY}]);`, `expect(scope.activeMocks()).toContain(${KEY});`, `expect(nock.pendingMocks()).toEqual(expect.arrayContaining([${KEY}]));`]) {
      const { text, found } = plannedOf(`${CRM}\n  ${assertion}`);
      expect(found.map((m) => [m.outcome, m.mock.route.appCode]), assertion).toEqual([['fix', 'crm']]);
      const [edit] = found[0]!.edits!;
      expect(text.slice(edit!.range[0], edit!.range[1])).toBe('/platform/v1/apps/crm/assign');
      expect(edit!.text).toBe('/v3/apps/app_assignments');
    }
  });

  it('where the v3 key would not be exact, or the key is not written whole, the assertion is held and names the list', () => {
    const held = [
      // Two apps of one origin become one key on v3: nock lists it once.
      `${CRM}\n${BILLING}\n  expect(nock.pendingMocks()).toEqual([${KEY}, 'POST http://api.test:80/platform/v1/apps/billing/assign']);`,
      `${CRM}\n${BILLING}\n  expect(nock.pendingMocks()).toContain(${KEY});`,
      // A const, a part of the key, a template with a name in it: not rewritten in place.
      `${CRM}\n  const key = ${KEY};\n  expect(nock.pendingMocks()).toEqual([key]);`,
      `${CRM}\n  expect(nock.pendingMocks()[0]).toContain('/platform/v1/apps/crm/assign');`,
      `${CRM}\n  const app = 'crm';\n  expect(nock.pendingMocks()).toEqual([\`POST http://api.test:80/platform/v1/apps/\${app}/assign\`]);`,
      `${CRM}\n  expect(nock.activeMocks().join()).toMatch(/platform\\/v1\\/apps\\/crm/);`,
    ];
    for (const body of held) {
      const { found } = plannedOf(body);
      expect(found.map((m) => [m.outcome, m.mock.route.appCode, m.reasons.map((r) => `${r.code}: ${r.key}`)]), body).toEqual([
        ['manual', undefined, [expect.stringMatching(/^mock-calls-recorded: (?:nock|scope)\.(?:pendingMocks|activeMocks)$/)]],
      ]);
    }
  });

  it('isDone(), done(), a count or an empty list read nothing of the route: no assertion of the request', () => {
    const { found } = plannedOf(`${CRM}\n  expect(scope.isDone()).toBe(false);\n  expect(nock.isDone()).toBe(false);\n  scope.done();\n  expect(nock.pendingMocks()).toHaveLength(1);\n  expect(nock.activeMocks()).toEqual([]);`);
    expect(found).toEqual([]);
  });

  it('a pendingMocks of something else is no record of nock', () => {
    const { found } = plannedOf(`  const tracker = { pendingMocks: () => [${KEY}] };\n  expect(tracker.pendingMocks()).toEqual([${KEY}]);`);
    expect(found).toEqual([]);
  });
});

describe('bodyReaderBeforeTests: an override of the setup files that reads the body before a test\'s handlers', () => {
  const setup = (override: string) => `import { http, HttpResponse } from 'msw';\nimport { beforeEach } from 'vitest';\nimport { server } from './server.js';\n\nbeforeEach(() => {\n  server.use(${override});\n});\n`;
  const config = (setupFiles: string) => `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { setupFiles: ${setupFiles} } });\n`;
  const readerFor = (files: Record<string, string>) => bodyReaderBeforeTests('/p/test/a.test.ts', (file) => files[file], (file) => file.replace('/p/', ''));
  const READS = "http.post('*', async ({ request }) => { const body = await request.json(); if (body) return HttpResponse.json({}); })";

  it('an override that reads the body and may fall through, in a listed setup file or a module it imports: named with its file', () => {
    expect(readerFor({ '/p/vitest.config.ts': config("['./test/setup.ts']"), '/p/test/setup.ts': setup(READS) })).toBe("http.post('*', …) in test/setup.ts");
    const importing = { '/p/vitest.config.ts': config("['./test/setup.ts']"), '/p/test/setup.ts': "import './overrides.js';\n", '/p/test/overrides.ts': setup(READS) };
    expect(readerFor(importing)).toBe("http.post('*', …) in test/overrides.ts");
  });

  it('a setup list that cannot be read may hold one: named by the config line', () => {
    expect(readerFor({ '/p/vitest.config.ts': config('makeList()'), '/p/test/setup.ts': setup(READS) })).toBe('in the setup files that vitest.config.ts:2 lists (makeList()), which cannot be read');
  });

  it('an override that reads nothing of the request, one that always answers, or a setup file the config does not list: none', () => {
    expect(readerFor({ '/p/vitest.config.ts': config("['./test/setup.ts']"), '/p/test/setup.ts': setup("http.post('*/dry-run', () => HttpResponse.json({}))") })).toBeUndefined();
    expect(readerFor({ '/p/vitest.config.ts': config("['./test/setup.ts']"), '/p/test/setup.ts': setup("http.post('*', async ({ request }) => HttpResponse.json(await request.json()))") })).toBeUndefined();
    expect(readerFor({ '/p/vitest.config.ts': config("['./test/other.ts']"), '/p/test/other.ts': 'export {};\n', '/p/test/setup.ts': setup(READS) })).toBeUndefined();
  });
});
