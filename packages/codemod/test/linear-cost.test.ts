/**
 * What makes a file of thousands of calls cost in proportion to its calls (facts about the whole file computed once,
 * edits indexed by position and applied in one pass) must give exactly what the call-by-call computation gave. The
 * speed itself is measured by `pnpm bench:codemod` (its calls-per-file rows), never timed here.
 */
import { applyEdits, type TextEdit } from '@app-assignment/core';
import { migrateText } from '@app-assignment/codemod';
import { describe, expect, it } from 'vitest';
import { callsFileText } from '../../../scripts/lib/generate-tree.mjs';
import { EditIndex } from '../src/edit-index.js';

/** A deterministic generator, so that a failing case can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
}

/** The edits applied one at a time from the end of the text backwards: how applyEdits has always read them. */
function oneByOne(text: string, edits: readonly TextEdit[]): string {
  const order = edits.map((edit, index) => ({ edit, index }));
  order.sort((x, y) =>
    y.edit.range[0] - x.edit.range[0] ||
    Number(x.edit.range[1] === x.edit.range[0]) - Number(y.edit.range[1] === y.edit.range[0]) ||
    y.index - x.index);
  let out = text;
  for (const { edit } of order) out = out.slice(0, edit.range[0]) + edit.text + out.slice(edit.range[1]);
  return out;
}

/** Non-overlapping replacements and insertions over a text of `length`, several insertions sharing an offset. */
function randomEdits(rand: () => number, length: number, count: number): TextEdit[] {
  const edits: TextEdit[] = [];
  let at = 0;
  for (let i = 0; i < count && at < length; i++) {
    const start = at + Math.floor(rand() * 20);
    if (start > length) break;
    if (rand() < 0.4) {
      for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) edits.push({ range: [start, start], text: `<${i}.${k}>` });
      at = start;
    } else {
      const end = Math.min(length, start + 1 + Math.floor(rand() * 30));
      edits.push({ range: [start, end], text: `[${i}]` });
      at = end;
    }
  }
  // Given in any order, as findings hand them over.
  return edits.map((edit) => ({ edit, key: rand() })).sort((a, b) => a.key - b.key).map(({ edit }) => edit);
}

describe('applyEdits in one pass', () => {
  it('gives what edits applied one at a time give, for random sets of replacements and insertions', () => {
    const rand = random(24);
    const text = Array.from({ length: 3000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    for (let round = 0; round < 200; round++) {
      const edits = randomEdits(rand, text.length, 1 + Math.floor(rand() * 150));
      expect(applyEdits(text, edits)).toBe(oneByOne(text, edits));
    }
  });

  it('keeps the result overlapping edits always had', () => {
    const edits: TextEdit[] = [{ range: [1, 4], text: 'X' }, { range: [2, 6], text: 'Y' }, { range: [3, 3], text: '+' }];
    expect(applyEdits('abcdefgh', edits)).toBe(oneByOne('abcdefgh', edits));
  });
});

describe('EditIndex', () => {
  const overlaps = (a: TextEdit, b: TextEdit) => a.range[0] < b.range[1] && b.range[0] < a.range[1];

  it('answers overlaps, encloses and has as a comparison with every edit would, across bucket edges', () => {
    const rand = random(7);
    for (let round = 0; round < 50; round++) {
      const index = new EditIndex();
      const added: TextEdit[] = [];
      for (let i = 0; i < 200; i++) {
        const start = Math.floor(rand() * 20_000);
        // Short spans, insertions, and now and then one that spans several buckets.
        const width = rand() < 0.2 ? 0 : rand() < 0.05 ? Math.floor(rand() * 5000) : Math.floor(rand() * 200);
        const edit: TextEdit = { range: [start, start + width], text: String(Math.floor(rand() * 3)) };
        expect(index.overlaps(edit)).toBe(added.some((other) => overlaps(edit, other)));
        expect(index.encloses(start)).toBe(added.some((other) => other.range[0] < start && start < other.range[1]));
        expect(index.has(edit)).toBe(added.some((o) => o.range[0] === start && o.range[1] === edit.range[1] && o.text === edit.text));
        index.add(edit);
        added.push(edit);
      }
      expect(index.edits).toEqual(added);
    }
  });
});

describe('a file of many calls', () => {
  /** The calls of callsFileText: one function each, after a header of an import and a base const. */
  function functionsOf(text: string): { header: string; functions: string[] } {
    const [header, ...functions] = text.split(/(?=\nexport async function)/);
    return { header: header!, functions };
  }

  it.each([
    ['single', (text: string) => text],
    ['double', (text: string) => text.replaceAll("'", '"')],
  ] as const)('is migrated as each of its calls is migrated alone, in the file\'s %s quotes', (quote, written) => {
    const { text: generated, calls, exact } = callsFileText(400);
    const text = written(generated);
    const whole = migrateText(text, 'calls.ts');
    expect(whole.sites).toHaveLength(calls);
    expect(whole.sites.filter((site) => site.migrated)).toHaveLength(exact);
    const { header, functions } = functionsOf(text);
    const alone = functions.map((fn) => functionsOf(migrateText(header + fn, 'calls.ts').output).functions.join(''));
    expect(whole.output).toBe(header + alone.join(''));
    // The bodies hold no string: the new literals take the quotes of the file's own strings.
    const q = quote === 'single' ? "'" : '"';
    expect(whole.output.split(`assignee_type: ${q}business${q}`)).toHaveLength(exact + 1);
  });

  it('numbers the TODOs of calls that share one statement the same way, however many calls follow', () => {
    const shared = "import axios from 'axios';\nexport async function both(code: string, uid: string) {\n" +
      "  await Promise.all([axios.post(`/platform/v1/apps/${code}/assign`, { directory_uid: uid, built_in: 'true' }), " +
      "axios.post(`/platform/v1/apps/${code}/assign`, { business_uid: uid, built_in: 'true' })]);\n}\n";
    const alone = migrateText(shared, 'calls.ts').output;
    expect(alone).toContain('call 1 of 2 in this statement');
    expect(alone).toContain('call 2 of 2 in this statement');
    const { functions } = functionsOf(callsFileText(300).text);
    const many = migrateText(shared + functions.join(''), 'calls.ts').output;
    expect(many.startsWith(alone)).toBe(true);
  });
});
