/**
 * The migration planner: from what is statically known about one deprecated call to its exact v3 body, or to the
 * reasons it must be migrated by hand. Pure data in, pure data out; it knows no syntax tree, so every front end
 * (ESLint, the codemod, a future project scanner) plans the same way.
 *
 * Each row of decisions.md ("Migration semantics") is one named branch below; see docs/architecture.md.
 */
import {
  ASSIGNEE_TYPE_OF_KEY,
  type AssigneeType,
  type AssignmentMode,
  DEPRECATED_KEYS,
  DeprecatedKey,
  FLAG_ENABLED_VALUE,
  MODE_OF_FLAG,
} from '../facts/contract.js';
import { type Reason, ReasonCode } from '../facts/reasons.js';

/** What a value in the body is, as far as can be seen without running the program. */
export type ValueClass =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  /** `undefined`: JSON drops the key, so it is as good as absent. */
  | { readonly kind: 'nullish' }
  /** A number, `null`, a regular expression, a bigint: not a documented value. */
  | { readonly kind: 'other-literal' }
  /**
   * Known only at run time. `mayBeAbsent`: a parameter that may hold `undefined` (`uid?: string`, `uid: string |
   * undefined`, `uid = undefined`), which JSON drops with its key.
   */
  | { readonly kind: 'dynamic'; readonly mayBeAbsent?: true };

export interface BodyEntryFacts {
  readonly key: string;
  readonly value: ValueClass;
  /** Evaluating the value has no side effects, so dropping it changes nothing. */
  readonly pure: boolean;
  /**
   * A flag whose value is chosen at run time between two values known here (`c ? 'true' : 'false'`, a `let` assigned
   * in branches, `if (c) body.is_internal = 'true'`): `value` is `dynamic`, and these are what each outcome sends.
   * `stable`: the condition has no side effects and reads the same where the new body tests it, so the v3 body can
   * test it once, as the old call did.
   */
  readonly branches?: { readonly whenTrue: ValueClass; readonly whenFalse: ValueClass; readonly stable: boolean };
}

/** The body as the planner sees it. */
export type BodyFacts =
  | { readonly kind: 'object'; readonly entries: readonly BodyEntryFacts[] }
  /** The call sends no body at all. */
  | { readonly kind: 'none' }
  /** Where the body is cannot be told (an unknown client): an obstacle already says why. */
  | { readonly kind: 'unknown' }
  | {
      readonly kind: 'unreadable';
      readonly reason:
        | typeof ReasonCode.bodySpread
        | typeof ReasonCode.bodyComputedKey
        | typeof ReasonCode.bodyDuplicateKey
        | typeof ReasonCode.bodyMutated
        | typeof ReasonCode.bodyFormEncoded
        | typeof ReasonCode.bodyDynamic
        | typeof ReasonCode.optionsUnknown;
      /** What builds the body may set built_in to "true": the reasons say so, whatever else stops the rewrite. */
      readonly builtIn?: true;
      /** The body certainly sends built_in "true" (a literal no later key or spread can change): said as certain. */
      readonly builtInCertain?: true;
      /** Where the cause is, when it is elsewhere (`src/sdk/apps.ts:62`). */
      readonly key?: string;
    };

/** The `{id}` segment of the deprecated path. */
export type AppIdFacts =
  /** A value known from the source, already percent-decoded (`my%2Dapp` is `my-app`). */
  | { readonly kind: 'static'; readonly value: string }
  /** One expression (`${code}`, `encodeURIComponent(code)`); `pure` when moving it cannot change behaviour. */
  | {
    readonly kind: 'expression';
    readonly pure: boolean;
    readonly encoded: boolean;
    /** Declared a number (`code: number`, or a caller passing `42`): the numeric app_id, not a code name. */
    readonly numeric?: true;
  }
  /** Several parts (`prefix-${x}`): not planned. */
  | { readonly kind: 'composite' };

