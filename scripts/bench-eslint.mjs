#!/usr/bin/env node
/**
 * `pnpm bench:eslint`: on a generated tree of 2,000 realistic TypeScript files (1% of them call the deprecated
 * operation), lints with only `app-assignment/no-deprecated-assign` enabled and with no rules at all (the cost of
 * parsing alone), side by side in one run, alternating the two so that both see the same machine, and prints the
 * ratio. Target: the rule adds at most 5%.
 *
 * A third configuration enables one rule that does nothing (`create() { return {}; }`). That row is the floor any
 * rule pays, and on ESLint 10 it is well above the target: for every file, ESLint makes a fresh `FileContext` the
 * prototype of the first rule's context (`Object.create(fileContext)` in `FileContext#extend`), and V8 pays for that
 * in young-generation garbage collection (about 0.5 ms a file here; a second or third rule adds nothing more). The
 * rule's own cost is its time over that floor; both ratios are printed.
 *
 * The tree is generated in the system's temporary folder, and every timed run is checked for the work it names (files
 * linted == files generated; with the rule, findings == calls generated) before a ratio is printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import plugin from 'eslint-plugin-app-assignment';
import tseslint from 'typescript-eslint';
import { generateTree } from './lib/generate-tree.mjs';

const files = Number(process.env.BENCH_FILES ?? 2000);
const rounds = Number(process.env.BENCH_RUNS ?? 5);
const work = mkdtempSync(join(tmpdir(), 'app-assignment-bench-eslint-'));
const tree = join(work, 'tree');
const { calls } = generateTree(tree, files, 0.01, 7);
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const emptyRule = { meta: { type: 'problem', schema: [] }, create: () => ({}) };

function engine(rules) {
  return new ESLint({
    cwd: tree,
    overrideConfigFile: true,
    cache: false,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'app-assignment': plugin, floor: { rules: { empty: emptyRule } } },
        rules,
      },
    ],
  });
}

const NONE = {};
const FLOOR = { 'floor/empty': 'error' };
const RULE = { 'app-assignment/no-deprecated-assign': 'error' };

async function time(rules) {
  const start = process.hrtime.bigint();
  const results = await engine(rules).lintFiles(['src']);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const findings = results.reduce((n, r) => n + r.messages.length, 0);
  const expected = rules === RULE ? calls : 0;
  if (results.length !== files || findings !== expected) {
    console.error(`bench:eslint: ${results.length} files linted and ${findings} findings, expected ${files} and ${expected}: the run did not do the work it names`);
    process.exit(1);
  }
  return { ms, findings };
}

console.log(`tree: ${files} files, ${calls} of them call the deprecated operation (${tree})`);
await time(NONE); // warm-up: module loading and the file system cache
const none = [];
const floor = [];
const rule = [];
let findings = 0;
for (let i = 0; i < rounds; i++) {
  none.push((await time(NONE)).ms);
  floor.push((await time(FLOOR)).ms);
  const withRule = await time(RULE);
  rule.push(withRule.ms);
  findings = withRule.findings;
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const [a, f, b] = [median(none), median(floor), median(rule)];
console.log(`\nmedian of ${rounds} alternating runs:`);
console.log(`  no rules (parse cost alone)              ${a.toFixed(0).padStart(7)} ms`);
console.log(`  one empty rule (what any rule costs)      ${f.toFixed(0).padStart(7)} ms`);
console.log(`  only no-deprecated-assign                ${b.toFixed(0).padStart(7)} ms   (${findings} findings)`);
const ratio = b / a;
console.log(`\nratio rule / parse alone: ${ratio.toFixed(3)}, the rule adds ${((ratio - 1) * 100).toFixed(1)}% (target <= 5%: ${ratio <= 1.05 ? 'met' : 'NOT met'})`);
console.log(`ratio rule / empty rule: ${(b / f).toFixed(3)}, the rule's own cost over any rule's: ${((b / f - 1) * 100).toFixed(1)}%`);
console.log(`ratio empty rule / parse alone: ${(f / a).toFixed(3)}: what enabling any rule costs here`);
console.log(`  (ESLint's per-file rule context, not this rule: see the note at the top of scripts/bench-eslint.mjs)`);
