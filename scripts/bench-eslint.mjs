#!/usr/bin/env node
/**
 * `pnpm bench:eslint`: what this plugin costs in a lint that real projects run.
 *
 * The headline is ESLint's own per-rule timing (`new ESLint({ stats: true })`): the time spent in this plugin's rules
 * (their `create` and their listeners), summed over every file, as a share of the whole lint time (ESLint's per-file
 * totals: parsing, every rule, fixes), in a realistic config: `@eslint/js` recommended + typescript-eslint
 * recommended + this plugin's recommended. Target: at most 1%.
 *
 * Beside it, for context only, wall-time rows measured interleaved in one run (each round lints once with each
 * config, in turn, so that all see the same machine): no rules at all; one rule that does nothing; the plugin alone;
 * the realistic config without and with the plugin. Wall-time ratios on a shared machine swing by several percent
 * from run to run, and any one rule costs ESLint 10 a per-file context over no rules at all (the empty-rule row), so
 * those rows are not the target.
 *
 * Each round starts with another config, and with `node --expose-gc` (as `pnpm bench:eslint` runs it) every run
 * starts after a full garbage collection.
 *
 * Before it prints a figure, the bench checks that it did the work: every generated file was linted, and the plugin
 * found every deprecated call the generator wrote, in every config that enables it. Otherwise it fails loudly.
 *
 * Last, calls per file: the plugin's rules on one file of 1,000, 4,000 and 16,000 calls, each row at most 4x the one
 * before (the cost must grow with the calls, not with their square).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import js from '@eslint/js';
import { ESLint } from 'eslint';
import plugin from 'eslint-plugin-app-assignment';
import tseslint from 'typescript-eslint';
import { callsFileText, generateTree } from './lib/generate-tree.mjs';

const files = Number(process.env.BENCH_FILES ?? 2000);
const rounds = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 0.01;
// Outside the repository: its .gitignore covers .bench/, and nothing here may depend on what it ignores.
const work = mkdtempSync(join(tmpdir(), 'app-assignment-bench-eslint-'));
const tree = join(work, 'tree');
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const { calls } = generateTree(tree, files, 0.01, 7);
const PREFIX = 'app-assignment/';
if (calls === 0) {
  console.error(`bench:eslint FAILED: a tree of ${files} files holds no deprecated call (one file in 100 does): use BENCH_FILES >= 100`);
  process.exit(1);
}

const emptyRule = { meta: { type: 'problem', schema: [] }, create: () => ({}) };
const onTs = (configs) => configs.map((config) => ({ ...config, files: ['**/*.ts'] }));
const parserOnly = { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } };
const realistic = [js.configs.recommended, ...tseslint.configs.recommended];

/** The configs, by the name of their row. `plugin` says whether this plugin's rules are on. */
const CONFIGS = {
  'no rules (parsing alone)': { plugin: false, config: [parserOnly] },
  'one empty rule': { plugin: false, config: [parserOnly, { files: ['**/*.ts'], plugins: { floor: { rules: { empty: emptyRule } } }, rules: { 'floor/empty': 'error' } }] },
  'this plugin alone (recommended)': { plugin: true, config: [parserOnly, ...onTs([plugin.configs.recommended])] },
  'realistic, without this plugin': { plugin: false, config: onTs(realistic) },
  'realistic, with this plugin': { plugin: true, config: onTs([...realistic, plugin.configs.recommended]) },
};

function engine(config, stats = false) {
  return new ESLint({ cwd: tree, overrideConfigFile: true, cache: false, stats, overrideConfig: config });
}

function fail(message) {
  console.error(`bench:eslint FAILED: ${message}`);
  process.exit(1);
}

/** Checks that a run linted every file and, with the plugin on, found every generated call. */
function check(name, results, pluginOn) {
  if (results.length !== files) fail(`"${name}" linted ${results.length} files, not the ${files} generated in ${tree}`);
  const fatal = results.flatMap((r) => r.messages.filter((m) => m.fatal === true).map((m) => `${r.filePath}:${m.line} ${m.message}`));
  if (fatal.length > 0) fail(`"${name}" could not parse ${fatal.length} files, such as ${fatal[0]}`);
  const found = results.reduce((n, r) => n + r.messages.filter((m) => m.ruleId?.startsWith(PREFIX)).length, 0);
  if (pluginOn && found !== calls) fail(`"${name}" found ${found} deprecated calls, but the tree holds ${calls}`);
  if (!pluginOn && found !== 0) fail(`"${name}" should not run this plugin, yet it reported ${found} calls`);
  return found;
}

