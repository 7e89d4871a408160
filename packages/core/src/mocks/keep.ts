/**
 * A call and the tests' mocks that stand for it are one group: a call that could be migrated stays on the deprecated
 * route, with a TODO that names the mock, when a mock that stands for it cannot follow it to v3; the mock's TODO names
 * the call. Otherwise the run would leave a test that mocks the old route while its code sends v3, and the test fails.
 * This module decides it for the findings of one file read alone (the codemod's file mode, the ESLint rule); a project
 * run decides it over all its files with the same functions (`callsKeptByMocks`), reach from the import graph.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Finding } from '../analysis/analyze.js';
import type { SourceContext } from '../facts/context.js';
import { sharingCode } from '../merge/groups.js';
import type { Reason } from '../facts/reasons.js';
import { analyzeMocks, type MockFinding } from './plan.js';
import { mayContainMock } from './recognize.js';
import { applyMockDecision, callRecordOf, callsKeptByMocks, type KnownReach, mockFactsOf, type Reach, settleMocks, showsAllItsCalls } from './settle.js';

/** Whether a finding would be rewritten. */
const migrates = (finding: Finding): boolean => finding.outcome === 'fix' || finding.outcome === 'review';

/**
 * The findings of one file (settled), with every call that a mock of the same file cannot follow held back, and every
 * call that shares code with it (a wrapper goes with all its callers). Read alone, a file shows the calls its mocks
 * stand for only when it exports nothing and imports no module of the program (`showsAllItsCalls`); otherwise its
 * mocks say `mock-calls-unseen`, and they still stand for the calls of their own file, whatever else their tests load:
 * those stay with them (`unseen: 'own-calls'`, as the CLI's file mode keeps them). A caller that decides the rest with
 * the whole program (the rule's typed path) keeps there only the calls of mocks held for reasons of their own
 * (`unseen: 'held-mocks'`), as project mode keeps them.
 */
export function keepCallsForMocks(
  program: TSESTree.Program,
  ctx: SourceContext,
  findings: readonly Finding[],
  /** A mock of the v3 route that modules loaded before the file's tests install (a runner's setup files), if any. */
  v3Before?: string,
  /** An override those modules install that may read the body and fall through (`bodyReaderBeforeTests`), if any. */
  bodyReader?: string,
  unseen: 'own-calls' | 'held-mocks' = 'own-calls',
): Finding[] {
  if (ctx.options.tests === 'ignore' || findings.length === 0 || !mayContainMock(ctx.text)) return [...findings];
  const shows = showsAllItsCalls(program);
  // Decided with the whole program, a mock that could follow may well follow: only one held for reasons of its own
  // certainly keeps the calls of its file.
  const mocks = analyzeMocks(program, ctx).filter((mock) => shows || unseen === 'own-calls' || mock.outcome === 'manual');
  if (mocks.length === 0) return [...findings];
  const here = '';
  const reach: Reach = () => (shows ? new Set([here]) : 'unknown');
  // The file's own calls, which its mocks certainly stand for.
  const known: KnownReach | undefined = shows ? undefined : () => ({ files: new Set([here]) });
  let current = [...findings];
  // Each round holds more calls (never fewer), so it ends: at most once per call.
  for (let round = 0; round <= findings.length; round++) {
    const kept = keptOnce(mocks, current, here, reach, v3Before, bodyReader, known);
    if (kept.size === 0) return current;
    current = holdBack(current, kept);
  }
  return current;
}

/** One round: the calls the mocks of one file keep, by finding. */
function keptOnce(mocks: readonly MockFinding[], findings: readonly Finding[], file: string, reach: Reach, v3Before?: string, bodyReader?: string, known?: KnownReach): Map<Finding, Reason> {
  const calls = findings.map((finding) => callRecordOf(finding, migrates(finding), file));
  const facts = mocks.map((mock) => mockFactsOf(mock, file));
  const decisions = settleMocks(facts, calls, reach, known);
  const settled = mocks.map((mock, index) => applyMockDecision(mock, decisions[index]!, v3Before, bodyReader));
  const kept = new Map<Finding, Reason>();
  for (const [index, reason] of callsKeptByMocks(facts, settled, calls, reach, known)) kept.set(findings[index]!, reason);
  return kept;
}

/**
 * The findings with each kept call, and each call that shares code with one (a wrapper with its callers), made manual
 * with the reason that names the mock.
 */
export function holdBack(findings: readonly Finding[], kept: ReadonlyMap<Finding, Reason>): Finding[] {
  const reasonOf = new Map(kept);
  for (const [seed, reason] of kept) {
    for (const member of sharingCode(new Set([seed]), findings)) if (!reasonOf.has(member) && migrates(member)) reasonOf.set(member, reason);
  }
  const held = (finding: Finding) => reasonOf.has(finding) && migrates(finding);
  return findings.map((finding) => {
    const reason = reasonOf.get(finding);
    if (reason === undefined || !migrates(finding)) return finding;
    const { edits: _edits, choices: _choices, repeatsWrapper: _repeats, ...rest } = finding;
    // A wrapper's caller kept with the wrapper's own request: the comment there speaks for it.
    const request = finding.call.caller === true ? finding.call.via.at(-1)?.node : undefined;
    const withWrapper = request !== undefined && findings.some((other) => other.call.node === request && held(other));
    return { ...rest, outcome: 'manual', reasons: [reason], ...(withWrapper ? { repeatsWrapper: true as const } : {}) };
  });
}

