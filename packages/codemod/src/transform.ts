/**
 * The `assign-to-v3` jscodeshift transform:
 *
 *   jscodeshift -t node_modules/@app-assignment/codemod/dist/transform-entry.cjs --parser tsx src/
 *
 * It parses each file itself with the grammar its extension calls for (so `--parser` does not matter) and returns
 * the text with only the migrated calls and TODO lines changed. Options: `--builtIn=drop`, `--config=<file.json>`.
 */
import type { AnalysisOptions } from '@app-assignment/core';
import { loadOptions } from './config.js';
import { migrateText } from './migrate.js';
import { parserInUse } from './parse.js';

export interface FileInfo {
  readonly path: string;
  readonly source: string;
}

/** Options as jscodeshift passes them (`--builtIn=drop` arrives as `{ builtIn: 'drop' }`). */
export type TransformOptions = Readonly<Record<string, unknown>>;

const cache = new Map<string, AnalysisOptions>();

export function optionsFrom(raw: TransformOptions): AnalysisOptions {
  const config = typeof raw.config === 'string' ? raw.config : undefined;
  const builtIn = raw.builtIn ?? raw.builtin;
  const key = JSON.stringify([config, builtIn]);
  let options = cache.get(key);
  if (options === undefined) {
    options = loadOptions(config, builtIn);
    cache.set(key, options);
  }
  return options;
}

/** Returns the new text, or undefined when the file has nothing to migrate (jscodeshift counts it as skipped). */
export default function transform(file: FileInfo, _api: unknown, options: TransformOptions = {}): string | undefined {
  const result = migrateText(file.source, file.path, optionsFrom(options));
  warnOnce();
  return result.changed ? result.output : undefined;
}

let warned = false;

/** Where oxc-parser did not load, says so once per process (jscodeshift runs one per worker). */
function warnOnce(): void {
  const warning = parserInUse()?.warning;
  if (warning === undefined || warned) return;
  warned = true;
  process.stderr.write(`${warning}\n`);
}

export const parser = 'tsx';