/** A full collection between runs (with node --expose-gc), so that no run pays for the garbage of the one before. */
const collect = globalThis.gc ?? (() => {});

async function wall(name) {
  const { config, plugin: pluginOn } = CONFIGS[name];
  collect();
  const start = process.hrtime.bigint();
  const results = await engine(config).lintFiles(['src']);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  check(name, results, pluginOn);
  return ms;
}

/** ESLint's own timing of one lint with the realistic config: time in this plugin's rules and in the whole lint. */
async function share() {
  const name = 'realistic, with this plugin';
  collect();
  const results = await engine(CONFIGS[name].config, true).lintFiles(['src']);
  check(`${name} (stats)`, results, true);
  let pluginMs = 0;
  let totalMs = 0;
  const byRule = new Map();
  for (const result of results) {
    if (result.stats === undefined) fail('ESLint returned no stats: this bench needs ESLint 9 or later with { stats: true }');
    for (const pass of result.stats.times.passes) {
      totalMs += pass.total;
      for (const [ruleId, { total }] of Object.entries(pass.rules ?? {})) {
        byRule.set(ruleId, (byRule.get(ruleId) ?? 0) + total);
        if (ruleId.startsWith(PREFIX)) pluginMs += total;
      }
    }
  }
  if (![...byRule.keys()].some((id) => id.startsWith(PREFIX))) fail('the stats hold no time for any app-assignment rule');
  return { pluginMs, totalMs, byRule };
}

console.log(`tree: ${files} files, ${calls} of them call the deprecated operation (${tree})`);
await wall('no rules (parsing alone)'); // warm-up: module loading and the file system cache
await share();
const names = Object.keys(CONFIGS);
const times = Object.fromEntries(names.map((name) => [name, []]));
const shares = [];
let last;
for (let i = 0; i < rounds; i++) {
  // Each round starts with another config, so that no config always follows the same one.
  for (const name of [...names.slice(i % names.length), ...names.slice(0, i % names.length)]) times[name].push(await wall(name));
  last = await share();
  shares.push(last);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const headline = median(shares.map((s) => s.pluginMs / s.totalMs));
const pluginMs = median(shares.map((s) => s.pluginMs));
const totalMs = median(shares.map((s) => s.totalMs));

console.log(`\nESLint's own per-rule timing (stats: true), realistic config (@eslint/js + typescript-eslint recommended + app-assignment recommended), median of ${rounds}:`);
console.log(`  this plugin's rules: ${pluginMs.toFixed(1)} ms of ${totalMs.toFixed(0)} ms linting ${files} files`);
console.log(`  share: ${(headline * 100).toFixed(2)}% (target <= ${(TARGET * 100).toFixed(0)}%: ${headline <= TARGET ? 'met' : 'NOT met'})`);
const top = [...last.byRule.entries()].sort((a, b) => b[1] - a[1]);
const rank = top.findIndex(([id]) => id.startsWith(PREFIX)) + 1;
console.log(`  (${top.length} rules ran; the slowest, ${top[0][0]}, took ${top[0][1].toFixed(0)} ms; app-assignment's first rule ranks ${rank} of ${top.length})`);
for (const [id, ms] of top.filter(([id]) => id.startsWith(PREFIX))) console.log(`    ${id.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms`);

console.log(`\nfor context: wall time, median of ${rounds} interleaved rounds (swings by several percent on a shared machine):`);
const base = median(times['no rules (parsing alone)']);
for (const name of names) {
  const ms = median(times[name]);
  console.log(`  ${name.padEnd(36)} ${ms.toFixed(0).padStart(7)} ms   x${(ms / base).toFixed(3)} of no rules`);
}
const without = median(times['realistic, without this plugin']);
const withPlugin = median(times['realistic, with this plugin']);
console.log(`  the plugin in the realistic config, by wall time: ${(((withPlugin - without) / without) * 100).toFixed(1)}% (noise included)`);

// The typed row: with type information (typescript-eslint's recommendedTypeChecked and this plugin's, which follows
// imports through the type checker), the share of this plugin's rules in a smaller tree, type-checked as a project.
const TYPED_TARGET = 0.02;
const typedFiles = Number(process.env.BENCH_TYPED_FILES ?? 400);
const typedTree = join(work, 'typed');
const typed = generateTree(typedTree, typedFiles, 0.01, 13);
writeFileSync(join(typedTree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: false, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', noEmit: true, skipLibCheck: true }, include: ['src'] }));
const typedConfig = [
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: ['**/*.ts'] })),
  { files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: typedTree } } },
  { ...plugin.configs.recommendedTypeChecked, files: ['**/*.ts'] },
];
collect();
const typedResults = await new ESLint({ cwd: typedTree, overrideConfigFile: true, cache: false, stats: true, overrideConfig: typedConfig }).lintFiles(['src']);
if (typedResults.length !== typedFiles) fail(`the typed run linted ${typedResults.length} files, not the ${typedFiles} generated in ${typedTree}`);
const typedFound = typedResults.reduce((n, r) => n + r.messages.filter((m) => m.ruleId === `${PREFIX}no-deprecated-assign`).length, 0);
if (typedFound !== typed.calls) fail(`the typed run found ${typedFound} deprecated calls, but the tree holds ${typed.calls}`);
let typedPlugin = 0;
let typedTotal = 0;
const typedByRule = new Map();
for (const result of typedResults) {
  for (const pass of result.stats?.times.passes ?? []) {
    typedTotal += pass.total;
    for (const [ruleId, { total }] of Object.entries(pass.rules ?? {})) {
      if (!ruleId.startsWith(PREFIX)) continue;
      typedPlugin += total;
      typedByRule.set(ruleId, (typedByRule.get(ruleId) ?? 0) + total);
    }
  }
}
const typedShare = typedPlugin / typedTotal;
console.log(`
typed: typescript-eslint recommendedTypeChecked + app-assignment recommendedTypeChecked, ${typedFiles} files (${typed.calls} calls), ESLint's own timing:`);
console.log(`  this plugin's rules: ${typedPlugin.toFixed(1)} ms of ${typedTotal.toFixed(0)} ms; share ${(typedShare * 100).toFixed(2)}% (target <= ${(TYPED_TARGET * 100).toFixed(0)}%: ${typedShare <= TYPED_TARGET ? 'met' : 'NOT met'})`);
for (const [id, ms] of [...typedByRule].sort((a, b) => b[1] - a[1])) console.log(`    ${id.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms`);

