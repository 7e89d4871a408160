/**
 * Mocks in the codemod: each file's mocks are found by core, and settled against the calls of the run once their
 * outcomes are known (core's settleMocks). Read file by file, a mock can be decided only when its file shows every
 * call it can stand for (it exports nothing and imports no module of the program); otherwise it gets a TODO.
 */
import {
  analyzeMocks,
  applyMockDecision,
  callRecordOf,
  callsKeptByMocks,
  type Finding,
  type KnownReach,
  mayContainMock,
  type MockFinding,
  mockFactsOf,
  type Reach,
  type Reason,
  settleMocks,
  showsAllItsCalls,
  type SourceContext,
} from '@app-assignment/core';
import type { TSESTree } from '@typescript-eslint/types';
import type { SiteReport } from './results.js';

/**
 * The mocks of one file read alone, settled against the file's own calls (`sites`: what became of each). `unseen`: the
 * file stands for calls it does not show, though it imports none (a setup file a test runner loads before every test).
 */
export function fileMocks(
  program: TSESTree.Program,
  context: SourceContext,
  findings: readonly Finding[],
  sites: readonly SiteReport[],
  unseen = false,
  /** A mock of the v3 route that the runner's setup files install before the file's tests, if any. */
  v3Before?: string,
  /** An override the runner's setup files install that may read the body and fall through, if any. */
  bodyReader?: string,
): MockFinding[] {
  if (!mayContainMock(context.text)) return [];
  const mocks = analyzeMocks(program, context);
  if (mocks.length === 0) return [];
  const here = '';
  const reach: Reach = () => (!unseen && showsAllItsCalls(program) ? new Set([here]) : 'unknown');
  const calls = findings.map((finding, index) => callRecordOf(finding, sites[index]?.migrated === true, here));
  const decisions = settleMocks(mocks.map((mock) => mockFactsOf(mock, here)), calls, reach);
  return mocks.map((mock, index) => applyMockDecision(mock, decisions[index]!, v3Before, bodyReader));
}

/**
 * The mocks of many files, settled against the calls of all of them, with reachability from the project; and the
 * migrated calls that a mock which cannot follow keeps on the deprecated route (`kept`, with the reason that names it).
 */
export function projectMocks(
  mocksByFile: ReadonlyMap<string, readonly MockFinding[]>,
  callsByFile: ReadonlyMap<string, { readonly findings: readonly Finding[]; readonly sites: readonly SiteReport[] }>,
  reach: Reach,
  /** How a call's TODO names a mock's file (relative to the project's root). */
  display: (file: string) => string = (file) => file,
  /** Where a handler of the v3 route is in a file (`v3HandlerIn`), if any. */
  v3HandlerOf: (file: string) => string | undefined = () => undefined,
  /** The part of an unknown reach that is known (project mode). */
  known?: KnownReach,
  /** Whether the run writes a file (not one read only for a group that reaches outside the paths given). */
  written: (file: string) => boolean = () => true,
  /** The modules a test runner loads before the tests of a file (its setup files and what they import). */
  runnerSetup: (file: string) => Iterable<string> = () => [],
  /** Where an override in a file reads the body and may fall through (`bodyReadingOverrideIn`), if any. */
  bodyReaderOf: (file: string) => string | undefined = () => undefined,
  /**
   * A setup list of the runner's config above a file that cannot be read (`unreadSetupPlace`): the modules loaded
   * before its tests are unknown, and may install a mock of the v3 route or an override that reads the body.
   */
  unreadSetupOf: (file: string) => string | undefined = () => undefined,
): { settled: Map<string, MockFinding[]>; kept: Map<Finding, Reason> } {
  const entries = [...callsByFile].flatMap(([file, { findings, sites }]) => findings.map((finding, index) => ({ finding, migrated: sites[index]?.migrated === true, file })));
  const calls = entries.map(({ finding, migrated, file }) => {
    const record = callRecordOf(finding, migrated, file);
    return written(file) ? record : { ...record, unwritten: true as const };
  });
  const all = [...mocksByFile].flatMap(([file, mocks]) => mocks.map((mock) => ({ file, mock })));
  const facts = all.map(({ file, mock }) => mockFactsOf(mock, file, display(file)));
  const decisions = settleMocks(facts, calls, reach, known);
  const settled = new Map<string, MockFinding[]>();
  // A handler of the v3 route in another module the tests reach (the handlers a server spreads, the test that spreads
  // a shared module's handlers) answers next to a rewritten one, as one in the mock's own file does.
  // A runner's setup file installs its mocks before every test, whether or not a test imports it.
  const v3Elsewhere = (file: string): string | undefined => {
    const files = reach(file);
    for (const other of new Set([...(files === 'unknown' ? [] : files), ...runnerSetup(file)])) {
      const place = other === file ? undefined : v3HandlerOf(other);
      if (place !== undefined) return place;
    }
    return unreadSetupOf(file);
  };
  // An override that reads the body and falls through, in a test or setup file the mock's tests load (or its own),
  // runs before the handler: a body read added to the handler would fail.
  const bodyReadBefore = (file: string): string | undefined => {
    const files = reach(file);
    for (const other of new Set([file, ...(files === 'unknown' ? [] : files), ...runnerSetup(file)])) {
      const place = bodyReaderOf(other);
      if (place !== undefined) return place;
    }
    return unreadSetupOf(file);
  };
  const final = all.map(({ file, mock }, index) => {
    const decision = decisions[index]!;
    const follows = decision.kind === 'follow' || decision.followsAlone === true;
    const reader = follows && mock.outcome !== 'manual' && mock.mock.addsBodyRead !== undefined ? bodyReadBefore(file) : undefined;
    return applyMockDecision(mock, decision, follows ? v3Elsewhere(file) : undefined, reader);
  });
  all.forEach(({ file }, index) => settled.set(file, [...(settled.get(file) ?? []), final[index]!]));
  const kept = new Map<Finding, Reason>();
  for (const [index, reason] of callsKeptByMocks(facts, final, calls, reach, known)) kept.set(entries[index]!.finding, reason);
  return { settled, kept };
}

