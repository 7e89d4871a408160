/**
 * The business report record of document section 2: its field names and types, in the document's order, and the
 * malformed duplicate key the document shows. Core does not carry these names, so they are written here once; the
 * seed validator and the report route both read them from this table.
 */

/** How a field is typed; the seed validator checks each one, and `ReportFields` is derived from it. */
export type ReportFieldKind = 'string' | 'boolean' | 'integer' | 'string-map';

/**
 * Every field a seed business carries for the report, in the order of the document's table (the response keeps
 * it). `business_id` is not here: it is the business uid, so the seed cannot contradict it.
 */
export const REPORT_FIELD_KINDS = {
  first_name: 'string',
  last_name: 'string',
  email: 'string',
  business_name: 'string',
  business_phone: 'string',
  business_address: 'string',
  business_description: 'string',
  hide_address: 'boolean',
  login_token: 'string',
  account_locked: 'boolean',
  account_in_trial: 'boolean',
  tags: 'string',
  sms_balance: 'integer',
  external_params: 'string-map',
  service_package: 'string',
} as const satisfies Record<string, ReportFieldKind>;

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
  smsBalanceMalformed: 'sms_balance:',
  /** Where the server puts the "existing" status value (the document does not show where). */
  status: 'status',
} as const satisfies Record<string, string>;
