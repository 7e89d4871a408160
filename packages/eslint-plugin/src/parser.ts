/**
 * The parser of the plugin's recommended configs. ESLint lints only the files a config names and parses them with
 * espree unless a config sets a parser, so a config of rules alone skipped every TypeScript file. A config is one
 * object with one parser, so this one chooses per file: typescript-eslint's parser, looked up in the linted project
 * the first time a file is parsed, for every file when the project has it (as typescript-eslint's own configs do, so
 * type information reaches JavaScript files too); without it, ESLint's own espree for JavaScript files, and for
 * TypeScript files one message that says what to install. The plugin does not depend on typescript-eslint: a
 * JavaScript project installs no TypeScript.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The files the recommended configs lint, as flat-config globs: JavaScript and TypeScript. */
export const SOURCE_FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx', '**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

const TYPESCRIPT = /\.(?:ts|tsx|mts|cts)$/;

/** A parser as ESLint (9 and 10) and typescript-eslint's config types accept it. */
export type CompatibleParser = {
  meta: { name: string; version: string };
  parseForESLint(text: string, options?: unknown): { ast: unknown; scopeManager?: unknown; visitorKeys?: unknown; services?: unknown };
};

export const MISSING_PARSER =
  'eslint-plugin-app-assignment lints TypeScript files with typescript-eslint\'s parser, which this project does not have: ' +
  'install it (npm install --save-dev typescript-eslint, or @typescript-eslint/parser), or lint only JavaScript files';

/** Where the parser is looked up, in order: the user's project (the linted code's), then beside the plugin. */
const PLACES = (): string[] => [join(process.cwd(), 'package.json'), import.meta.url];

/** `typescript-eslint` re-exports the parser of its own version: the copy its configs already use, so one project service. */
const MODULES: readonly [string, (module: Record<string, unknown>) => unknown][] = [
  ['typescript-eslint', (module) => (module.default as Record<string, unknown> | undefined)?.parser ?? module.parser],
  ['@typescript-eslint/parser', (module) => module],
];

let found: CompatibleParser | null | undefined;
let espree: CompatibleParser | undefined;

function isParser(value: unknown): value is CompatibleParser {
  return typeof value === 'object' && value !== null && typeof (value as CompatibleParser).parseForESLint === 'function';
}

/** typescript-eslint's parser from the linted project or beside the plugin; null when neither has it. */
export function findTypeScriptParser(places?: readonly string[]): CompatibleParser | null {
  if (places === undefined) return found === undefined ? (found = findTypeScriptParser(PLACES())) : found;
  for (const place of places) {
    const require = createRequire(place);
    for (const [id, pick] of MODULES) {
      let module: Record<string, unknown>;
      try {
        module = require(id) as Record<string, unknown>;
      } catch {
        continue;
      }
      const parser = pick(module);
      if (isParser(parser)) return parser;
    }
  }
  return null;
}

/** ESLint's default parser, from the ESLint that runs (so its ecmaVersion is one it knows). */
function loadEspree(): CompatibleParser {
  if (espree !== undefined) return espree;
  const eslint = PLACES().map((place) => {
    try {
      return createRequire(place).resolve('eslint');
    } catch {
      return undefined;
    }
  }).find((path) => path !== undefined);
  const module = createRequire(eslint ?? import.meta.url)('espree') as { parse(text: string, options?: unknown): unknown; version: string };
  // Without a scope manager ESLint analyses the scopes itself, as it does for espree.
  return (espree = { meta: { name: 'espree', version: module.version }, parseForESLint: (text, options) => ({ ast: module.parse(text, options) }) });
}

/** The filePath ESLint passes to a parser. */
function filePathOf(options: unknown): string {
  const path = (options as { filePath?: unknown } | undefined)?.filePath;
  return typeof path === 'string' ? path : '';
}

/**
 * A parser that hands each file to typescript-eslint's parser, or, without it, JavaScript files to espree. `find`
 * looks typescript-eslint's parser up (a test passes one that finds none).
 */
export function sourceParser(version: string, find: () => CompatibleParser | null = findTypeScriptParser): CompatibleParser {
  return {
    meta: { name: 'eslint-plugin-app-assignment/parser', version },
    parseForESLint: (text, options) => {
      const typescript = find();
      if (typescript !== null) return typescript.parseForESLint(text, options);
      if (TYPESCRIPT.test(filePathOf(options))) throw new Error(MISSING_PARSER);
      return loadEspree().parseForESLint(text, options);
    },
  };
}
