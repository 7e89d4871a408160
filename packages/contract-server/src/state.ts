/**
 * What the server holds: the seed, indexed for the lookups the routes make, and the assignments stored so far.
 * End-to-end tests compare `assignments()` before and after a migration, so the record shape is the same
 * whichever operation stored it, and repeating an assignment never adds a second record.
 */
import { type AssigneeType, type AssignmentMode, DeprecatedKey, V3Key } from '@app-assignment/core';
import type { Seed, SeedApp, SeedBusiness, SeedDirectory, SeedToken } from './seed.js';

/** Which operation stored an assignment: the deprecated platform v1 one or the v3 one. */
export type AssignedVia = 'v1' | 'v3';

/** One stored assignment. The keys are the API's own names, so a test can read it beside a request body. */
export interface Assignment {
  readonly [V3Key.appCodeName]: string;
  readonly [V3Key.assigneeType]: AssigneeType;
  readonly [V3Key.assigneeUid]: string;
  readonly [V3Key.assignmentMode]: AssignmentMode | null;
  /** Only the deprecated operation can set it: v3 does not support built_in. */
  readonly [DeprecatedKey.builtIn]: boolean;
  readonly via: AssignedVia;
}

/** The parts of an assignment a route decides; the record is built here so its shape lives in one place. */
export interface AssignmentRequest {
  readonly appCodeName: string;
  readonly assigneeType: AssigneeType;
  readonly assigneeUid: string;
  readonly mode: AssignmentMode | null;
  readonly builtIn: boolean;
  readonly via: AssignedVia;
}

export class ContractState {
  readonly #directories: ReadonlyMap<string, SeedDirectory>;
  readonly #businesses: ReadonlyMap<string, SeedBusiness>;
  readonly #businessesByEmail: ReadonlyMap<string, SeedBusiness>;
  readonly #appsByCodeName: ReadonlyMap<string, SeedApp>;
  readonly #appsById: ReadonlyMap<string, SeedApp>;
  readonly #tokens: ReadonlyMap<string, SeedToken>;
  #assignments: Assignment[] = [];

  /** `seed` must already be validated: uniqueness of every key is what makes these maps correct. */
  constructor(seed: Seed) {
    this.#directories = new Map(seed.directories.map((d) => [d.uid, d]));
    this.#businesses = new Map(seed.businesses.map((b) => [b.uid, b]));
    this.#businessesByEmail = new Map(seed.businesses.map((b) => [emailKey(b.email), b]));
    this.#appsByCodeName = new Map(seed.apps.map((a) => [a[V3Key.appCodeName], a]));
    this.#appsById = new Map(seed.apps.map((a) => [String(a.app_id), a]));
    this.#tokens = new Map(seed.tokens.map((t) => [t.value, t]));
  }

  directory(uid: string): SeedDirectory | undefined {
    return this.#directories.get(uid);
  }

  business(uid: string): SeedBusiness | undefined {
    return this.#businesses.get(uid);
  }

  /** E-mail addresses are matched without regard to case, as mail systems treat them in practice. */
  businessByEmail(email: string): SeedBusiness | undefined {
    return this.#businessesByEmail.get(emailKey(email));
  }

  appByCodeName(codeName: string): SeedApp | undefined {
    return this.#appsByCodeName.get(codeName);
  }

  /** Only to say "that is an app_id, send the code name": the API never accepts an app by its app_id. */
  appByNumericId(id: string): SeedApp | undefined {
    return /^[0-9]+$/.test(id) ? this.#appsById.get(String(Number(id))) : undefined;
  }

  token(value: string): SeedToken | undefined {
    return this.#tokens.get(value);
  }

  /**
   * Stores an assignment and returns the stored record. An app is assigned to an assignee at most once: a repeat
   * with the same settings changes nothing, and a repeat with other settings updates the record where it stands,
   * so the order of `assignments()` is the order in which each pair was first assigned.
   */
  assign(request: AssignmentRequest): Assignment {
    const record: Assignment = {
      [V3Key.appCodeName]: request.appCodeName,
      [V3Key.assigneeType]: request.assigneeType,
      [V3Key.assigneeUid]: request.assigneeUid,
      [V3Key.assignmentMode]: request.mode,
      [DeprecatedKey.builtIn]: request.builtIn,
      via: request.via,
    };
    const index = this.#assignments.findIndex(
      (a) =>
        a[V3Key.appCodeName] === record[V3Key.appCodeName] &&
        a[V3Key.assigneeType] === record[V3Key.assigneeType] &&
        a[V3Key.assigneeUid] === record[V3Key.assigneeUid],
    );
    if (index === -1) this.#assignments.push(record);
    else this.#assignments[index] = record;
    return { ...record };
  }

  /** Copies, so that a test holding the result cannot change what the server holds. */
  assignments(): Assignment[] {
    return this.#assignments.map((a) => ({ ...a }));
  }

  /** Back to the seed: the seed holds no assignments. */
  reset(): void {
    this.#assignments = [];
  }
}

function emailKey(email: string): string {
  return email.toLowerCase();
}