/** Everything the planner needs about one call. */
export interface CallFacts {
  readonly appId: AppIdFacts;
  readonly body: BodyFacts;
  /**
   * What stops the call from being rewritten whatever its body says (the URL's prefix lives in a base URL, the
   * client is unknown, comments would be lost, ...). Found by the recognizer; passed through as manual reasons.
   */
  readonly obstacles: readonly Reason[];
  /**
   * The body already has the v3 shape (`assignee_type`, `assignee_uid`, `app_code_name`, `settings` and nothing
   * else) while the route is still the deprecated one: a wrapper's group migrated by half. `same-app`: its
   * `app_code_name` is the app code of the path, so pointing the URL at v3 finishes the migration exactly.
   */
  readonly v3Body?: 'same-app' | 'other-app';
}

export interface PlanOptions {
  /** `keep` (default): a call with built_in "true" stays as it is. `drop`: migrate the rest, drop built_in. */
  readonly builtIn: 'keep' | 'drop';
}

export const DEFAULT_PLAN_OPTIONS: PlanOptions = { builtIn: 'keep' };

type AssigneeKey = keyof typeof ASSIGNEE_TYPE_OF_KEY;

/** The v3 body, with references to where each value comes from in the old call. */
export interface V3BodyPlan {
  readonly assigneeType: AssigneeType;
  /** The deprecated key whose value becomes `assignee_uid`. */
  readonly assigneeFrom: AssigneeKey;
  /** Where `app_code_name` comes from: the `{id}` of the path. */
  readonly appCode: Exclude<AppIdFacts, { kind: 'composite' }>;
  readonly mode?: AssignmentMode;
  /**
   * The mode chosen at run time by the condition of the flag `key` (absent: no mode on that side). Exclusive with
   * `mode`.
   */
  readonly modeWhen?: { readonly key: string; readonly whenTrue?: AssignmentMode; readonly whenFalse?: AssignmentMode };
}

/** One way to migrate; `notes` are what a person should review after it (empty: the rewrite is exact). */
export interface MigrationOption {
  readonly body: V3BodyPlan;
  readonly notes: readonly Reason[];
  /** The body is already the v3 body: only the URL changes. */
  readonly urlOnly?: true;
}

export type Plan =
  /** One right answer. Exact when `notes` is empty. */
  | ({ readonly kind: 'migrate' } & MigrationOption)
  /** Several right answers: a person picks one (an editor offers each as a suggestion). */
  | {
      readonly kind: 'choose';
      readonly reasons: readonly Reason[];
      readonly options: readonly (MigrationOption & { readonly id: AssignmentMode })[];
    }
  /** No automatic migration. */
  | { readonly kind: 'manual'; readonly reasons: readonly Reason[] };

/** The one value a flag's source can take, for planning. */
type FlagState = 'on' | 'on-boolean' | 'off' | 'dynamic' | 'not-string';

function flagState(value: ValueClass): FlagState {
  switch (value.kind) {
    case 'string':
      // Only the exact string "true" enables; "false", "" and anything else do not.
      return value.value === FLAG_ENABLED_VALUE ? 'on' : 'off';
    case 'boolean':
      return value.value ? 'on-boolean' : 'off';
    case 'nullish':
      return 'off';
    case 'other-literal':
      return 'not-string';
    case 'dynamic':
      return 'dynamic';
  }
}

const isEnabling = (state: FlagState): boolean => state === 'on' || state === 'on-boolean';

const KNOWN_KEYS: ReadonlySet<string> = new Set(DEPRECATED_KEYS);

