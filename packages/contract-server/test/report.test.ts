import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractServer } from '../src/index.js';
import { errorCode, getReport, postJson, REPORT_PATH, startServer, toJsonResponse, TOKENS } from './helpers.js';

let server: ContractServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const TOKEN_FORM = `Token token="${TOKENS.partner}"`;
const DOCUMENT_FORM = `Token token = "${TOKENS.partner}"`;
const emailQuery = (email: string) => `?email=${encodeURIComponent(email)}`;

describe('GET /v1/partners/reports/business', () => {
  it('answers 200 with the business report record and the status "existing"', async () => {
    const response = await getReport(server, emailQuery('omar.haddad@harbordental.example'), TOKEN_FORM);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.json).toEqual({
      business_id: 'biz_harbor_dental',
      first_name: 'Omar',
      last_name: 'Haddad',
      email: 'omar.haddad@harbordental.example',
      business_name: 'Harbor Family Dental',
      business_phone: '+1 415 555 0187',
      business_address: '480 Embarcadero, Suite 3, San Francisco, CA 94105',
      business_description: 'General and pediatric dentistry.',
      hide_address: true,
      login_token: 'lt_8d21c6e09a7f4b33',
      account_locked: false,
      account_in_trial: true,
      tags: 'dental',
      sms_balance: 0,
      'sms_balance:': 0,
      external_params: {},
      service_package: 'Starter',
      status: 'existing',
    });
  });

  it('emits sms_balance twice in the raw JSON, the second time under the malformed key "sms_balance:"', async () => {
    const response = await getReport(server, emailQuery('maya.lindqvist+studio@harboryoga.example'), TOKEN_FORM);
    expect(response.text).toContain('"sms_balance":250,"sms_balance:":250,');
    expect(response.text.match(/"sms_balance:?":/g)).toEqual(['"sms_balance":', '"sms_balance:":']);
  });

  it("keeps the document's field order, then the status", async () => {
    const response = await getReport(server, emailQuery('Priya.Raman@SummitClimb.example'), TOKEN_FORM);
    expect(Object.keys(response.json as object)).toEqual([
      'business_id',
      'first_name',
      'last_name',
      'email',
      'business_name',
      'business_phone',
      'business_address',
      'business_description',
      'hide_address',
      'login_token',
      'account_locked',
      'account_in_trial',
      'tags',
      'sms_balance',
      'sms_balance:',
      'external_params',
      'service_package',
      'status',
    ]);
  });

  it('carries external_params as an object of strings', async () => {
    const response = await getReport(server, emailQuery('maya.lindqvist+studio@harboryoga.example'), TOKEN_FORM);
    expect((response.json as { external_params: unknown }).external_params).toEqual({
      crm_id: 'HY-1042',
      region: 'us-west',
    });
  });
});

describe('the Authorization header of the report', () => {
  it.each([
    ['Token token="<API_KEY>"', TOKEN_FORM],
    ['Token token = "<API_KEY>" (the document\'s spacing)', DOCUMENT_FORM],
    ['token token="<API_KEY>" (schemes ignore case)', `token token="${TOKENS.partner}"`],
    ['Token  token  =  "<API_KEY>"', `Token  token  =  "${TOKENS.partner}"`],
  ])('accepts %s', async (_label, authorization) => {
    const response = await getReport(server, emailQuery('omar.haddad@harbordental.example'), authorization);
    expect(response.status).toBe(200);
  });

  it('answers 401 for a Bearer token, even a valid partner key', async () => {
    const response = await getReport(
      server,
      emailQuery('omar.haddad@harbordental.example'),
      `Bearer ${TOKENS.partner}`,
    );
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('unsupported_auth_scheme');
    expect(response.headers.get('www-authenticate')).toBe('Token');
  });

  it.each([
    ['an unquoted key', `Token token=${TOKENS.partner}`],
    ['the bare key', TOKENS.partner],
    ['a missing token parameter', `Token "${TOKENS.partner}"`],
  ])('answers 401 for %s', async (_label, authorization) => {
    const response = await getReport(server, emailQuery('omar.haddad@harbordental.example'), authorization);
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('unsupported_auth_scheme');
  });

  it('answers 401 without an Authorization header', async () => {
    const response = await getReport(server, emailQuery('omar.haddad@harbordental.example'));
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('missing_credentials');
  });

  it('answers 401 for an unknown API key', async () => {
    const response = await getReport(server, emailQuery('omar.haddad@harbordental.example'), 'Token token="nope"');
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('invalid_credentials');
  });

  it.each([TOKENS.internal, TOKENS.harbor])('answers 403 for a token that is not a partner key (%s)', async (token) => {
    const response = await getReport(server, emailQuery('omar.haddad@harbordental.example'), `Token token="${token}"`);
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe('wrong_token_kind');
  });
});

describe('the email query parameter', () => {
  it('finds an address with a "+" sent encoded as %2B', async () => {
    const response = await getReport(server, '?email=maya.lindqvist%2Bstudio%40harboryoga.example', TOKEN_FORM);
    expect(response.status).toBe(200);
    expect((response.json as { business_id: string }).business_id).toBe('biz_harbor_yoga');
  });

  it('finds it with the URLSearchParams encoding too', async () => {
    const query = `?${new URLSearchParams({ email: 'maya.lindqvist+studio@harboryoga.example' }).toString()}`;
    const response = await getReport(server, query, TOKEN_FORM);
    expect(response.status).toBe(200);
  });

  it('reads a literal "+" as a space (form encoding), so an unencoded address is not found', async () => {
    const response = await getReport(server, '?email=maya.lindqvist+studio@harboryoga.example', TOKEN_FORM);
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('email_not_found');
    expect(response.text).toContain('maya.lindqvist studio@harboryoga.example');
  });

  it('matches without regard to case', async () => {
    const response = await getReport(server, emailQuery('PRIYA.raman@summitclimb.EXAMPLE'), TOKEN_FORM);
    expect(response.status).toBe(200);
    expect((response.json as { email: string }).email).toBe('Priya.Raman@SummitClimb.example');
  });

  it('answers 404 for an unknown address', async () => {
    const response = await getReport(server, emailQuery('nobody@nowhere.example'), TOKEN_FORM);
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('email_not_found');
  });

  it.each([
    ['no query', ''],
    ['an empty email', '?email='],
    ['another parameter only', '?mail=omar.haddad%40harbordental.example'],
  ])('answers 400 for %s', async (_label, query) => {
    const response = await getReport(server, query, TOKEN_FORM);
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('missing_email');
  });

  it('answers 400 when email is given twice', async () => {
    const response = await getReport(
      server,
      '?email=a%40b.example&email=omar.haddad%40harbordental.example',
      TOKEN_FORM,
    );
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('ambiguous_email');
  });
});

describe('methods on the report path', () => {
  it('answers 405 with Allow: GET to a POST', async () => {
    const response = await postJson(server, REPORT_PATH, {}, { authorization: TOKEN_FORM });
    expect(response.status).toBe(405);
    expect(errorCode(response)).toBe('method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await toJsonResponse(
      await fetch(`${server.url}${REPORT_PATH}${emailQuery('omar.haddad@harbordental.example')}`, {
        method: 'HEAD',
        headers: { authorization: TOKEN_FORM },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
  });
});
