import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractServer } from '../src/index.js';
import { DEPRECATED_PATH, errorCode, postJson, startServer, TOKENS } from './helpers.js';

let server: ContractServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const assign = (id: string, body: unknown, token: string = TOKENS.internal) =>
  postJson(server, DEPRECATED_PATH(id), body, { token });

describe('POST /platform/v1/apps/{id}/assign with an internal token', () => {
  it('assigns an app to a directory and answers 200 with the stored record', async () => {
    const response = await assign('harbor-booking', { directory_uid: 'dir_summit' });
    const record = {
      app_code_name: 'harbor-booking',
      assignee_type: 'directory',
      assignee_uid: 'dir_summit',
      assignment_mode: null,
      built_in: false,
      via: 'v1',
    };
    expect(response.status).toBe(200);
    expect(response.json).toEqual(record);
    expect(server.assignments()).toEqual([record]);
  });

  it('assigns an app to a business', async () => {
    const response = await assign('summit-classes', { business_uid: 'biz_harbor_dental' });
    expect(response.status).toBe(200);
    expect(server.assignments()).toEqual([
      {
        app_code_name: 'summit-classes',
        assignee_type: 'business',
        assignee_uid: 'biz_harbor_dental',
        assignment_mode: null,
        built_in: false,
        via: 'v1',
      },
    ]);
  });

  it.each([
    ['is_internal', { assignment_mode: 'internal', built_in: false }],
    ['pre_installed', { assignment_mode: 'pre_installed', built_in: false }],
    ['built_in', { assignment_mode: null, built_in: true }],
  ])('the flag %s enabled by "true" is stored', async (flag, expected) => {
    const response = await assign('harbor-reviews', { directory_uid: 'dir_harbor', [flag]: 'true' });
    expect(response.status).toBe(200);
    expect(server.assignments()).toEqual([expect.objectContaining(expected)]);
  });

  it('stores built_in together with a mode', async () => {
    await assign('harbor-reviews', { directory_uid: 'dir_harbor', built_in: 'true', pre_installed: 'true' });
    expect(server.assignments()).toEqual([
      expect.objectContaining({ assignment_mode: 'pre_installed', built_in: true }),
    ]);
  });

  it.each([
    ['boolean true', true],
    ['"TRUE"', 'TRUE'],
    ['"True"', 'True'],
    ['"1"', '1'],
    ['the number 1', 1],
    ['"yes"', 'yes'],
    ['" true"', ' true'],
    ['"false"', 'false'],
    ['""', ''],
  ])('a flag set to %s does not enable it (only the string "true" does)', async (_label, value) => {
    const response = await assign('harbor-reviews', {
      directory_uid: 'dir_harbor',
      is_internal: value,
      pre_installed: value,
      built_in: value,
    });
    expect(response.status).toBe(200);
    expect(server.assignments()).toEqual([expect.objectContaining({ assignment_mode: null, built_in: false })]);
  });

  it('rejects is_internal and pre_installed both "true" with 422: an assignment has one mode', async () => {
    const response = await assign('harbor-reviews', {
      directory_uid: 'dir_harbor',
      is_internal: 'true',
      pre_installed: 'true',
    });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('conflicting_modes');
    expect(server.assignments()).toEqual([]);
  });

  it.each(['is_internal', 'pre_installed', 'built_in'])(
    'rejects %s "true" with business_uid (directories only) with 422',
    async (flag) => {
      const response = await assign('harbor-reviews', { business_uid: 'biz_harbor_yoga', [flag]: 'true' });
      expect(response.status).toBe(422);
      expect(errorCode(response)).toBe('directory_only_flag');
      expect(server.assignments()).toEqual([]);
    },
  );

  it('accepts a directory-only flag with business_uid when the flag is not enabled', async () => {
    const response = await assign('harbor-reviews', {
      business_uid: 'biz_harbor_yoga',
      is_internal: 'false',
      built_in: '',
    });
    expect(response.status).toBe(200);
  });

  it('rejects both business_uid and directory_uid with 422', async () => {
    const response = await assign('harbor-reviews', { business_uid: 'biz_harbor_yoga', directory_uid: 'dir_harbor' });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('conflicting_assignees');
  });

  it('rejects a body with neither business_uid nor directory_uid with 422', async () => {
    const response = await assign('harbor-reviews', { is_internal: 'true' });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('missing_assignee');
  });

  it('treats a null uid as absent', async () => {
    const response = await assign('harbor-reviews', { business_uid: null, directory_uid: 'dir_harbor' });
    expect(response.status).toBe(200);
    expect(server.assignments()).toEqual([
      expect.objectContaining({ assignee_type: 'directory', assignee_uid: 'dir_harbor' }),
    ]);
  });

  it.each([
    ['a number', 42],
    ['an empty string', ''],
    ['an object', { uid: 'biz_harbor_yoga' }],
    ['boolean true', true],
  ])('rejects a business_uid that is %s with 422', async (_label, value) => {
    const response = await assign('harbor-reviews', { business_uid: value });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('invalid_field');
  });

  it('ignores keys it does not know, as the legacy operation does', async () => {
    const response = await assign('harbor-reviews', { directory_uid: 'dir_harbor', color: 'blue', settings: { x: 1 } });
    expect(response.status).toBe(200);
  });

  it('ignores hide_from_market for an internal token', async () => {
    const response = await assign('summit-classes', { business_uid: 'biz_harbor_yoga', hide_from_market: 'true' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(expect.objectContaining({ assignee_uid: 'biz_harbor_yoga', assignment_mode: null }));
  });
});

describe('the {id} path segment', () => {
  it('is percent-decoded: encodeURIComponent(code) in the path means code', async () => {
    const response = await assign(encodeURIComponent('summit/calendar'), { directory_uid: 'dir_summit' });
    expect(response.status).toBe(200);
    expect(server.assignments()).toEqual([expect.objectContaining({ app_code_name: 'summit/calendar' })]);
  });

  it('decodes escapes of ordinary characters too', async () => {
    const response = await assign('harbor%2Dbooking', { directory_uid: 'dir_harbor' });
    expect(response.status).toBe(200);
    expect(server.assignments()).toEqual([expect.objectContaining({ app_code_name: 'harbor-booking' })]);
  });

  it('does not match when a code name with a slash is not encoded (404, no route)', async () => {
    const response = await assign('summit/calendar', { directory_uid: 'dir_summit' });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('route_not_found');
  });

  it("rejects an app's numeric app_id with 400: the document says it is not accepted", async () => {
    const response = await assign('1001', { directory_uid: 'dir_harbor' });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('app_id_not_accepted');
    expect(server.assignments()).toEqual([]);
  });

  it('reads a numeric id with leading zeros as that app_id, still 400', async () => {
    const response = await assign('0001001', { directory_uid: 'dir_harbor' });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('app_id_not_accepted');
  });

  it('answers 404 for a number that is no app_id', async () => {
    const response = await assign('424242', { directory_uid: 'dir_harbor' });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('app_not_found');
  });

  it('answers 404 for an unknown code name', async () => {
    const response = await assign('no-such-app', { directory_uid: 'dir_harbor' });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('app_not_found');
  });

  it('is matched exactly, without case folding', async () => {
    const response = await assign('Harbor-Booking', { directory_uid: 'dir_harbor' });
    expect(response.status).toBe(404);
  });

  it('answers 400 for malformed percent-encoding', async () => {
    const response = await assign('harbor%E0%A4%A', { directory_uid: 'dir_harbor' });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_path');
  });
});

describe('unknown assignees', () => {
  it('answers 404 for an unknown business', async () => {
    const response = await assign('harbor-booking', { business_uid: 'biz_nowhere' });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('business_not_found');
  });

  it('answers 404 for an unknown directory', async () => {
    const response = await assign('harbor-booking', { directory_uid: 'dir_nowhere' });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('directory_not_found');
  });

  it('does not look a business uid up among directories', async () => {
    const response = await assign('harbor-booking', { directory_uid: 'biz_harbor_yoga' });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('directory_not_found');
  });
});

describe('authentication', () => {
  it('answers 401 with a Bearer challenge when there is no Authorization header', async () => {
    const response = await postJson(server, DEPRECATED_PATH('harbor-booking'), { directory_uid: 'dir_harbor' });
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('missing_credentials');
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers 401 for an unknown token', async () => {
    const response = await assign('harbor-booking', { directory_uid: 'dir_harbor' }, 'not-a-token');
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('invalid_credentials');
  });

  it('answers 401 for a known token sent without the Bearer scheme', async () => {
    for (const authorization of [TOKENS.internal, `Token token="${TOKENS.internal}"`, `Basic ${TOKENS.internal}`]) {
      const response = await postJson(
        server,
        DEPRECATED_PATH('harbor-booking'),
        { directory_uid: 'dir_harbor' },
        { authorization },
      );
      expect(response.status).toBe(401);
      expect(errorCode(response)).toBe('unsupported_auth_scheme');
    }
  });

  it('answers 403 for a partner API key: only internal and directory tokens are accepted', async () => {
    const response = await assign('harbor-booking', { directory_uid: 'dir_harbor' }, TOKENS.partner);
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe('wrong_token_kind');
  });

  it('reads the scheme without regard to case', async () => {
    const response = await postJson(
      server,
      DEPRECATED_PATH('harbor-booking'),
      { directory_uid: 'dir_harbor' },
      { authorization: `bearer ${TOKENS.internal}` },
    );
    expect(response.status).toBe(200);
  });

  it('checks the token before the body', async () => {
    const response = await postJson(server, DEPRECATED_PATH('harbor-booking'), '{not json');
    expect(response.status).toBe(401);
  });
});

describe('directory-token rule 1: only apps its directory owns', () => {
  it('answers 403 when the app belongs to another directory', async () => {
    const toDirectory = await assign(
      'summit-classes',
      { directory_uid: 'dir_harbor', is_internal: 'true' },
      TOKENS.harbor,
    );
    const toBusiness = await assign(
      'summit-classes',
      { business_uid: 'biz_harbor_yoga', hide_from_market: 'true' },
      TOKENS.harbor,
    );
    for (const response of [toDirectory, toBusiness]) {
      expect(response.status).toBe(403);
      expect(errorCode(response)).toBe('app_not_owned');
    }
    expect(server.assignments()).toEqual([]);
  });
});

describe('directory-token rule 2: to a directory only with is_internal "true"', () => {
  it('assigns an owned app to a directory with is_internal "true"', async () => {
    const response = await assign(
      'harbor-loyalty',
      { directory_uid: 'dir_harbor', is_internal: 'true' },
      TOKENS.harbor,
    );
    expect(response.status).toBe(200);
    expect(server.assignments()).toEqual([
      expect.objectContaining({
        app_code_name: 'harbor-loyalty',
        assignee_uid: 'dir_harbor',
        assignment_mode: 'internal',
      }),
    ]);
  });

  it.each([
    ['without is_internal', {}],
    ['with is_internal boolean true', { is_internal: true }],
    ['with is_internal "TRUE"', { is_internal: 'TRUE' }],
    ['with pre_installed "true" instead', { pre_installed: 'true' }],
  ])('answers 403 %s', async (_label, flags) => {
    const response = await assign('harbor-loyalty', { directory_uid: 'dir_harbor', ...flags }, TOKENS.harbor);
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe('is_internal_required');
    expect(server.assignments()).toEqual([]);
  });

  it('does not require the target directory to be its own (the document requires only ownership of the app)', async () => {
    const response = await assign(
      'harbor-loyalty',
      { directory_uid: 'dir_summit', is_internal: 'true' },
      TOKENS.harbor,
    );
    expect(response.status).toBe(200);
  });
});

describe('directory-token rule 3: to a business only with hide_from_market "true", of its own directory', () => {
  it('assigns an owned app to a business of its directory with hide_from_market "true"', async () => {
    const response = await assign(
      'summit-payments',
      { business_uid: 'biz_summit_climb', hide_from_market: 'true' },
      TOKENS.summit,
    );
    expect(response.status).toBe(200);
    expect(server.assignments()).toEqual([
      expect.objectContaining({
        app_code_name: 'summit-payments',
        assignee_type: 'business',
        assignee_uid: 'biz_summit_climb',
      }),
    ]);
  });

  it.each([
    ['without hide_from_market', {}],
    ['with hide_from_market boolean true', { hide_from_market: true }],
    ['with hide_from_market "1"', { hide_from_market: '1' }],
  ])('answers 403 %s', async (_label, flags) => {
    const response = await assign('summit-payments', { business_uid: 'biz_summit_climb', ...flags }, TOKENS.summit);
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe('hide_from_market_required');
  });

  it('answers 403 for a business of another directory', async () => {
    const response = await assign(
      'summit-payments',
      { business_uid: 'biz_harbor_yoga', hide_from_market: 'true' },
      TOKENS.summit,
    );
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe('business_not_in_directory');
    expect(server.assignments()).toEqual([]);
  });
});

describe('repeating an assignment', () => {
  it('is idempotent: the same request twice stores one record', async () => {
    const body = { directory_uid: 'dir_harbor', pre_installed: 'true' };
    const first = await assign('harbor-booking', body);
    const second = await assign('harbor-booking', body);
    expect(second.status).toBe(first.status);
    expect(second.json).toEqual(first.json);
    expect(server.assignments()).toHaveLength(1);
  });

  it('updates the settings of an app already assigned to the assignee, keeping its place', async () => {
    await assign('harbor-booking', { directory_uid: 'dir_harbor', pre_installed: 'true' });
    await assign('harbor-reviews', { directory_uid: 'dir_harbor' });
    await assign('harbor-booking', { directory_uid: 'dir_harbor', is_internal: 'true' });
    expect(server.assignments().map((a) => [a.app_code_name, a.assignment_mode])).toEqual([
      ['harbor-booking', 'internal'],
      ['harbor-reviews', null],
    ]);
  });

  it('keeps separate records for the same app and uid as business and as directory', async () => {
    await assign('harbor-booking', { directory_uid: 'dir_harbor' });
    await assign('harbor-booking', { business_uid: 'biz_harbor_yoga' });
    expect(server.assignments()).toHaveLength(2);
  });
});
