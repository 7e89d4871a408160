import { describe, expect, it } from 'vitest';
import {
  type BodyEntryFacts,
  type CallFacts,
  type Plan,
  planMigration,
  ReasonCode,
  type ValueClass,
} from '@app-assignment/core';

const str = (value: string): ValueClass => ({ kind: 'string', value });
const entry = (key: string, value: ValueClass, pure = true): BodyEntryFacts => ({ key, value, pure });
const facts = (entries: BodyEntryFacts[], over: Partial<CallFacts> = {}): CallFacts => ({
  appId: { kind: 'expression', pure: true, encoded: true },
  body: { kind: 'object', entries },
  obstacles: [],
  ...over,
});
const codes = (plan: Plan): string[] =>
  plan.kind === 'manual' || plan.kind === 'choose'
    ? plan.reasons.map((r) => r.code)
    : plan.notes.map((r) => r.code);

// One named test per row of decisions.md "Migration semantics".
describe('planMigration: the rows of decisions.md', () => {
  it('path {id} becomes app_code_name (static, decoded)', () => {
    const plan = planMigration(facts([entry('business_uid', str('b1'))], { appId: { kind: 'static', value: 'my-app' } }));
    expect(plan).toEqual({
      kind: 'migrate',
      body: { assigneeType: 'business', assigneeFrom: 'business_uid', appCode: { kind: 'static', value: 'my-app' } },
      notes: [],
    });
  });

  it('business_uid becomes assignee_type business', () => {
    const plan = planMigration(facts([entry('business_uid', { kind: 'dynamic' })]));
    expect(plan.kind === 'migrate' && plan.body.assigneeType).toBe('business');
  });

  it('an assignee that may be undefined (an optional parameter) is manual: the old body may have named no assignee', () => {
    const plan = planMigration(facts([entry('business_uid', { kind: 'dynamic', mayBeAbsent: true })]));
    expect(plan.kind).toBe('manual');
    expect(codes(plan)).toEqual([ReasonCode.assigneeMayBeAbsent]);
    expect(planMigration(facts([entry('directory_uid', { kind: 'dynamic' })])).kind).toBe('migrate');
  });

  it('directory_uid becomes assignee_type directory', () => {
    const plan = planMigration(facts([entry('directory_uid', str('d1'))]));
    expect(plan.kind === 'migrate' && plan.body.assigneeType).toBe('directory');
  });

  it('both business_uid and directory_uid: manual', () => {
    const plan = planMigration(facts([entry('business_uid', str('b')), entry('directory_uid', str('d'))]));
    expect(plan).toEqual({ kind: 'manual', reasons: [{ code: ReasonCode.assigneeBoth }] });
  });

  it('neither assignee: manual', () => {
    expect(planMigration(facts([]))).toEqual({ kind: 'manual', reasons: [{ code: ReasonCode.assigneeMissing }] });
    expect(planMigration(facts([], { body: { kind: 'none' } })).kind).toBe('manual');
  });

  it('is_internal "true" becomes assignment_mode internal', () => {
    const plan = planMigration(facts([entry('directory_uid', str('d')), entry('is_internal', str('true'))]));
    expect(plan.kind === 'migrate' && plan.body.mode).toBe('internal');
  });

  it('pre_installed "true" becomes assignment_mode pre_installed', () => {
    const plan = planMigration(facts([entry('directory_uid', str('d')), entry('pre_installed', str('true'))]));
    expect(plan.kind === 'migrate' && plan.body.mode).toBe('pre_installed');
  });

  it('no flag enables a mode: settings omitted', () => {
    const plan = planMigration(facts([entry('directory_uid', str('d'))]));
    expect(plan.kind === 'migrate' && 'mode' in plan.body).toBe(false);
  });

  it('is_internal and pre_installed both "true": one choice per mode', () => {
    const plan = planMigration(
      facts([entry('directory_uid', str('d')), entry('is_internal', str('true')), entry('pre_installed', str('true'))]),
    );
    expect(plan.kind).toBe('choose');
    expect(plan.kind === 'choose' && plan.options.map((o) => [o.id, o.body.mode])).toEqual([
      ['internal', 'internal'],
      ['pre_installed', 'pre_installed'],
    ]);
    expect(codes(plan)).toEqual([ReasonCode.modesBoth]);
  });

  it('a flag with any other static string does not enable and is dropped', () => {
    for (const value of ['false', '', 'TRUE', 'yes']) {
      const plan = planMigration(facts([entry('directory_uid', str('d')), entry('is_internal', str(value))]));
      expect(plan, value).toMatchObject({ kind: 'migrate', notes: [] });
      expect(plan.kind === 'migrate' && plan.body.mode, value).toBeUndefined();
    }
  });

  it('a flag with boolean true migrates as enabling, with a note to review', () => {
    const plan = planMigration(facts([entry('directory_uid', str('d')), entry('pre_installed', { kind: 'boolean', value: true })]));
    expect(plan).toMatchObject({ kind: 'migrate', body: { mode: 'pre_installed' }, notes: [{ code: ReasonCode.flagBoolean, key: 'pre_installed' }] });
  });

  it('a flag whose value is not static: manual', () => {
    const plan = planMigration(facts([entry('directory_uid', str('d')), entry('is_internal', { kind: 'dynamic' }, false)]));
    expect(plan).toEqual({ kind: 'manual', reasons: [{ code: ReasonCode.flagDynamic, key: 'is_internal' }] });
  });

  it('built_in whose value is not static: manual, named as built_in that may be "true" (it has no mode to set)', () => {
    const plan = planMigration(facts([entry('directory_uid', str('d')), entry('built_in', { kind: 'dynamic' }, false)]));
    expect(plan).toEqual({ kind: 'manual', reasons: [{ code: ReasonCode.builtInMayBeTrue, key: 'built_in' }] });
  });

  it('built_in "true": by default the call stays, with the reason', () => {
    const plan = planMigration(facts([entry('directory_uid', str('d')), entry('built_in', str('true'))]));
    expect(plan).toEqual({ kind: 'manual', reasons: [{ code: ReasonCode.builtInUnsupported, key: 'built_in' }] });
  });

  it('built_in "true" with builtIn "drop": the rest migrates, with a note', () => {
    const plan = planMigration(
      facts([entry('directory_uid', str('d')), entry('is_internal', str('true')), entry('built_in', str('true'))]),
      { builtIn: 'drop' },
    );
    expect(plan).toMatchObject({ kind: 'migrate', body: { mode: 'internal' }, notes: [{ code: ReasonCode.builtInDropped }] });
  });

  it('directory flags together with business_uid: manual', () => {
    for (const key of ['is_internal', 'pre_installed', 'built_in']) {
      const plan = planMigration(facts([entry('business_uid', str('b')), entry(key, str('true'))]));
      expect(plan, key).toEqual({ kind: 'manual', reasons: [{ code: ReasonCode.flagWithBusiness, key }] });
    }
  });

  it('hide_from_market is dropped with a note', () => {
    const plan = planMigration(facts([entry('business_uid', str('b')), entry('hide_from_market', str('true'))]));
    expect(plan).toMatchObject({ kind: 'migrate', notes: [{ code: ReasonCode.hideFromMarketDropped }] });
  });

  it('unknown keys: manual, one reason per key', () => {
    const plan = planMigration(facts([entry('business_uid', str('b')), entry('note', str('x')), entry('role', str('y'))]));
    expect(plan).toEqual({
      kind: 'manual',
      reasons: [
        { code: ReasonCode.unknownKey, key: 'note' },
        { code: ReasonCode.unknownKey, key: 'role' },
      ],
    });
  });

  it.each([ReasonCode.bodySpread, ReasonCode.bodyMutated, ReasonCode.bodyFormEncoded, ReasonCode.bodyDynamic, ReasonCode.bodyComputedKey, ReasonCode.bodyDuplicateKey] as const)(
    'a body that cannot be read (%s): manual',
    (reason) => {
      expect(planMigration(facts([], { body: { kind: 'unreadable', reason } }))).toEqual({ kind: 'manual', reasons: [{ code: reason }] });
    },
  );

  it('numeric app id in the path: manual, reported as a bug', () => {
    const plan = planMigration(facts([entry('business_uid', str('b'))], { appId: { kind: 'static', value: '4021' } }));
    expect(plan).toEqual({ kind: 'manual', reasons: [{ code: ReasonCode.appIdNumeric }] });
  });

  it('an app id expression with side effects would move: manual', () => {
    const plan = planMigration(facts([entry('business_uid', str('b'))], { appId: { kind: 'expression', pure: false, encoded: false } }));
    expect(codes(plan)).toEqual([ReasonCode.appIdSideEffects]);
  });

  it('obstacles found by the recognizer come first and make the call manual', () => {
    const plan = planMigration(
      facts([entry('business_uid', str('b')), entry('directory_uid', str('d'))], { obstacles: [{ code: ReasonCode.urlPrefixInBase }] }),
    );
    expect(codes(plan)).toEqual([ReasonCode.urlPrefixInBase, ReasonCode.assigneeBoth]);
  });

  it('a dropped value with side effects: manual', () => {
    const plan = planMigration(facts([entry('business_uid', str('b')), entry('hide_from_market', { kind: 'dynamic' }, false)]));
    expect(codes(plan)).toEqual([ReasonCode.sideEffects]);
  });
});

