/**
 * The lookups both assignment operations make, so that they answer the same way: the app by its code name (never
 * by its numeric app_id, which the document says is not accepted) and the assignee by type and uid.
 */
import { type AssigneeType, AssigneeType as Assignee } from '@app-assignment/core';
import { HttpError } from './http.js';
import type { SeedApp, SeedBusiness, SeedDirectory } from './seed.js';
import type { ContractState } from './state.js';

export type ResolvedAssignee =
  | { readonly type: typeof Assignee.business; readonly business: SeedBusiness }
  | { readonly type: typeof Assignee.directory; readonly directory: SeedDirectory };

/**
 * A code name wins over an app_id (the seed forbids a code name that is also an app_id); a number that is only an
 * app_id is a 400, because it is a caller's bug the document names, not an unknown app.
 */
export function resolveApp(state: ContractState, codeName: string): SeedApp {
  const app = state.appByCodeName(codeName);
  if (app !== undefined) return app;
  const byId = state.appByNumericId(codeName);
  if (byId !== undefined) {
    throw new HttpError(
      400,
      'app_id_not_accepted',
      `"${codeName}" is a numeric app_id; the app must be named by its app_code_name.`,
    );
  }
  throw new HttpError(404, 'app_not_found', `No app has the code name "${codeName}".`);
}

export function resolveAssignee(state: ContractState, type: AssigneeType, uid: string): ResolvedAssignee {
  if (type === Assignee.business) {
    const business = state.business(uid);
    if (business === undefined) throw new HttpError(404, 'business_not_found', `No business has the uid "${uid}".`);
    return { type, business };
  }
  const directory = state.directory(uid);
  if (directory === undefined) throw new HttpError(404, 'directory_not_found', `No directory has the uid "${uid}".`);
  return { type, directory };
}
