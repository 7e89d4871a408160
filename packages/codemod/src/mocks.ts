/**
 * Mocks in the codemod: each file's mocks are found by core, and settled against the calls of the run once their
 * outcomes are known (core's settleMocks). Read file by file, a mock can be decided only when its file shows every
 * call it can stand for (it exports nothing and imports no module of the program); otherwise it gets a TODO.
 */
import {
  analyzeMocks,
  applyMockDecision,
  callRecordOf,
  type Finding,
  mayContainMock,
  type MockFinding,
  mockFactsOf,
  type Reach,
  settleMocks,
  showsAllItsCalls,
  type SourceContext,
} from '@app-assignment/core';
import type { TSESTree } from '@typescript-eslint/types';
import type { SiteReport } from './migrate.js';

/** The mocks of one file read alone, settled against the file's own calls (`sites`: what became of each). */
export function fileMocks(program: TSESTree.Program, context: SourceContext, findings: readonly Finding[], sites: readonly SiteReport[]): MockFinding[] {
  if (!mayContainMock(context.text)) return [];
  const mocks = analyzeMocks(program, context);
  if (mocks.length === 0) return [];
  const here = '';
  const reach: Reach = () => (showsAllItsCalls(program) ? new Set([here]) : 'unknown');
  const calls = findings.map((finding, index) => callRecordOf(finding, sites[index]?.migrated === true, here));
  const decisions = settleMocks(mocks.map((mock) => mockFactsOf(mock, here)), calls, reach);
  return mocks.map((mock, index) => applyMockDecision(mock, decisions[index]!));
}

/** The mocks of many files, settled against the calls of all of them, with reachability from the project. */
export function projectMocks(
  mocksByFile: ReadonlyMap<string, readonly MockFinding[]>,
  callsByFile: ReadonlyMap<string, { readonly findings: readonly Finding[]; readonly sites: readonly SiteReport[] }>,
  reach: Reach,
): Map<string, MockFinding[]> {
  const calls = [...callsByFile].flatMap(([file, { findings, sites }]) =>
    findings.map((finding, index) => callRecordOf(finding, sites[index]?.migrated === true, file)));
  const all = [...mocksByFile].flatMap(([file, mocks]) => mocks.map((mock) => ({ file, mock })));
  const decisions = settleMocks(all.map(({ file, mock }) => mockFactsOf(mock, file)), calls, reach);
  const settled = new Map<string, MockFinding[]>();
  all.forEach(({ file, mock }, index) => settled.set(file, [...(settled.get(file) ?? []), applyMockDecision(mock, decisions[index]!)]));
  return settled;
}
