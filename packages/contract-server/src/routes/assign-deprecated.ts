/**
 * The deprecated operation, `POST /platform/v1/apps/{id}/assign` (document section 4.1), as the application
 * calls it before its migration. It is lenient where a legacy endpoint is (it ignores keys it does not know and
 * treats `null` as absent) and strict where the document is (flags are enabled by the string "true" only, the
 * directory-token rules, the app named by its code name).
 */
import {
  AssigneeType,
  type AssignmentMode,
  DEPRECATED_ASSIGN,
  DeprecatedKey,
  FLAG_ENABLED_VALUE,
  MODE_OF_FLAG,
  V3Key,
} from '@app-assignment/core';
import { resolveApp, resolveAssignee, type ResolvedAssignee } from '../assignment.js';
import { type AssignCaller, authenticateAssignCaller } from '../auth.js';
import { HttpError, readJsonOrFormObject } from '../http.js';
import type { Route } from '../router.js';
import type { SeedApp } from '../seed.js';

/** The body, once validated: exactly one assignee, and the flags as the document reads them. */
interface DeprecatedRequest {
  readonly assigneeType: AssigneeType;
  readonly assigneeUid: string;
  readonly isInternal: boolean;
  readonly preInstalled: boolean;
  readonly builtIn: boolean;
  readonly hideFromMarket: boolean;
}

export const assignDeprecatedRoute: Route = {
  method: DEPRECATED_ASSIGN.method,
  path: DEPRECATED_ASSIGN.route,
  async handle({ req, params, state }) {
    const caller = authenticateAssignCaller(req, state);
    // The router only matches this route with its one parameter present.
    const app = resolveApp(state, params['id'] ?? '');
    const request = parseBody(await readJsonOrFormObject(req));
    const assignee = resolveAssignee(state, request.assigneeType, request.assigneeUid);
    if (caller.kind === 'directory') checkDirectoryRules(caller, app, assignee, request);
    const mode: AssignmentMode | null = request.isInternal
      ? MODE_OF_FLAG[DeprecatedKey.isInternal]
      : request.preInstalled
        ? MODE_OF_FLAG[DeprecatedKey.preInstalled]
        : null;
    const record = state.assign({
      appCodeName: app[V3Key.appCodeName],
      assigneeType: request.assigneeType,
      assigneeUid: request.assigneeUid,
      mode,
      builtIn: request.builtIn,
      via: 'v1',
    });
    // The document does not show the response; the stored record tells the caller exactly what was understood.
    return { status: 200, body: record };
  },
};

function parseBody(body: Record<string, unknown>): DeprecatedRequest {
  const businessUid = uidAt(body, DeprecatedKey.businessUid);
  const directoryUid = uidAt(body, DeprecatedKey.directoryUid);
  if (businessUid !== undefined && directoryUid !== undefined) {
    throw new HttpError(
      422,
      'conflicting_assignees',
      `Send either ${DeprecatedKey.businessUid} or ${DeprecatedKey.directoryUid}, not both.`,
    );
  }
  const flag = (key: DeprecatedKey): boolean => body[key] === FLAG_ENABLED_VALUE;
  const request = {
    isInternal: flag(DeprecatedKey.isInternal),
    preInstalled: flag(DeprecatedKey.preInstalled),
    builtIn: flag(DeprecatedKey.builtIn),
    hideFromMarket: flag(DeprecatedKey.hideFromMarket),
  };

  if (businessUid !== undefined) {
    const directoryOnly = [DeprecatedKey.isInternal, DeprecatedKey.preInstalled, DeprecatedKey.builtIn].filter(flag);
    if (directoryOnly.length > 0) {
      throw new HttpError(
        422,
        'directory_only_flag',
        `${directoryOnly.join(', ')} can only be used with ${DeprecatedKey.directoryUid}, ` +
          `not with ${DeprecatedKey.businessUid}.`,
      );
    }
    return { assigneeType: AssigneeType.business, assigneeUid: businessUid, ...request };
  }
  if (directoryUid === undefined) {
    throw new HttpError(
      422,
      'missing_assignee',
      `Send ${DeprecatedKey.businessUid} or ${DeprecatedKey.directoryUid} to say whom to assign the app to.`,
    );
  }
  // An assignment holds one mode (v3 has a single assignment_mode); the document does not say which would win.
  if (request.isInternal && request.preInstalled) {
    throw new HttpError(
      422,
      'conflicting_modes',
      `${DeprecatedKey.isInternal} and ${DeprecatedKey.preInstalled} cannot both be "${FLAG_ENABLED_VALUE}": ` +
        'an assignment has one mode.',
    );
  }
  return { assigneeType: AssigneeType.directory, assigneeUid: directoryUid, ...request };
}

/** `null` counts as absent (a serializer's way of leaving a key out); anything else must be a non-empty string. */
function uidAt(body: Record<string, unknown>, key: DeprecatedKey): string | undefined {
  if (!Object.hasOwn(body, key) || body[key] === null) return undefined;
  const value = body[key];
  if (typeof value !== 'string' || value === '') {
    throw new HttpError(422, 'invalid_field', `${key} must be a non-empty string.`);
  }
  return value;
}

/** The three rules of document section 4.1, in its order. */
function checkDirectoryRules(
  caller: Extract<AssignCaller, { kind: 'directory' }>,
  app: SeedApp,
  assignee: ResolvedAssignee,
  request: DeprecatedRequest,
): void {
  if (app.owner !== caller.directory) {
    throw new HttpError(
      403,
      'app_not_owned',
      `A directory token may only assign apps its directory owns; "${app[V3Key.appCodeName]}" is not one.`,
    );
  }
  if (assignee.type === AssigneeType.directory) {
    if (!request.isInternal) {
      throw new HttpError(
        403,
        'is_internal_required',
        `A directory token may assign to a directory only with ${DeprecatedKey.isInternal} "${FLAG_ENABLED_VALUE}".`,
      );
    }
    return;
  }
  if (!request.hideFromMarket) {
    throw new HttpError(
      403,
      'hide_from_market_required',
      `A directory token may assign to a business only with ${DeprecatedKey.hideFromMarket} "${FLAG_ENABLED_VALUE}".`,
    );
  }
  if (assignee.business.directory !== caller.directory) {
    throw new HttpError(
      403,
      'business_not_in_directory',
      `A directory token may assign only to businesses of its own directory; "${assignee.business.uid}" is not one.`,
    );
  }
}
