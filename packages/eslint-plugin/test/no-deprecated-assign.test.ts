import { validateOptions } from '@app-assignment/core';
import { RuleTester, type InvalidTestCase, type ValidTestCase } from '@typescript-eslint/rule-tester';
import * as espree from 'espree';
import { afterAll, describe, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';
import { type FixtureCase, loadCases, withoutTodoLines } from '../../../fixtures/load.js';
import type { MessageIds, RuleOptions } from '../src/rules/no-deprecated-assign.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-deprecated-assign'];
const cases = loadCases();

const MESSAGE: Record<string, MessageIds> = {
  fix: 'deprecated',
  review: 'deprecatedReview',
  choose: 'deprecatedChoose',
  manual: 'deprecatedManual',
};

function optionsOf(fixture: FixtureCase, autofix: boolean): [RuleOptions] {
  const { builtIn, clients, routes } = validateOptions(fixture.options);
  return [{ autofix, builtIn, clients: [...clients], routes: [...routes] }];
}

function toValid(fixture: FixtureCase): ValidTestCase<[RuleOptions]> {
  return { name: fixture.name, code: fixture.input, filename: fixture.filename, options: optionsOf(fixture, false) };
}

/** The invalid case for one fixture: error, message, position, suggestions with their outputs, and the fix. */
function toInvalid(fixture: FixtureCase, autofix: boolean): InvalidTestCase<MessageIds, [RuleOptions]> {
  const want = fixture.finding!;
  const migrated = withoutTodoLines(fixture.output!);
  let suggestions: InvalidTestCase<MessageIds, [RuleOptions]>['errors'][number]['suggestions'] = [];
  if (want.outcome === 'fix' && !autofix) suggestions = [{ messageId: 'migrate', output: migrated }];
  if (want.outcome === 'review') suggestions = [{ messageId: 'migrateReview', output: migrated }];
  if (want.outcome === 'choose') {
    suggestions = (want.choices ?? []).map((mode) => ({
      messageId: 'migrateWithMode' as const,
      data: { mode },
      output: fixture.choiceOutputs[mode]!,
    }));
  }
  const fixes = want.outcome === 'fix' && autofix;
  return {
    name: `${fixture.name}${autofix ? ' (autofix)' : ''}`,
    code: fixture.input,
    filename: fixture.filename,
    options: optionsOf(fixture, autofix),
    errors: [{ messageId: MESSAGE[want.outcome]!, line: want.line, column: want.column, suggestions }],
    output: fixes ? migrated : null,
  };
}

function suite(fixtures: FixtureCase[]) {
  return {
    valid: fixtures.filter((f) => f.finding === null).map(toValid),
    invalid: fixtures
      .filter((f) => f.finding !== null)
      .flatMap((f) => (f.finding!.outcome === 'fix' ? [toInvalid(f, false), toInvalid(f, true)] : [toInvalid(f, false)])),
  };
}

describe('with @typescript-eslint/parser (every case)', () => {
  const ruleTester = new RuleTester({
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  });
  ruleTester.run('no-deprecated-assign', rule, suite(cases));
});

describe('with the default espree parser (JavaScript cases)', () => {
  const js = cases.filter((c) => /^(?:js|jsx|mjs)$/.test(c.ext));
  const cjs = cases.filter((c) => c.ext === 'cjs');
  const base = { parser: espree, ecmaVersion: 'latest' as const, parserOptions: { ecmaFeatures: { jsx: true } } };
  new RuleTester({ languageOptions: { ...base, sourceType: 'module' } }).run('no-deprecated-assign', rule, suite(js));
  new RuleTester({ languageOptions: { ...base, sourceType: 'commonjs' } }).run('no-deprecated-assign (CommonJS)', rule, suite(cjs));
});