/** Plans the v3 form of one deprecated call. */
export function planMigration(input: CallFacts, options: PlanOptions = DEFAULT_PLAN_OPTIONS): Plan {
  const facts = withOrderObstacle(input);
  const blockers: Reason[] = [...facts.obstacles];
  const notes: Reason[] = [];

  // The {id} of the path becomes app_code_name.
  let appCode: V3BodyPlan['appCode'] | undefined;
  switch (facts.appId.kind) {
    case 'static':
      // The document: the numeric app_id is not accepted where app_code_name is required.
      if (/^\d+$/.test(facts.appId.value)) blockers.push({ code: ReasonCode.appIdNumeric });
      else appCode = facts.appId;
      break;
    case 'expression':
      if (facts.appId.numeric === true) blockers.push({ code: ReasonCode.appIdNumeric });
      // The expression moves from the URL into the body, so it is evaluated at another moment.
      else if (!facts.appId.pure) blockers.push({ code: ReasonCode.appIdSideEffects });
      else appCode = facts.appId;
      break;
    case 'composite':
      blockers.push({ code: ReasonCode.appIdComposite });
      break;
  }

  if (facts.v3Body !== undefined) {
    const note: Reason = { code: ReasonCode.halfMigrated };
    if (facts.v3Body === 'other-app' || blockers.length > 0 || appCode === undefined) return { kind: 'manual', reasons: [...blockers, note] };
    const type = facts.body.kind === 'object' ? facts.body.entries.find((entry) => entry.key === 'assignee_type')?.value : undefined;
    const assigneeType = type?.kind === 'string' && (type.value === 'business' || type.value === 'directory') ? type.value : undefined;
    if (assigneeType === undefined) return { kind: 'manual', reasons: [note] };
    // Exact: the URL the body was meant for. No note, so that the result is what migrating the group whole gives.
    return { kind: 'migrate', body: { assigneeType, assigneeFrom: assigneeType === 'business' ? 'business_uid' : 'directory_uid', appCode }, notes: [], urlOnly: true };
  }
  if (facts.body.kind === 'unreadable') {
    const builtIn: Reason[] = facts.body.builtIn !== true ? []
      : [{ code: facts.body.builtInCertain === true ? ReasonCode.builtInUnsupported : ReasonCode.builtInMayBeTrue, key: DeprecatedKey.builtIn }];
    return { kind: 'manual', reasons: [...blockers, { code: facts.body.reason, ...(facts.body.key === undefined ? {} : { key: facts.body.key }) }, ...builtIn] };
  }
  if (facts.body.kind === 'object' && facts.body.entries.some((entry) => entry.branches !== undefined)) {
    return planBranches(facts, facts.body.entries, options);
  }
  if (facts.body.kind === 'unknown') return { kind: 'manual', reasons: blockers };
  const entries = facts.body.kind === 'object' ? facts.body.entries : [];

  // Keys the deprecated operation does not define: their meaning is unknown.
  for (const entry of entries) {
    if (!KNOWN_KEYS.has(entry.key)) blockers.push({ code: ReasonCode.unknownKey, key: entry.key });
  }
  const entryOf = (key: string): BodyEntryFacts | undefined => entries.find((e) => e.key === key);

  // The assignee: exactly one of business_uid and directory_uid.
  const present = (Object.keys(ASSIGNEE_TYPE_OF_KEY) as AssigneeKey[]).filter((key) => {
    const entry = entryOf(key);
    // `undefined` is dropped by JSON, so such a key is as good as absent.
    return entry !== undefined && !(entry.value.kind === 'nullish' && entry.pure);
  });
  let assigneeFrom: AssigneeKey | undefined;
  if (present.length === 2) blockers.push({ code: ReasonCode.assigneeBoth });
  else if (present.length === 0) blockers.push({ code: ReasonCode.assigneeMissing });
  else {
    assigneeFrom = present[0];
    const value = assigneeFrom === undefined ? undefined : entryOf(assigneeFrom)?.value;
    const usable = value?.kind === 'dynamic' || (value?.kind === 'string' && value.value !== '');
    if (!usable) blockers.push({ code: ReasonCode.assigneeInvalid, key: assigneeFrom });
    // `{ business_uid: uid }` with `uid?: string`: the old body may have been `{}`, which names no assignee type.
    else if (value?.kind === 'dynamic' && value.mayBeAbsent !== undefined) blockers.push({ code: ReasonCode.assigneeMayBeAbsent, key: assigneeFrom });
  }
  const toBusiness = assigneeFrom === DeprecatedKey.businessUid;

  // The flags.
  const modes: { mode: AssignmentMode; key: string }[] = [];
  for (const key of [DeprecatedKey.isInternal, DeprecatedKey.preInstalled, DeprecatedKey.builtIn] as const) {
    const entry = entryOf(key);
    if (entry === undefined) continue;
    const state = flagState(entry.value);
    if (state === 'dynamic') {
      // built_in has no mode to set: what may be "true" is named as what it is.
      blockers.push(key === DeprecatedKey.builtIn ? { code: ReasonCode.builtInMayBeTrue, key } : { code: ReasonCode.flagDynamic, key });
      continue;
    }
    if (state === 'not-string') {
      blockers.push({ code: ReasonCode.flagNotString, key });
      continue;
    }
    if (!isEnabling(state)) continue; // "false", "", false, null: does not enable; the key is dropped.
    // is_internal, pre_installed and built_in are for directories only.
    if (toBusiness) {
      blockers.push({ code: ReasonCode.flagWithBusiness, key });
      continue;
    }
    if (state === 'on-boolean') notes.push({ code: ReasonCode.flagBoolean, key });
    if (key === DeprecatedKey.builtIn) {
      if (options.builtIn === 'keep') blockers.push({ code: ReasonCode.builtInUnsupported, key });
      else notes.push({ code: ReasonCode.builtInDropped, key });
      continue;
    }
    modes.push({ mode: MODE_OF_FLAG[key], key });
  }

  // hide_from_market has no v3 field: dropped, always with a note.
  if (entryOf(DeprecatedKey.hideFromMarket) !== undefined) notes.push({ code: ReasonCode.hideFromMarketDropped, key: DeprecatedKey.hideFromMarket });

  // Values that would be dropped must not carry side effects.
  const kept = new Set<string>(assigneeFrom === undefined ? [] : [assigneeFrom]);
  for (const entry of entries) {
    if (!kept.has(entry.key) && !entry.pure && KNOWN_KEYS.has(entry.key) && flagStateIsSettled(entry)) {
      blockers.push({ code: ReasonCode.sideEffects, key: entry.key });
    }
  }

  if (blockers.length > 0 || assigneeFrom === undefined || appCode === undefined) {
    return { kind: 'manual', reasons: blockers };
  }

  const base = { assigneeType: ASSIGNEE_TYPE_OF_KEY[assigneeFrom], assigneeFrom, appCode };
  if (modes.length > 1) {
    const modeKeys = new Set(modes.map((m) => m.key));
    // v3 holds one mode: one option per mode, each with the notes that apply to it.
    return {
      kind: 'choose',
      reasons: [{ code: ReasonCode.modesBoth }],
      options: modes.map(({ mode, key }) => ({
        id: mode,
        body: { ...base, mode },
        // A note about the other mode's flag does not apply once that flag is dropped.
        notes: notes.filter((n) => n.code !== ReasonCode.flagBoolean || n.key === key || !modeKeys.has(n.key ?? '')),
      })),
    };
  }
  const mode = modes[0]?.mode;
  return { kind: 'migrate', body: mode === undefined ? base : { ...base, mode }, notes };
}

