/**
 * RuleTester with type information on `fixtures/projects/wrapper-module`: the wrapper `assignApp` and the callers that
 * pass it the deprecated body are one group whose rewrite changes four files. Linted one file at a time, no file of
 * that group gets a fix or a suggestion (it would leave the others half migrated); each names the files to migrate
 * together. The callers in main.ts pass neither the route nor a body: the wrapper's request speaks for them.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';
import rule from '../src/rules/no-deprecated-assign.js';
import { copyProject } from '../../../scripts/lib/project-proof.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// A copy, as a user has it: the fixture's after/ tree beside it would be files that name the wrapper too.
const root = copyProject('wrapper-module', 'rule-tester') as string;
const cwd = process.cwd();
afterAll(() => {
  process.chdir(cwd);
  rmSync(root, { recursive: true, force: true });
});
const GROUP = 'src/billing/offer.ts src/internal/rollout.ts src/onboarding/preinstall.ts src/platform/assign.ts';
// RuleTester reads a filename relative to tsconfigRootDir.
const file = (rel: string) => ({ filename: rel, code: readFileSync(join(root, rel), 'utf8') });
const options = [{ followImports: true, autofix: true }] as const;

// The rule names files relative to the working directory, and reads the files beside the program below it: RuleTester
// takes the working directory it is made in.
process.chdir(root);
const ruleTester = new RuleTester({
  languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
});


ruleTester.run('no-deprecated-assign: a group that spans files', rule, {
  valid: [{ ...file('src/main.ts'), options }],
  invalid: ['src/platform/assign.ts', 'src/billing/offer.ts', 'src/internal/rollout.ts', 'src/onboarding/preinstall.ts'].map((rel) => ({
    ...file(rel),
    options,
    // No fix: the output is the input.
    output: null,
    errors: [{
      messageId: 'deprecatedGroup' as const,
      // The wrapper's request speaks for the two calls in main.ts.
      data: { files: GROUP, callers: rel === 'src/platform/assign.ts' ? ' It also speaks for 2 calls of the function that pass neither route nor body.' : '' },
      suggestions: [],
    }],
  })),
});
