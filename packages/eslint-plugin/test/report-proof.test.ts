/**
 * The report module of the sample app against the contract server, fixed in stages on a copy: as written it is
 * refused (a Bearer token); after `eslint --fix` (the Token form) it reaches the report, but an address with "+" is
 * not found (sent raw, the "+" arrives as a space); after the encodeURIComponent suggestion it is found, and the
 * sms_balance suggestion reads the well-formed key. Real ESLint, the real compiler, real HTTP on loopback.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ContractServer, start } from '@app-assignment/contract-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, copySampleApp } from '../../../scripts/lib/proof.mjs';
import { applyReportSuggestions, fixReport, lintReport, REPORT_MODULE, runReport } from '../../../scripts/lib/report-proof.mjs';

const PLUS = 'maya.lindqvist+studio@harboryoga.example';
const PLAIN = 'omar.haddad@harbordental.example';

let server: ContractServer;
beforeAll(async () => {
  server = await start();
});
afterAll(() => server.close());

describe('the sample app report module, fixed in stages', () => {
  it('is refused as written, finds plain addresses after the fix, and the "+" address only after the suggestion', async () => {
    const dir = copySampleApp('report');
    compile(dir);
    expect(await runReport(dir, server, [PLUS, PLAIN])).toEqual([
      { email: PLUS, status: 401 },
      { email: PLAIN, status: 401 },
    ]);

    expect(await fixReport(dir)).toBe(1);
    expect(readFileSync(join(dir, REPORT_MODULE), 'utf8')).toContain('headers: { Authorization: `Token token="${PARTNER_KEY}"` },');
    compile(dir);
    const [plusAfterFix, plainAfterFix] = await runReport(dir, server, [PLUS, PLAIN]);
    expect(plusAfterFix).toEqual({ email: PLUS, status: 404 });
    expect(plainAfterFix).toEqual({ email: PLAIN, status: 200, businessName: 'Harbor Family Dental', smsBalance: expect.any(Number) as number });

    // What is left are suggestions: a person chooses, here the encodeURIComponent one and the well-formed key.
    expect((await lintReport(dir)).map((f) => [f.ruleId, f.fixable, f.suggestions])).toEqual([
      ['app-assignment/valid-report-query', false, ['encodeEmail', 'useUrlSearchParams']],
      ['app-assignment/no-malformed-report-field', false, ['useSmsBalance']],
    ]);
    expect(await applyReportSuggestions(dir, ['encodeEmail', 'useSmsBalance'])).toEqual(['encodeEmail', 'useSmsBalance']);
    const fixed = readFileSync(join(dir, REPORT_MODULE), 'utf8');
    expect(fixed).toContain('?email=${encodeURIComponent(email)}`');
    expect(fixed).toContain("Number(record['sms_balance'])");
    expect(await lintReport(dir)).toEqual([]);
    compile(dir);
    expect(await runReport(dir, server, [PLUS])).toEqual([{ email: PLUS, status: 200, businessName: 'Harbor Yoga Studio', smsBalance: 250 }]);
  });

  it('with the URLSearchParams suggestion instead, finds the "+" address too', async () => {
    const dir = copySampleApp('report-params');
    await fixReport(dir);
    expect(await applyReportSuggestions(dir, ['useUrlSearchParams'])).toEqual(['useUrlSearchParams']);
    expect(readFileSync(join(dir, REPORT_MODULE), 'utf8')).toContain('business?${new URLSearchParams({ email: email })}`');
    compile(dir);
    expect(await runReport(dir, server, [PLUS])).toEqual([{ email: PLUS, status: 200, businessName: 'Harbor Yoga Studio', smsBalance: 250 }]);
  });
});
