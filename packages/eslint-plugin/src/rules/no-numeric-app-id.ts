/**
 * `no-numeric-app-id` (type-checked): the `{id}` of the deprecated path and the `app_code_name` of a v3 body take the
 * app's code name (document sections 2 and 4.1); the numeric `app_id` is not accepted there. An expression typed
 * `number`, or read from an `app_id` / `appId` property, is a bug today and stays one after the migration. The
 * assign rule's planner already refuses such a call; this rule says why, at the expression.
 *
 * Core finds the expressions (`appIdSitesOf`); the type checker says whether one is a number.
 */
import { appIdSitesOf, mayContainAppIdSite, numericIdPropertyOf, DEFAULT_ANALYSIS_OPTIONS } from '@app-assignment/core';
import { ESLintUtils } from '@typescript-eslint/utils';
import { createRule } from '../create-rule.js';
import { sourceContextOf } from '../source-context.js';

export type MessageIds = 'numericType' | 'numericProperty';

const WHERE = {
  path: 'the {id} of /platform/v1/apps/{id}/assign',
  body: 'app_code_name of POST /v3/apps/app_assignments',
} as const;

export default createRule<[], MessageIds>({
  name: 'no-numeric-app-id',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow a numeric app id where the API takes the app code name',
      requiresTypeChecking: true,
    },
    messages: {
      numericType: '{{where}} takes the app code name, but this value is typed {{type}}: a numeric app id is not accepted there.',
      numericProperty: '{{where}} takes the app code name, but this value is read from `{{property}}`, the numeric app id.',
    },
    schema: [],
    defaultOptions: [],
  },
  create(context) {
    // Throws ESLint's own message ("You have used a rule which requires type information...") without a program.
    const services = ESLintUtils.getParserServices(context);
    const sourceCode = context.sourceCode;
    if (!mayContainAppIdSite(sourceCode.text)) return {};
    const checker = services.program.getTypeChecker();
    const numberType = checker.getNumberType();
    const anyOrNever = checker.getAnyType().flags | checker.getNeverType().flags;
    const ctx = sourceContextOf(sourceCode, DEFAULT_ANALYSIS_OPTIONS);

    return {
      CallExpression(node) {
        for (const site of appIdSitesOf(node, ctx)) {
          const where = WHERE[site.where];
          const property = numericIdPropertyOf(site.node, ctx);
          if (property !== undefined) {
            context.report({ node: site.node, messageId: 'numericProperty', data: { where, property } });
            continue;
          }
          const type = services.getTypeAtLocation(site.node);
          // `any` and `never` are assignable to number too; they say nothing about the value.
          if ((type.flags & anyOrNever) === 0 && checker.isTypeAssignableTo(type, numberType)) {
            context.report({ node: site.node, messageId: 'numericType', data: { where, type: checker.typeToString(type) } });
          }
        }
      },
    };
  },
});
