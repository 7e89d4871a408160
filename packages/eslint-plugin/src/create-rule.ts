/** Every rule of the plugin is made here, so each carries the URL of its documentation. */
import { ESLintUtils } from '@typescript-eslint/utils';

export const REPOSITORY = 'https://github.com/app-assignment/app-assignment';

export const createRule = ESLintUtils.RuleCreator(
  (name) => `${REPOSITORY}/blob/main/packages/eslint-plugin/docs/rules/${name}.md`,
);
