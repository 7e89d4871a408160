/** Every rule of the plugin is made here, so each carries the URL of its documentation. */
import { ESLintUtils } from '@typescript-eslint/utils';

export const REPOSITORY = 'https://github.com/app-assignment/app-assignment';

/** What a rule's `meta.docs` may say besides its description and URL. */
export interface PluginDocs {
  /** The rule reads types: it runs only with `parserOptions.projectService` or `project`. */
  requiresTypeChecking?: boolean;
}

export const createRule = ESLintUtils.RuleCreator<PluginDocs>(
  (name) => `${REPOSITORY}/blob/main/packages/eslint-plugin/docs/rules/${name}.md`,
);
