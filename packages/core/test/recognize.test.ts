import { analyzeProgram, applyEdits, validateOptions } from '@app-assignment/core';
import { parseSource } from '@app-assignment/core/parse';
import { describe, expect, it } from 'vitest';
import { loadCases, reasonStrings, withoutTodoLines } from '../../../fixtures/load.js';

const cases = loadCases();
const positive = cases.filter((c) => c.finding !== null);
const negative = cases.filter((c) => c.finding === null);

describe('the fixture corpus', () => {
  it('has at least 40 positive and 25 negative cases', () => {
    expect(positive.length).toBeGreaterThanOrEqual(40);
    expect(negative.length).toBeGreaterThanOrEqual(25);
  });
});

describe('recognizer and planner over fixtures/', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, fixture) => {
    const { program, context } = parseSource(fixture.input, fixture.filename, validateOptions(fixture.options));
    const findings = analyzeProgram(program, context);
    if (fixture.finding === null) {
      expect(findings.map((f) => f.call.node.loc.start)).toEqual([]);
      return;
    }
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    const want = fixture.finding;
    expect({
      line: finding!.call.node.loc.start.line,
      column: finding!.call.node.loc.start.column + 1,
      outcome: finding!.outcome,
      reasons: reasonStrings(finding!.reasons),
    }).toEqual({ line: want.line, column: want.column, outcome: want.outcome, reasons: want.reasons });
    if (finding!.outcome === 'fix' || finding!.outcome === 'review') {
      expect(applyEdits(fixture.input, finding!.edits ?? [])).toBe(withoutTodoLines(fixture.output!));
    }
    if (finding!.outcome === 'choose') {
      expect(finding!.choices?.map((c) => c.id)).toEqual(want.choices);
      for (const choice of finding!.choices ?? []) {
        expect(applyEdits(fixture.input, choice.edits), choice.id).toBe(fixture.choiceOutputs[choice.id]);
      }
    }
  });
});
