#!/usr/bin/env node
/**
 * `pnpm bench:codemod`: on a generated tree of 5,000 realistic TypeScript files (1% of them call the deprecated
 * operation), times `app-assignment migrate --dry` and jscodeshift running a no-op transform over the same tree,
 * side by side in one run, and prints the ratio and peak memory. Target: ratio at most 0.1.
 *
 * jscodeshift's no-op is the transform every real transform costs at least: it parses each file and prints it back
 * unchanged (`j(file.source).toSource()`). The run with a transform that does not even parse is printed too, as the
 * floor of jscodeshift's own start-up and file handling.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTree } from './lib/generate-tree.mjs';
import { measure } from './lib/measure.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = Number(process.env.BENCH_FILES ?? 5000);
const dir = join(root, '.bench', 'codemod');
const tree = join(dir, 'tree');
const { calls } = generateTree(tree, files, 0.01);

const require = createRequire(join(root, 'packages', 'codemod', 'package.json'));
const jscodeshift = join(dirname(require.resolve('jscodeshift/package.json')), 'bin', 'jscodeshift.js');
const noopParse = join(dir, 'noop-parse.cjs');
const noopEmpty = join(dir, 'noop-empty.cjs');
writeFileSync(noopParse, "module.exports = (file, api) => api.jscodeshift(file.source).toSource();\nmodule.exports.parser = 'tsx';\n");
writeFileSync(noopEmpty, 'module.exports = () => undefined;\n');
const cli = join(root, 'packages', 'codemod', 'dist', 'cli.js');

console.log(`tree: ${files} files, ${calls} of them call the deprecated operation (${tree})`);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const ours = measure('app-assignment migrate --dry', process.execPath, [cli, 'migrate', 'src', '--dry', '--json'], { cwd: tree, runs });
const parse = measure('jscodeshift, no-op transform (parse + print)', process.execPath, [jscodeshift, '--no-babel', '--silent', '--dry', '--extensions=ts', '--parser=tsx', '-t', noopParse, 'src'], { cwd: tree, runs });
const empty = measure('jscodeshift, empty transform (no parse)', process.execPath, [jscodeshift, '--no-babel', '--silent', '--dry', '--extensions=ts', '-t', noopEmpty, 'src'], { cwd: tree, runs });

const row = (m) => `${m.label.padEnd(48)} ${m.medianMs.toFixed(0).padStart(7)} ms   peak ${m.peakMb === undefined ? 'n/a' : `${m.peakMb.toFixed(0)} MB`}`;
console.log(`\nmedian of ${runs} runs each:`);
[ours, parse, empty].forEach((m) => console.log(`  ${row(m)}`));
const ratio = ours.medianMs / parse.medianMs;
console.log(`\nratio app-assignment / jscodeshift no-op: ${ratio.toFixed(3)} (target <= 0.1: ${ratio <= 0.1 ? 'met' : 'NOT met'})`);
console.log(`ratio app-assignment / jscodeshift empty transform: ${(ours.medianMs / empty.medianMs).toFixed(3)}`);
