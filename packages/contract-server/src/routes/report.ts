/**
 * The partner business report, `GET /v1/partners/reports/business?email=<EMAIL>` (document sections 2, 4.3 and
 * 5). The response reproduces the document's shape, malformed duplicate key included, so an application that
 * reads the wrong key (or parses the body in a way that trips on it) shows it in a test.
 */
import { PARTNER_REPORT } from '@app-assignment/core';
import { authenticatePartner } from '../auth.js';
import { HttpError } from '../http.js';
import { REPORT_FIELD_KINDS, ReportField, type ReportFieldName } from '../report-fields.js';
import type { Route } from '../router.js';
import type { SeedBusiness } from '../seed.js';

export const reportRoute: Route = {
  method: PARTNER_REPORT.method,
  path: PARTNER_REPORT.path,
  handle({ req, query, state }) {
    authenticatePartner(req, state);
    // URLSearchParams decodes as HTML forms do: %2B is "+", and a bare "+" is a space. An address with a "+"
    // that the caller forgot to encode therefore arrives with a space and is not found, as on a real server.
    const emails = query.getAll(PARTNER_REPORT.emailParam);
    const email = emails[0];
    if (email === undefined || email === '') {
      throw new HttpError(400, 'missing_email', `The query parameter ${PARTNER_REPORT.emailParam} is required.`);
    }
    if (emails.length > 1) {
      throw new HttpError(400, 'ambiguous_email', `Send the query parameter ${PARTNER_REPORT.emailParam} once.`);
    }
    const business = state.businessByEmail(email);
    if (business === undefined) {
      throw new HttpError(404, 'email_not_found', `No business has the e-mail address ${JSON.stringify(email)}.`);
    }
    return { status: 200, body: reportRecord(business) };
  },
};

/** The record in the document's field order, `sms_balance:` right after `sms_balance`, then the status. */
function reportRecord(business: SeedBusiness): Record<string, unknown> {
  const record: Record<string, unknown> = { [ReportField.businessId]: business.uid };
  for (const field of Object.keys(REPORT_FIELD_KINDS) as ReportFieldName[]) {
    record[field] = business[field];
    if (field === ReportField.smsBalance) record[ReportField.smsBalanceMalformed] = business[field];
  }
  // The document says the response "carries the status value existing" without showing where: a top-level
  // field is the plainest reading, and it cannot collide with a record field.
  record[ReportField.status] = PARTNER_REPORT.existingStatus;
  return record;
}