// The full cross product: {business_uid, directory_uid} presence x each flag's value class. The expectation is an
// independent restatement of decisions.md, not a call of the planner.
type Cls = 'absent' | 'true' | 'other' | 'bool' | 'dynamic';
const CLASSES: Cls[] = ['absent', 'true', 'other', 'bool', 'dynamic'];
const ASSIGNEES = [[], ['business_uid'], ['directory_uid'], ['business_uid', 'directory_uid']] as const;
const FLAGS = ['is_internal', 'pre_installed', 'built_in'] as const;

function valueOf(cls: Cls): ValueClass {
  switch (cls) {
    case 'true':
      return str('true');
    case 'other':
      return str('false');
    case 'bool':
      return { kind: 'boolean', value: true };
    case 'dynamic':
      return { kind: 'dynamic' };
    case 'absent':
      throw new Error('absent has no value');
  }
}

function expected(assignees: readonly string[], flags: Record<(typeof FLAGS)[number], Cls>, builtIn: 'keep' | 'drop') {
  const enabling = (c: Cls) => c === 'true' || c === 'bool';
  const reasons: string[] = [];
  if (assignees.length === 2) reasons.push(ReasonCode.assigneeBoth);
  if (assignees.length === 0) reasons.push(ReasonCode.assigneeMissing);
  const business = assignees.length === 1 && assignees[0] === 'business_uid';
  const notes: string[] = [];
  let modes = 0;
  for (const flag of FLAGS) {
    const c = flags[flag];
    if (c === 'dynamic') reasons.push(flag === 'built_in' ? ReasonCode.builtInMayBeTrue : ReasonCode.flagDynamic);
    else if (enabling(c) && business) reasons.push(ReasonCode.flagWithBusiness);
    else if (enabling(c)) {
      if (c === 'bool') notes.push(ReasonCode.flagBoolean);
      if (flag === 'built_in') {
        if (builtIn === 'keep') reasons.push(ReasonCode.builtInUnsupported);
        else notes.push(ReasonCode.builtInDropped);
      } else modes++;
    }
  }
  if (reasons.length > 0) return { kind: 'manual', codes: reasons };
  if (modes === 2) return { kind: 'choose', codes: [ReasonCode.modesBoth] };
  return { kind: 'migrate', codes: notes, mode: modes };
}

