/**
 * Loads the case folders of one rule from `fixtures/rules/<rule>/`, so that adding a case is adding a folder:
 *
 *   <case>/input.<ext>          the source (`.ts`, `.tsx`, `.js`, `.mjs`, `.cjs`)
 *   <case>/case.json            { description, options?, errors: [] | [{ messageId, line, column, data?, suggestions? }] }
 *                               where each suggestion is { messageId, data?, output: "<file in the folder>" }
 *   <case>/output.<ext>         the source after `eslint --fix`, when the rule fixes it (no file: no fix)
 *   <case>/<module>.ts          other modules of the program the input imports (cases that follow imports)
 *
 * A case that also runs with type information and `followImports` (the input imports modules of its folder) says so
 * in case.json with `typed: { errors, output? }`: `errors` is then what the rule reports per file, `typed.errors` what
 * it reports following imports, and `typed.output` names the fixed source (no name: no fix).
 *
 * `ruleSuite` turns the cases into RuleTester's valid and invalid lists, each suggestion asserted with its output.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';

export const RULE_CASES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures', 'rules');

type CaseErrors = readonly {
  readonly messageId: string;
  readonly line: number;
  readonly column: number;
  readonly data?: Record<string, string>;
  readonly suggestions?: readonly { readonly messageId: string; readonly data?: Record<string, string>; readonly output: string }[];
}[];

interface CaseFile {
  readonly description: string;
  readonly options?: Record<string, unknown>;
  readonly errors: CaseErrors;
  readonly typed?: { readonly errors: CaseErrors; readonly output?: string };
}

export interface RuleCase {
  readonly name: string;
  readonly description: string;
  readonly dir: string;
  readonly ext: string;
  readonly filename: string;
  readonly code: string;
  readonly options?: Record<string, unknown>;
  readonly errors: CaseFile['errors'];
  /** The fixed source, or null when the rule must not fix. */
  readonly output: string | null;
  /** Suggestion outputs by file name. */
  readonly files: Readonly<Record<string, string>>;
  /** With type information and `followImports`: what the rule reports, and the fixed source (null: no fix). */
  readonly typed?: { readonly errors: CaseErrors; readonly output: string | null };
}

export function loadRuleCases(rule: string): RuleCase[] {
  const root = join(RULE_CASES_DIR, rule);
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => loadCase(join(root, entry.name), entry.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function loadCase(dir: string, name: string): RuleCase {
  const files = readdirSync(dir);
  const input = files.find((file) => /^input\.[cm]?[jt]sx?$/.test(file));
  if (input === undefined) throw new Error(`rule case ${name}: no input.<ext>`);
  const ext = input.slice('input.'.length);
  const raw = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { errors?: unknown };
  if (!Array.isArray(raw.errors)) throw new Error(`rule case ${name}: case.json needs "errors" ([] for a valid case)`);
  const meta = raw as CaseFile;
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const outputs: Record<string, string> = {};
  if (meta.typed !== undefined && !Array.isArray(meta.typed.errors)) throw new Error(`rule case ${name}: "typed" needs "errors"`);
  for (const error of [...meta.errors, ...(meta.typed?.errors ?? [])]) {
    for (const suggestion of error.suggestions ?? []) {
      if (!existsSync(join(dir, suggestion.output))) throw new Error(`rule case ${name}: no ${suggestion.output}`);
      outputs[suggestion.output] = read(suggestion.output);
    }
  }
  return {
    name,
    description: meta.description,
    dir,
    ext,
    filename: join(dir, input),
    code: read(input),
    ...(meta.options === undefined ? {} : { options: meta.options }),
    errors: meta.errors,
    output: existsSync(join(dir, `output.${ext}`)) ? read(`output.${ext}`) : null,
    files: outputs,
    ...(meta.typed === undefined
      ? {}
      : { typed: { errors: meta.typed.errors, output: meta.typed.output === undefined ? null : read(meta.typed.output) } }),
  };
}

/** The cases a parser can read: espree reads JavaScript only. */
export const isJavaScript = (c: RuleCase): boolean => /^(?:js|jsx|mjs|cjs)$/.test(c.ext);

/**
 * The cases as they run following imports: the typed cases, with `followImports: true` added to their options and
 * their `typed` errors and output in place of the per-file ones.
 */
export function followingImports(cases: readonly RuleCase[]): RuleCase[] {
  return cases.flatMap((c) => (c.typed === undefined
    ? []
    : [{ ...c, options: { ...c.options, followImports: true }, errors: c.typed.errors, output: c.typed.output }]));
}

/** RuleTester's valid and invalid lists for the cases; `Options` is the rule's options tuple. */
export function ruleSuite<MessageIds extends string, Options extends readonly unknown[] = []>(cases: readonly RuleCase[]): {
  valid: ValidTestCase<Options>[];
  invalid: InvalidTestCase<MessageIds, Options>[];
} {
  const options = (c: RuleCase) => (c.options === undefined ? [] : [c.options]) as unknown as Options;
  return {
    valid: cases
      .filter((c) => c.errors.length === 0)
      .map((c) => ({ name: `${c.name}: ${c.description}`, code: c.code, filename: c.filename, options: options(c) })),
    invalid: cases
      .filter((c) => c.errors.length > 0)
      .map((c) => ({
        name: `${c.name}: ${c.description}`,
        code: c.code,
        filename: c.filename,
        options: options(c),
        output: c.output,
        errors: c.errors.map((error) => ({
          messageId: error.messageId as MessageIds,
          line: error.line,
          column: error.column,
          ...(error.data === undefined ? {} : { data: error.data }),
          suggestions: (error.suggestions ?? []).map((s) => ({
            messageId: s.messageId as MessageIds,
            ...(s.data === undefined ? {} : { data: s.data }),
            output: c.files[s.output]!,
          })),
        })),
      })),
  };
}
