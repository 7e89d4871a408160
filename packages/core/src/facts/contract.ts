/**
 * The API contract as data: every route, field name and enum value that the interface document
 * (`app-assignment-api.md`) and its decisions (`decisions.md`) define. Every other module and package
 * imports these names from here instead of spelling them again.
 */

/** The deprecated operation. `{id}` must be the app_code_name. */
export const DEPRECATED_ASSIGN = {
  method: 'POST',
  /** The prefix that marks the platform v1 API; whatever precedes it (an origin, a gateway path) is kept. */
  prefix: '/platform/v1',
  /** The path under the prefix, with its one parameter. */
  pathTemplate: '/apps/{id}/assign',
  route: '/platform/v1/apps/{id}/assign',
} as const;

/** The current operation that replaces it. */
export const V3_ASSIGN = {
  method: 'POST',
  path: '/v3/apps/app_assignments',
} as const;

/** The partner business report query (document section 4.3). */
export const PARTNER_REPORT = {
  method: 'GET',
  path: '/v1/partners/reports/business',
  emailParam: 'email',
  /** The response carries this status value when the e-mail address already exists. */
  existingStatus: 'existing',
} as const;

/** How a field of the business report record is typed. */
export type ReportFieldKind = 'string' | 'boolean' | 'integer' | 'string-map';

/** The business report record (document section 2): every field and its type, in the document's order. */
export const REPORT_RECORD_FIELDS = {
  business_id: 'string',
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

/** The response shape repeats `sms_balance` under this malformed name; readers must use `sms_balance`. */
export const REPORT_SMS_BALANCE_MALFORMED_KEY = 'sms_balance:';

/** Body keys of the deprecated operation. */
export const DeprecatedKey = {
  businessUid: 'business_uid',
  directoryUid: 'directory_uid',
  isInternal: 'is_internal',
  preInstalled: 'pre_installed',
  builtIn: 'built_in',
  /** Named only in the directory-token rule 3; it has no v3 field. */
  hideFromMarket: 'hide_from_market',
} as const;
export type DeprecatedKey = (typeof DeprecatedKey)[keyof typeof DeprecatedKey];

export const DEPRECATED_KEYS: readonly DeprecatedKey[] = Object.values(DeprecatedKey);

/** The flags that are enabled by the string value "true" only. */
export const FLAG_KEYS = [
  DeprecatedKey.isInternal,
  DeprecatedKey.preInstalled,
  DeprecatedKey.builtIn,
  DeprecatedKey.hideFromMarket,
] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

/** The one value that enables a deprecated flag. */
export const FLAG_ENABLED_VALUE = 'true';

/** Body keys of the v3 operation. */
export const V3Key = {
  assigneeType: 'assignee_type',
  assigneeUid: 'assignee_uid',
  appCodeName: 'app_code_name',
  settings: 'settings',
  assignmentMode: 'assignment_mode',
} as const;

export const AssigneeType = {
  business: 'business',
  directory: 'directory',
} as const;
export type AssigneeType = (typeof AssigneeType)[keyof typeof AssigneeType];
export const ASSIGNEE_TYPES: readonly AssigneeType[] = Object.values(AssigneeType);

export const AssignmentMode = {
  internal: 'internal',
  preInstalled: 'pre_installed',
} as const;
export type AssignmentMode = (typeof AssignmentMode)[keyof typeof AssignmentMode];
export const ASSIGNMENT_MODES: readonly AssignmentMode[] = Object.values(AssignmentMode);

/** Which deprecated flag enables which v3 assignment mode. `built_in` has none. */
export const MODE_OF_FLAG = {
  [DeprecatedKey.isInternal]: AssignmentMode.internal,
  [DeprecatedKey.preInstalled]: AssignmentMode.preInstalled,
} as const satisfies Partial<Record<FlagKey, AssignmentMode>>;

/** Which deprecated assignee key becomes which assignee_type. */
export const ASSIGNEE_TYPE_OF_KEY = {
  [DeprecatedKey.businessUid]: AssigneeType.business,
  [DeprecatedKey.directoryUid]: AssigneeType.directory,
} as const;

/** The prefix of every comment the codemod leaves, so that one grep finds them all. */
export const TODO_PREFIX = 'TODO(app-assignment):';
