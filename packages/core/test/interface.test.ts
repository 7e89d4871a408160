/**
 * The rest of the interface in core, as plain data: the report query read into facts and checked apart from the
 * syntax tree (so facts learned elsewhere give the same problems), and the directory-token rules over body facts.
 */
import { checkReportQuery, directoryTokenViolations, forEachCall, recognizeReportQuery, type ReportQueryFacts } from '@app-assignment/core';
import { parseSource } from '@app-assignment/core/parse';
import type { TSESTree } from '@typescript-eslint/types';
import { describe, expect, it } from 'vitest';

function reportQueries(text: string) {
  const { program, context } = parseSource(text, 'report.ts');
  const found: ReportQueryFacts[] = [];
  forEachCall(program, (call: TSESTree.CallExpression) => {
    const query = recognizeReportQuery(call, context);
    if (query !== undefined) found.push(query.facts);
  });
  return found;
}

describe('the report query as facts', () => {
  it('says unknown where the file cannot tell, and checks nothing it does not know', () => {
    const [facts] = reportQueries(
      "import { partnerHeaders } from './auth';\n" +
        'export const find = (base: string, email: string) =>\n' +
        '  fetch(`${base}/v1/partners/reports/business?email=${encodeURIComponent(email)}`, { headers: partnerHeaders() });\n',
    );
    expect(facts).toMatchObject({ method: 'GET', body: 'none', authorization: { kind: 'unknown' }, email: { kind: 'ok' } });
    expect(checkReportQuery(facts!)).toEqual([]);
  });

  it('gives the same problems when a fact learned elsewhere replaces an unknown one', () => {
    const [facts] = reportQueries(
      "import { partnerHeaders } from './auth';\n" +
        'export const find = (base: string, email: string) =>\n' +
        '  fetch(`${base}/v1/partners/reports/business?email=${encodeURIComponent(email)}`, { headers: partnerHeaders() });\n',
    );
    // What a project scanner would learn from auth.ts: partnerHeaders() sends a Bearer token.
    const [elsewhere] = reportQueries(
      'export const find = (key: string) => fetch(`/v1/partners/reports/business`, { headers: { Authorization: `Bearer ${key}` } });\n',
    );
    const merged: ReportQueryFacts = { ...facts!, authorization: elsewhere!.authorization };
    expect(checkReportQuery(merged).map((problem) => problem.kind)).toEqual(['authorization-form']);
  });

  it('lists method, body, authorization and e-mail problems of one call, in that order', () => {
    const [facts] = reportQueries(
      'export const find = (email: string) =>\n' +
        "  fetch(`/v1/partners/reports/business?email=${email}`, { method: 'PUT', body: '{}' });\n",
    );
    expect(checkReportQuery(facts!).map((problem) => problem.kind)).toEqual(['method', 'body', 'authorization-missing', 'email-raw']);
  });
});

describe('the directory-token rules over body facts', () => {
  const entry = (key: string, value: { kind: 'string'; value: string } | { kind: 'dynamic' } | { kind: 'boolean'; value: boolean }) => ({ key, value, pure: true });

  it('rule 2: a directory needs is_internal "true"; rule 3: a business needs hide_from_market "true"', () => {
    expect(directoryTokenViolations({ kind: 'object', entries: [entry('directory_uid', { kind: 'dynamic' })] })).toEqual([
      { rule: 2, assignee: 'directory_uid', requires: 'is_internal', found: 'absent' },
    ]);
    expect(
      directoryTokenViolations({ kind: 'object', entries: [entry('business_uid', { kind: 'dynamic' }), entry('hide_from_market', { kind: 'boolean', value: true })] }),
    ).toEqual([{ rule: 3, assignee: 'business_uid', requires: 'hide_from_market', found: 'other-value' }]);
  });

  it('says nothing it cannot be sure of: a flag computed at run time, a body it cannot read', () => {
    expect(directoryTokenViolations({ kind: 'object', entries: [entry('directory_uid', { kind: 'dynamic' }), entry('is_internal', { kind: 'dynamic' })] })).toEqual([]);
    expect(directoryTokenViolations({ kind: 'unreadable', reason: 'body-spread' })).toEqual([]);
    expect(
      directoryTokenViolations({ kind: 'object', entries: [entry('directory_uid', { kind: 'dynamic' }), entry('is_internal', { kind: 'string', value: 'true' })] }),
    ).toEqual([]);
  });
});
