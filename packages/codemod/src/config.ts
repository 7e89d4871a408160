/** The options of one run, from a `--config` JSON file and a `--builtin` override; the CLI and the transform share it. */
import { readFileSync } from 'node:fs';
import { type AnalysisOptions, validateOptions } from '@app-assignment/core';

/** Throws an Error that names the file (or the option) and what is wrong with it. */
export function loadOptions(configPath: string | undefined, builtIn: unknown): AnalysisOptions {
  let fromFile: Record<string, unknown> = {};
  if (configPath !== undefined) {
    try {
      fromFile = JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`--config ${configPath}: ${(error as Error).message}`, { cause: error });
    }
  }
  return validateOptions(builtIn === undefined ? fromFile : { ...fromFile, builtIn }, configPath ?? 'options');
}
