/**
 * `directory-token-assign` (opt-in): deprecated assignment calls that break the directory-token rules of the API
 * document (section 4.1). With a directory token, an assignment to a directory needs `is_internal: "true"` (rule 2)
 * and an assignment to a business needs `hide_from_market: "true"` (rule 3). Which token a call sends cannot be seen
 * in code, so the rule is in no default config: enable it (`configs['directory-token']`) for code that calls the
 * platform with a directory token. No fix: what the body should say is for the caller to decide.
 *
 * Built on core's analysis of the deprecated call (`analyzeCall`), so it finds exactly the calls
 * `no-deprecated-assign` finds, and reads the same body facts.
 */
import {
  analyzeCall,
  type AnalysisOptions,
  type ClientConfig,
  directoryTokenViolations,
  mayContainAssignCall,
  OPTIONS_SCHEMA_PROPERTIES,
  type RouteConfig,
} from '@app-assignment/core';
import type { JSONSchema } from '@typescript-eslint/utils';
import { createRule } from '../create-rule.js';
import { sourceContextOf } from '../source-context.js';

export interface RuleOptions {
  clients?: ClientConfig[];
  routes?: RouteConfig[];
}

export type MessageIds = 'directoryWithoutInternal' | 'businessWithoutHideFromMarket';

const FOUND = { absent: 'does not set it', 'other-value': 'sets it to another value' } as const;

export default createRule<[RuleOptions], MessageIds>({
  name: 'directory-token-assign',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require deprecated assignments made with a directory token to follow the rules of the API document (section 4.1)',
    },
    messages: {
      directoryWithoutInternal:
        'With a directory token, an assignment to a directory needs is_internal: "true" (API document 4.1, rule 2); this body {{found}}.',
      businessWithoutHideFromMarket:
        'With a directory token, an assignment to a business needs hide_from_market: "true" (API document 4.1, rule 3); this body {{found}}.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          // The same shapes as no-deprecated-assign's options, so both rules find the same calls.
          clients: OPTIONS_SCHEMA_PROPERTIES.clients as unknown as JSONSchema.JSONSchema4,
          routes: OPTIONS_SCHEMA_PROPERTIES.routes as unknown as JSONSchema.JSONSchema4,
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ clients: [], routes: [] }],
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const analysis: AnalysisOptions = { builtIn: 'keep', clients: options.clients ?? [], routes: options.routes ?? [] };
    if (!mayContainAssignCall(sourceCode.text, analysis)) return {};
    const ctx = sourceContextOf(sourceCode, analysis);
    return {
      CallExpression(node) {
        const finding = analyzeCall(node, ctx);
        if (finding === undefined) return;
        for (const violation of directoryTokenViolations(finding.call.facts.body)) {
          context.report({
            node: finding.call.node,
            messageId: violation.rule === 2 ? 'directoryWithoutInternal' : 'businessWithoutHideFromMarket',
            data: { found: FOUND[violation.found] },
          });
        }
      },
    };
  },
});