describe('planMigration: the full cross product', () => {
  const cases: { name: string; assignees: readonly string[]; flags: Record<(typeof FLAGS)[number], Cls>; builtIn: 'keep' | 'drop' }[] = [];
  for (const assignees of ASSIGNEES) {
    for (const a of CLASSES) for (const b of CLASSES) for (const c of CLASSES) {
      for (const builtIn of ['keep', 'drop'] as const) {
        cases.push({
          name: `${assignees.join('+') || 'no assignee'}; is_internal ${a}, pre_installed ${b}, built_in ${c}; builtIn ${builtIn}`,
          assignees,
          flags: { is_internal: a, pre_installed: b, built_in: c },
          builtIn,
        });
      }
    }
  }
  it('covers every combination', () => expect(cases).toHaveLength(4 * 125 * 2));

  it.each(cases)('$name', ({ assignees, flags, builtIn }) => {
    const entries = [
      ...assignees.map((key) => entry(key, str(`${key}-1`))),
      ...FLAGS.filter((f) => flags[f] !== 'absent').map((f) => entry(f, valueOf(flags[f]), flags[f] !== 'dynamic')),
    ];
    const plan = planMigration(facts(entries), { builtIn });
    const want = expected(assignees, flags, builtIn);
    expect(plan.kind).toBe(want.kind);
    expect(codes(plan)).toEqual(want.codes);
    if (plan.kind === 'migrate') {
      expect(plan.body.assigneeFrom).toBe(assignees[0]);
      expect(plan.body.mode === undefined ? 0 : 1).toBe(want.mode);
      const on = (c: Cls) => c === 'true' || c === 'bool';
      if (plan.body.mode === 'internal') expect(on(flags.is_internal)).toBe(true);
      if (plan.body.mode === 'pre_installed') expect(on(flags.pre_installed)).toBe(true);
    }
  });
});
