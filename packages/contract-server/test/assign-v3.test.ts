import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractServer } from '../src/index.js';
import { DEPRECATED_PATH, errorCode, postJson, startServer, TOKENS, V3_PATH } from './helpers.js';

let server: ContractServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const assignV3 = (body: unknown, token: string = TOKENS.internal) => postJson(server, V3_PATH, body, { token });

describe('POST /v3/apps/app_assignments', () => {
  it('assigns an app to a directory and answers 201 with the stored record', async () => {
    const response = await assignV3({
      assignee_type: 'directory',
      assignee_uid: 'dir_harbor',
      app_code_name: 'harbor-booking',
      settings: { assignment_mode: 'internal' },
    });
    const record = {
      app_code_name: 'harbor-booking',
      assignee_type: 'directory',
      assignee_uid: 'dir_harbor',
      assignment_mode: 'internal',
      built_in: false,
      via: 'v3',
    };
    expect(response.status).toBe(201);
    expect(response.json).toEqual(record);
    expect(server.assignments()).toEqual([record]);
  });

  it('stores assignment_mode "pre_installed"', async () => {
    await assignV3({
      assignee_type: 'directory',
      assignee_uid: 'dir_summit',
      app_code_name: 'summit-classes',
      settings: { assignment_mode: 'pre_installed' },
    });
    expect(server.assignments()).toEqual([expect.objectContaining({ assignment_mode: 'pre_installed' })]);
  });

  it.each([
    ['without settings', {}],
    ['with empty settings', { settings: {} }],
  ])('stores no mode %s', async (_label, extra) => {
    const response = await assignV3({
      assignee_type: 'directory',
      assignee_uid: 'dir_summit',
      app_code_name: 'summit-classes',
      ...extra,
    });
    expect(response.status).toBe(201);
    expect(server.assignments()).toEqual([expect.objectContaining({ assignment_mode: null, built_in: false })]);
  });

  it('assigns an app to a business', async () => {
    const response = await assignV3({
      assignee_type: 'business',
      assignee_uid: 'biz_summit_pilates',
      app_code_name: 'harbor-loyalty',
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual(
      expect.objectContaining({
        assignee_type: 'business',
        assignee_uid: 'biz_summit_pilates',
        app_code_name: 'harbor-loyalty',
      }),
    );
  });

  it('takes app_code_name as sent, not percent-decoded', async () => {
    const response = await assignV3({
      assignee_type: 'directory',
      assignee_uid: 'dir_summit',
      app_code_name: 'summit/calendar',
    });
    expect(response.status).toBe(201);
    const encoded = await assignV3({
      assignee_type: 'directory',
      assignee_uid: 'dir_summit',
      app_code_name: 'summit%2Fcalendar',
    });
    expect(encoded.status).toBe(404);
  });
});

describe('v3 body validation (strict, so that a wrong migration fails)', () => {
  const valid = { assignee_type: 'directory', assignee_uid: 'dir_harbor', app_code_name: 'harbor-booking' };

  it.each(['built_in', 'is_internal', 'directory_uid', 'hide_from_market', 'assignment_mode'])(
    'rejects the unknown top-level key %s with 422',
    async (key) => {
      const response = await assignV3({ ...valid, [key]: 'true' });
      expect(response.status).toBe(422);
      expect(errorCode(response)).toBe('unknown_field');
      expect(server.assignments()).toEqual([]);
    },
  );

  it('rejects an unknown key inside settings with 422', async () => {
    const response = await assignV3({ ...valid, settings: { assignment_mode: 'internal', built_in: true } });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('unknown_field');
  });

  it.each(['assignee_type', 'assignee_uid', 'app_code_name'])('rejects a body without %s with 422', async (key) => {
    const body: Record<string, unknown> = { ...valid };
    delete body[key];
    const response = await assignV3(body);
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('missing_field');
  });

  it.each([
    ['assignee_type', 'user'],
    ['assignee_type', 'Directory'],
    ['assignee_type', 1],
    ['assignee_uid', ''],
    ['assignee_uid', 7],
    ['assignee_uid', null],
    ['app_code_name', ['harbor-booking']],
    ['app_code_name', 1001],
    ['settings', null],
    ['settings', 'internal'],
    ['settings', ['internal']],
  ])('rejects %s = %j with 422', async (key, value) => {
    const response = await assignV3({ ...valid, [key]: value });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('invalid_field');
  });

  it.each(['built_in', 'INTERNAL', '', null, true])('rejects assignment_mode %j with 422', async (mode) => {
    const response = await assignV3({ ...valid, settings: { assignment_mode: mode } });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('invalid_field');
  });

  it('rejects an assignment_mode for a business with 422: modes are for directories, as the deprecated flags were', async () => {
    const response = await assignV3({
      assignee_type: 'business',
      assignee_uid: 'biz_harbor_yoga',
      app_code_name: 'harbor-booking',
      settings: { assignment_mode: 'internal' },
    });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('directory_only_setting');
  });

  it("rejects an app's numeric app_id given as app_code_name with 400", async () => {
    const response = await assignV3({ ...valid, app_code_name: '1001' });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('app_id_not_accepted');
  });

  it('answers 404 for an unknown app', async () => {
    const response = await assignV3({ ...valid, app_code_name: 'no-such-app' });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('app_not_found');
  });

  it.each([
    ['business', 'biz_nowhere', 'business_not_found'],
    ['directory', 'dir_nowhere', 'directory_not_found'],
    ['directory', 'biz_harbor_yoga', 'directory_not_found'],
  ])('answers 404 for an unknown %s %s', async (type, uid, code) => {
    const response = await assignV3({ ...valid, assignee_type: type, assignee_uid: uid });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe(code);
  });
});

describe('v3 authentication (the same tokens as the deprecated operation)', () => {
  const body = { assignee_type: 'directory', assignee_uid: 'dir_harbor', app_code_name: 'harbor-booking' };

  it('answers 401 without a token', async () => {
    const response = await postJson(server, V3_PATH, body);
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('missing_credentials');
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers 401 for an unknown token', async () => {
    const response = await assignV3(body, 'nope');
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('invalid_credentials');
  });

  it('answers 403 for a partner API key', async () => {
    const response = await assignV3(body, TOKENS.partner);
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe('wrong_token_kind');
  });

  it('lets a directory token assign an app its directory owns', async () => {
    const response = await assignV3(body, TOKENS.harbor);
    expect(response.status).toBe(201);
  });

  it('answers 403 when a directory token assigns an app of another directory (rule 1)', async () => {
    const response = await assignV3({ ...body, app_code_name: 'summit-classes' }, TOKENS.harbor);
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe('app_not_owned');
    expect(server.assignments()).toEqual([]);
  });

  it('does not apply rules 2 and 3, whose parameters v3 does not have', async () => {
    const toDirectory = await assignV3({ ...body, assignee_uid: 'dir_summit' }, TOKENS.harbor);
    const toBusiness = await assignV3(
      { ...body, assignee_type: 'business', assignee_uid: 'biz_summit_climb' },
      TOKENS.harbor,
    );
    expect([toDirectory.status, toBusiness.status]).toEqual([201, 201]);
  });
});

describe('repeating and migrating', () => {
  it('is idempotent: the same request twice stores one record and answers the same', async () => {
    const body = { assignee_type: 'business', assignee_uid: 'biz_harbor_yoga', app_code_name: 'harbor-booking' };
    const first = await assignV3(body);
    const second = await assignV3(body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json).toEqual(first.json);
    expect(server.assignments()).toHaveLength(1);
  });

  it.each([
    [{ directory_uid: 'dir_harbor' }, { assignee_type: 'directory', assignee_uid: 'dir_harbor' }],
    [{ business_uid: 'biz_harbor_yoga' }, { assignee_type: 'business', assignee_uid: 'biz_harbor_yoga' }],
    [
      { directory_uid: 'dir_harbor', is_internal: 'true' },
      { assignee_type: 'directory', assignee_uid: 'dir_harbor', settings: { assignment_mode: 'internal' } },
    ],
    [
      { directory_uid: 'dir_harbor', pre_installed: 'true' },
      { assignee_type: 'directory', assignee_uid: 'dir_harbor', settings: { assignment_mode: 'pre_installed' } },
    ],
    [
      { directory_uid: 'dir_harbor', is_internal: 'false' },
      { assignee_type: 'directory', assignee_uid: 'dir_harbor' },
    ],
  ])('a deprecated body %j and its migration %j store the same assignment', async (deprecated, current) => {
    const before = await postJson(server, DEPRECATED_PATH(encodeURIComponent('summit/calendar')), deprecated, {
      token: TOKENS.internal,
    });
    const stored = server.assignments();
    server.reset();
    const after = await assignV3({ app_code_name: 'summit/calendar', ...current });
    expect([before.status, after.status]).toEqual([200, 201]);
    const withoutVia = ({ via: _via, ...rest }: { via: string }) => rest;
    expect(server.assignments().map(withoutVia)).toEqual(stored.map(withoutVia));
  });

  it('a v3 assignment of an app the deprecated operation already assigned updates that record', async () => {
    await postJson(
      server,
      DEPRECATED_PATH('harbor-booking'),
      { directory_uid: 'dir_harbor', built_in: 'true' },
      { token: TOKENS.internal },
    );
    await assignV3({ assignee_type: 'directory', assignee_uid: 'dir_harbor', app_code_name: 'harbor-booking' });
    expect(server.assignments()).toEqual([expect.objectContaining({ built_in: false, via: 'v3' })]);
  });
});
