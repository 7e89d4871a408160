/**
 * The current operation, `POST /v3/apps/app_assignments` (document section 4.2), as the application calls it
 * after its migration. It is strict on purpose: a key the document does not list, a wrong type or a mode the
 * document does not name is a 422, so that a migration producing a body that means something else fails its test
 * instead of being stored.
 */
import {
  ASSIGNEE_TYPES,
  ASSIGNMENT_MODES,
  AssigneeType,
  type AssignmentMode,
  V3_ASSIGN,
  V3Key,
} from '@app-assignment/core';
import { resolveApp, resolveAssignee } from '../assignment.js';
import { authenticateAssignCaller } from '../auth.js';
import { HttpError, readJsonObject } from '../http.js';
import type { Route } from '../router.js';
import { isPlainObject } from '../seed.js';

interface V3Request {
  readonly assigneeType: AssigneeType;
  readonly assigneeUid: string;
  readonly appCodeName: string;
  readonly mode: AssignmentMode | null;
}

const TOP_LEVEL_KEYS: readonly string[] = [V3Key.assigneeType, V3Key.assigneeUid, V3Key.appCodeName, V3Key.settings];
const SETTINGS_KEYS: readonly string[] = [V3Key.assignmentMode];

export const assignV3Route: Route = {
  method: V3_ASSIGN.method,
  path: V3_ASSIGN.path,
  async handle({ req, state }) {
    // The document shows no authentication for v3; it takes what the operation it replaces takes (docs).
    const caller = authenticateAssignCaller(req, state);
    const request = parseBody(await readJsonObject(req));
    const app = resolveApp(state, request.appCodeName);
    resolveAssignee(state, request.assigneeType, request.assigneeUid);
    // Rule 1 of section 4.1 is about the caller, not the operation, so it holds here too. Rules 2 and 3 name
    // deprecated parameters (is_internal, hide_from_market) that v3 does not have.
    if (caller.kind === 'directory' && app.owner !== caller.directory) {
      throw new HttpError(
        403,
        'app_not_owned',
        `A directory token may only assign apps its directory owns; "${app[V3Key.appCodeName]}" is not one.`,
      );
    }
    const record = state.assign({ ...request, builtIn: false, via: 'v3' });
    return { status: 201, body: record };
  },
};

function parseBody(body: Record<string, unknown>): V3Request {
  rejectUnknownKeys(body, TOP_LEVEL_KEYS, '');
  const assigneeType = requiredString(body, V3Key.assigneeType);
  if (!(ASSIGNEE_TYPES as readonly string[]).includes(assigneeType)) {
    throw new HttpError(
      422,
      'invalid_field',
      `${V3Key.assigneeType} must be ${quoteList(ASSIGNEE_TYPES)}, not ${JSON.stringify(assigneeType)}.`,
    );
  }
  const assigneeUid = requiredString(body, V3Key.assigneeUid);
  const appCodeName = requiredString(body, V3Key.appCodeName);
  const mode = parseSettings(body);
  // In the deprecated operation the flags behind both modes are for directories only; v3 keeps that meaning,
  // so a migration that moved a mode onto a business assignment is caught.
  if (mode !== null && assigneeType === AssigneeType.business) {
    throw new HttpError(
      422,
      'directory_only_setting',
      `${V3Key.settings}.${V3Key.assignmentMode} applies to ${V3Key.assigneeType} "${AssigneeType.directory}" only.`,
    );
  }
  return { assigneeType: assigneeType as AssigneeType, assigneeUid, appCodeName, mode };
}

function parseSettings(body: Record<string, unknown>): AssignmentMode | null {
  if (!Object.hasOwn(body, V3Key.settings)) return null;
  const settings = body[V3Key.settings];
  if (!isPlainObject(settings)) {
    throw new HttpError(422, 'invalid_field', `${V3Key.settings} must be an object.`);
  }
  rejectUnknownKeys(settings, SETTINGS_KEYS, `${V3Key.settings}.`);
  if (!Object.hasOwn(settings, V3Key.assignmentMode)) return null;
  const mode = settings[V3Key.assignmentMode];
  if (typeof mode !== 'string' || !(ASSIGNMENT_MODES as readonly string[]).includes(mode)) {
    throw new HttpError(
      422,
      'invalid_field',
      `${V3Key.settings}.${V3Key.assignmentMode} must be ${quoteList(ASSIGNMENT_MODES)}, not ${JSON.stringify(mode)}.`,
    );
  }
  return mode as AssignmentMode;
}

function rejectUnknownKeys(object: Record<string, unknown>, known: readonly string[], prefix: string): void {
  const unknown = Object.keys(object).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    const list = (keys: readonly string[]): string => keys.map((k) => prefix + k).join(', ');
    const plural = unknown.length > 1 ? 's' : '';
    throw new HttpError(
      422,
      'unknown_field',
      `Unknown field${plural} ${list(unknown)}; the known fields are ${list(known)}.`,
    );
  }
}

function requiredString(body: Record<string, unknown>, key: string): string {
  if (!Object.hasOwn(body, key)) throw new HttpError(422, 'missing_field', `${key} is required.`);
  const value = body[key];
  if (typeof value !== 'string' || value === '') {
    throw new HttpError(422, 'invalid_field', `${key} must be a non-empty string.`);
  }
  return value;
}

function quoteList(values: readonly string[]): string {
  const quoted = values.map((v) => `"${v}"`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`;
}