// Calls per file: the plugin alone on one file of 1,000, 4,000 and 16,000 calls. The rule's time must grow with the
// calls, not with their square: target, each row at most 4x the one before (ESLint's own timing of this plugin's
// rules; its parsing grows with the file and is not counted).
console.log('\ncalls per file: this plugin alone (recommended) on one file, ESLint\'s own timing of its rules:');
let before;
let linear = true;
for (const count of [1000, 4000, 16000]) {
  const dir = join(work, `calls-${count}`);
  mkdirSync(dir, { recursive: true });
  const generated = callsFileText(count);
  writeFileSync(join(dir, 'calls.ts'), generated.text);
  collect();
  const [result] = await new ESLint({ cwd: dir, overrideConfigFile: true, cache: false, stats: true, overrideConfig: CONFIGS['this plugin alone (recommended)'].config }).lintFiles(['calls.ts']);
  const found = result.messages.filter((m) => m.ruleId === `${PREFIX}no-deprecated-assign`).length;
  if (found !== generated.calls) fail(`the file of ${count} calls: the rule found ${found} deprecated calls, but the file holds ${generated.calls}`);
  let ruleMs = 0;
  for (const pass of result.stats?.times.passes ?? []) {
    for (const [ruleId, { total }] of Object.entries(pass.rules ?? {})) if (ruleId.startsWith(PREFIX)) ruleMs += total;
  }
  const ratio = before === undefined ? undefined : ruleMs / before;
  if (ratio !== undefined && ratio > 4) linear = false;
  console.log(`  ${`${count} calls in one file`.padEnd(36)} ${ruleMs.toFixed(0).padStart(7)} ms${ratio === undefined ? '' : `   ${ratio.toFixed(2)}x the row before (target <= 4: ${ratio <= 4 ? 'met' : 'NOT met'})`}`);
  before = ruleMs;
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = headline <= TARGET && typedShare <= TYPED_TARGET && linear ? 0 : 1;