/**
 * A body whose flags are chosen at run time: each combination of their conditions is planned as the static body it
 * sends, by the planner above, and the results are joined. The rewrite is made only when every combination migrates
 * to the same assignee and the mode follows one condition, which the v3 body then tests once, as the old call did.
 */
/**
 * The v3 object reads the assignee before the app code and a flag's condition; the old call read the path first, and a
 * flag where it was written. An assignee value with side effects may change them in between: the call is held.
 */
function withOrderObstacle(facts: CallFacts): CallFacts {
  if (facts.body.kind !== 'object') return facts;
  const entries = facts.body.entries;
  const impure = entries.find((entry) => (entry.key === DeprecatedKey.businessUid || entry.key === DeprecatedKey.directoryUid) && !entry.pure);
  if (impure === undefined || (facts.appId.kind !== 'expression' && !entries.some((entry) => entry.branches !== undefined))) return facts;
  if (facts.obstacles.some((reason) => reason.code === ReasonCode.sideEffectsBefore)) return facts;
  return { ...facts, obstacles: [...facts.obstacles, { code: ReasonCode.sideEffectsBefore, key: impure.key }] };
}

function planBranches(facts: CallFacts, entries: readonly BodyEntryFacts[], options: PlanOptions): Plan {
  const conditional = entries.filter((entry) => entry.branches !== undefined);
  const plans: { plan: Plan; bits: boolean[] }[] = [];
  for (let combo = 0; combo < 1 << conditional.length; combo++) {
    const bits = conditional.map((_, i) => (combo & (1 << i)) !== 0);
    const fixed = entries.map((entry): BodyEntryFacts => {
      const i = conditional.indexOf(entry);
      if (i < 0 || entry.branches === undefined) return entry;
      return { key: entry.key, value: bits[i] ? entry.branches.whenTrue : entry.branches.whenFalse, pure: true };
    });
    plans.push({ plan: planMigration({ ...facts, body: { kind: 'object', entries: fixed } }, options), bits });
  }
  const reasons: Reason[] = [];
  const add = (list: readonly Reason[]) => {
    for (const reason of list) {
      if (!reasons.some((r) => r.code === reason.code && r.key === reason.key)) reasons.push(reason);
    }
  };
  // Two modes that can both be on at run time: v3 holds one, and which one is for a person to say.
  if (plans.some(({ plan }) => plan.kind === 'choose')) add([{ code: ReasonCode.modesBothConditional }]);
  for (const { plan } of plans) if (plan.kind === 'manual') add(plan.reasons);
  // Conditions that would be tested at another time, or whose side effects would be dropped.
  for (const entry of conditional) {
    if (entry.branches?.stable !== true) add([{ code: ReasonCode.flagConditionUnstable, key: entry.key }]);
  }
  if (reasons.length > 0) return { kind: 'manual', reasons };
  const migrations = plans.map(({ plan, bits }) => ({ plan: plan as Extract<Plan, { kind: 'migrate' }>, bits }));
  const first = migrations[0]!.plan;
  const sameAssignee = migrations.every(({ plan }) => plan.body.assigneeFrom === first.body.assigneeFrom &&
    plan.body.assigneeType === first.body.assigneeType);
  // Which conditions the mode follows.
  const deciding = conditional.filter((_, i) => migrations.some(({ plan, bits }) => migrations.some((other) =>
    other.plan.body.mode !== plan.body.mode && other.bits.every((bit, j) => (j === i ? bit !== bits[j] : bit === bits[j])))));
  if (!sameAssignee || deciding.length > 1) return { kind: 'manual', reasons: [{ code: ReasonCode.modesBothConditional }] };
  const notes: Reason[] = [];
  for (const { plan } of migrations) {
    for (const note of plan.notes) if (!notes.some((n) => n.code === note.code && n.key === note.key)) notes.push(note);
  }
  const { mode: _mode, ...base } = first.body;
  const decidingEntry = deciding[0];
  if (decidingEntry === undefined) return { kind: 'migrate', body: first.body, notes };
  const i = conditional.indexOf(decidingEntry);
  const modeWith = (bit: boolean) => migrations.find(({ bits }) => bits[i] === bit)?.plan.body.mode;
  const whenTrue = modeWith(true);
  const whenFalse = modeWith(false);
  return {
    kind: 'migrate',
    body: {
      ...base,
      modeWhen: { key: decidingEntry.key, ...(whenTrue === undefined ? {} : { whenTrue }), ...(whenFalse === undefined ? {} : { whenFalse }) },
    },
    notes,
  };
}

/** A dynamic flag is already a blocker of its own; do not report it twice. */
function flagStateIsSettled(entry: BodyEntryFacts): boolean {
  return entry.key === DeprecatedKey.hideFromMarket || entry.value.kind !== 'dynamic';
}

/** True when the plan is one rewrite with nothing to review: what ESLint may apply as a fix. */
export function isExact(plan: Plan): plan is Extract<Plan, { kind: 'migrate' }> {
  return plan.kind === 'migrate' && plan.notes.length === 0;
}
