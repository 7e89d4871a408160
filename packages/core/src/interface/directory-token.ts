/**
 * The directory-token rules of the API document (section 4.1) that a deprecated call's body can be seen to break.
 * A caller with a directory token may assign to a directory only with `is_internal: "true"` (rule 2), and to a
 * business only with `hide_from_market: "true"` (rule 3). Rule 1 (only apps the directory owns) depends on data the
 * code does not hold. Which token a call uses cannot be seen in code, so front ends offer these checks as opt-in.
 *
 * Built on the facts `analyzeCall` already gathers (`finding.call.facts.body`): no second recognizer.
 */
import type { BodyFacts, ValueClass } from '../plan/plan.js';
import { DeprecatedKey, FLAG_ENABLED_VALUE } from '../facts/contract.js';

export interface DirectoryTokenViolation {
  /** The number of the rule in the document's list. */
  readonly rule: 2 | 3;
  readonly assignee: typeof DeprecatedKey.directoryUid | typeof DeprecatedKey.businessUid;
  /** The flag the rule requires to be "true". */
  readonly requires: typeof DeprecatedKey.isInternal | typeof DeprecatedKey.hideFromMarket;
  /** What the body holds for that flag: absent, or a value other than the string "true". */
  readonly found: 'absent' | 'other-value';
}

const RULES = [
  { rule: 2, assignee: DeprecatedKey.directoryUid, requires: DeprecatedKey.isInternal },
  { rule: 3, assignee: DeprecatedKey.businessUid, requires: DeprecatedKey.hideFromMarket },
] as const;

/**
 * The rules a body breaks. Only what is certain counts: a body that cannot be read, an assignee whose value is
 * `undefined`, or a flag computed at run time gives nothing.
 */
export function directoryTokenViolations(body: BodyFacts): DirectoryTokenViolation[] {
  if (body.kind !== 'object') return [];
  const valueOf = (key: string): ValueClass | undefined => body.entries.find((entry) => entry.key === key)?.value;
  const violations: DirectoryTokenViolation[] = [];
  for (const { rule, assignee, requires } of RULES) {
    const target = valueOf(assignee);
    if (target === undefined || target.kind === 'nullish') continue;
    const flag = valueOf(requires);
    if (flag === undefined || flag.kind === 'nullish') violations.push({ rule, assignee, requires, found: 'absent' });
    else if (flag.kind === 'dynamic') continue;
    else if (flag.kind !== 'string' || flag.value !== FLAG_ENABLED_VALUE) violations.push({ rule, assignee, requires, found: 'other-value' });
  }
  return violations;
}
