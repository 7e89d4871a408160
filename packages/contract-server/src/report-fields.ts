/**
 * The business report record of document section 2 as this server needs it. The field names and types are defined
 * once, in core's contract; this module derives the seed's fields from them and adds the server's own decisions.
 */
import { REPORT_RECORD_FIELDS, REPORT_SMS_BALANCE_MALFORMED_KEY, type ReportFieldKind } from '@app-assignment/core';

export type { ReportFieldKind };

/**
 * Every field a seed business carries for the report, in the order of the document's table (the response keeps
 * it). `business_id` is not here: it is the business uid, so the seed cannot contradict it.
 */
const { business_id: _businessId, ...seedFields } = REPORT_RECORD_FIELDS;
export const REPORT_FIELD_KINDS = seedFields;

export type ReportFieldName = keyof typeof REPORT_FIELD_KINDS;

type ValueOfKind<K extends ReportFieldKind> = K extends 'string'
  ? string
  : K extends 'boolean'
    ? boolean
    : K extends 'integer'
      ? number
      : Readonly<Record<string, string>>;

/** The report fields of one business, as the seed holds them. */
export type ReportFields = {
  readonly [F in ReportFieldName]: ValueOfKind<(typeof REPORT_FIELD_KINDS)[F]>;
};

/** Names the server needs to single out. */
export const ReportField = {
  businessId: 'business_id',
  email: 'email',
  smsBalance: 'sms_balance',
  /** The document's response shape repeats `sms_balance` under this malformed name; the server reproduces it. */
  smsBalanceMalformed: REPORT_SMS_BALANCE_MALFORMED_KEY,
  /** Where the server puts the "existing" status value (the document does not show where). */
  status: 'status',
} as const satisfies Record<string, string>;
