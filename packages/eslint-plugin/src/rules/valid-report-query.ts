/**
 * `valid-report-query`: calls of the partner business report, `GET {base}/v1/partners/reports/business`, that the
 * service refuses or answers for another address: an Authorization header not in the form
 * `Token token="<API_KEY>"` (a fix when the key is visible), an e-mail put into the URL unencoded (suggestions:
 * `encodeURIComponent`, or `URLSearchParams`), another method than GET, a body.
 *
 * Recognition and checks live in core (`recognizeReportQuery`, `checkReportQuery`); the rule adapts them to ESLint.
 */
import {
  checkReportQuery,
  mayContainReportQuery,
  PARTNER_REPORT,
  recognizeReportQuery,
  type ReportQueryProblem,
  DEFAULT_ANALYSIS_OPTIONS,
} from '@app-assignment/core';
import { ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../create-rule.js';
import { sourceContextOf } from '../source-context.js';

export type MessageIds =
  | 'authorizationMissing'
  | 'authorizationForm'
  | 'emailRaw'
  | 'encodeEmail'
  | 'useUrlSearchParams'
  | 'useQueryOption'
  | 'wrongMethod'
  | 'bodyNotAllowed';

const QUERY = `${PARTNER_REPORT.method} ${PARTNER_REPORT.path}`;
const TOKEN_FORM = 'Authorization: Token token="<API_KEY>"';

const FOUND: Record<Extract<ReportQueryProblem, { kind: 'authorization-form' }>['found'], string> = {
  bearer: 'a Bearer token',
  'token-without-param': '`Token <key>` without `token=`',
  other: 'this value',
};

export default createRule<[], MessageIds>({
  name: 'valid-report-query',
  meta: {
    type: 'problem',
    docs: {
      description: `Require the partner report query (${QUERY}) to send the Token authorization, an encoded e-mail, GET and no body`,
    },
    fixable: 'code',
    hasSuggestions: true,
    messages: {
      authorizationMissing: `${QUERY} sends no Authorization header; the report takes ${TOKEN_FORM}.`,
      authorizationForm: `${QUERY} takes ${TOKEN_FORM}, not {{found}}.`,
      emailRaw: `The e-mail goes into the URL unencoded: an address with "+" or "&" reaches the service as another address.`,
      encodeEmail: 'Encode the e-mail with encodeURIComponent(...).',
      useUrlSearchParams: 'Build the query with URLSearchParams.',
      useQueryOption: "Pass the e-mail in the client's `{{option}}` option.",
      wrongMethod: `The partner report is read with ${PARTNER_REPORT.method}, not {{method}}.`,
      bodyNotAllowed: `${QUERY} takes no request body.`,
    },
    schema: [],
    defaultOptions: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    if (!mayContainReportQuery(sourceCode.text)) return {};
    const ctx = sourceContextOf(sourceCode, DEFAULT_ANALYSIS_OPTIONS);
    const hasComment = (node: TSESTree.Node) =>
      ctx.comments.some((comment) => comment.range[0] >= node.range[0] && comment.range[1] <= node.range[1]);

    /** The header value in the Token form, keeping the key as it is written. */
    const tokenForm = (key: TSESTree.Node | string): string =>
      typeof key === 'string' ? `'Token token="${key}"'` : `\`Token token="\${${sourceCode.getText(key)}}"\``;

    /** A global the suggestion would call, unless the file declares its own under that name. */
    const isGlobal = (node: TSESTree.Node, name: string) =>
      (ASTUtils.findVariable(sourceCode.getScope(node), name)?.defs.length ?? 0) === 0;

    const report = (call: TSESTree.CallExpression, problem: ReportQueryProblem) => {
      switch (problem.kind) {
        case 'method':
          context.report({ node: call, messageId: 'wrongMethod', data: { method: problem.method } });
          return;
        case 'body':
          context.report({ node: problem.node, messageId: 'bodyNotAllowed' });
          return;
        case 'authorization-missing':
          context.report({ node: call, messageId: 'authorizationMissing' });
          return;
        case 'authorization-form': {
          const { node, replacement } = problem;
          const fix = replacement === undefined || hasComment(node)
            ? null
            : (fixer: TSESLint.RuleFixer) => fixer.replaceText(node, tokenForm(replacement.key));
          context.report({ node, messageId: 'authorizationForm', data: { found: FOUND[problem.found] }, fix });
          return;
        }
        case 'email-raw': {
          const { node, param, queryOption } = problem;
          const text = sourceCode.getText(node);
          const suggest: TSESLint.SuggestionReportDescriptor<MessageIds>[] = [];
          if (isGlobal(node, 'encodeURIComponent')) {
            suggest.push({ messageId: 'encodeEmail', fix: (fixer) => fixer.replaceText(node, `encodeURIComponent(${text})`) });
          }
          if (param !== undefined && isGlobal(node, 'URLSearchParams')) {
            suggest.push({
              messageId: 'useUrlSearchParams',
              fix: (fixer) =>
                fixer.replaceTextRange([param.range[0], param.range[1]], `\${new URLSearchParams({ ${PARTNER_REPORT.emailParam}: ${text} })}`),
            });
          }
          const first = queryOption?.options?.properties[0];
          const between = first === undefined ? '' : sourceCode.text.slice(queryOption!.options!.range[0] + 1, first.range[0]);
          // A comment between the brace and the first option would be copied: no suggestion then.
          if (queryOption !== undefined && param !== undefined && !/\S/.test(between)) {
            const { key, options, url } = queryOption;
            const entry = `${key}: { ${PARTNER_REPORT.emailParam}: ${text} }`;
            suggest.push({
              messageId: 'useQueryOption',
              data: { option: key },
              fix: (fixer) => {
                // `?email=${value}` leaves the URL; the option carries it.
                const fixes = [fixer.removeRange([param.range[0] - 1, param.range[1]])];
                if (options === undefined) fixes.push(fixer.insertTextAfter(url, `, { ${entry} }`));
                else if (options.properties.length === 0) fixes.push(fixer.replaceText(options, `{ ${entry} }`));
                else fixes.push(fixer.insertTextBefore(options.properties[0]!, `${entry},${between}`));
                return fixes;
              },
            });
          }
          context.report({ node, messageId: 'emailRaw', suggest });
          return;
        }
      }
    };

    return {
      CallExpression(node) {
        const call = recognizeReportQuery(node, ctx);
        if (call === undefined) return;
        for (const problem of checkReportQuery(call.facts)) report(node, problem);
      },
    };
  },
});
