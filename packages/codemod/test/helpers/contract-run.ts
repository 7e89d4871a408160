/**
 * A TypeScript program of a temporary project run in its own Node process against the contract server: its modules
 * transpiled as they are (after migration, or before), beside the sample app's installed clients, and a `main.js`
 * given the server's URL as its first argument. What the server recorded is what the program assigned.
 */
import { execFile } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import type { Assignment, ContractServer } from '@app-assignment/contract-server';
import { SAMPLE_APP } from '../../../../scripts/lib/proof.mjs';
import { makeTempDir } from '../../../../scripts/lib/temp.mjs';

const execFileAsync = promisify(execFile);

/** Runs `main` (an ES module importing `./<name>.js`) with `src/<name>.ts` of `dir` transpiled; the assignments made. */
export async function assignmentsOf(dir: string, modules: readonly string[], main: string, server: ContractServer): Promise<Assignment[]> {
  const run = makeTempDir('app-assignment-contract-run-');
  symlinkSync(join(SAMPLE_APP, 'node_modules'), join(run, 'node_modules'), 'dir');
  writeFileSync(join(run, 'package.json'), '{ "type": "module" }\n');
  for (const name of modules) {
    const source = readFileSync(join(dir, 'src', `${name}.ts`), 'utf8');
    const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
    writeFileSync(join(run, `${name}.js`), outputText);
  }
  writeFileSync(join(run, 'main.js'), main);
  server.reset();
  await execFileAsync(process.execPath, [join(run, 'main.js'), server.url]);
  return server.assignments();
}

/** What an assignment means, without the route that made it. */
export const meaning = ({ via: _via, ...rest }: Assignment) => rest;
