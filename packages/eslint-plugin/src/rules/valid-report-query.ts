/**
 * `valid-report-query`: calls of the partner business report, `GET {base}/v1/partners/reports/business`, that the
 * service refuses or answers for another address: an Authorization header not in the form
 * `Token token="<API_KEY>"` (a fix when the key is visible), an e-mail put into the URL unencoded (suggestions:
 * `encodeURIComponent`, or `URLSearchParams`), another method than GET, a body.
 *
 * Recognition and checks live in core (`recognizeReportQuery`, `checkReportQuery`); the rule adapts them to ESLint.
 * With `followImports` and type information, imports of the program's own modules are followed as the assign rule
 * follows them (`typed-project.ts`); a problem whose value is written in another module is reported at the call, with
 * the place of that value, and never fixed from here.
 */
import {
  checkReportQuery,
  mayContainReportQuery,
  PARTNER_REPORT,
  placeOf,
  recognizeReportQuery,
  type ReportQueryProblem,
  DEFAULT_ANALYSIS_OPTIONS,
  type SourceContext,
} from '@app-assignment/core';
import { ASTUtils, ESLintUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../create-rule.js';
import { sourceContextOf } from '../source-context.js';
import { type TypedProject, typedProject } from '../typed-project.js';

export interface RuleOptions {
  /** Follow imports of the program's own modules through the type checker (needs type information). */
  followImports?: boolean;
}

export type MessageIds =
  | 'authorizationMissing'
  | 'authorizationForm'
  | 'authorizationFormAt'
  | 'emailRaw'
  | 'emailRawAt'
  | 'encodeEmail'
  | 'useUrlSearchParams'
  | 'useQueryOption'
  | 'wrongMethod'
  | 'bodyNotAllowed'
  | 'bodyNotAllowedAt';

const QUERY = `${PARTNER_REPORT.method} ${PARTNER_REPORT.path}`;
const TOKEN_FORM = 'Authorization: Token token="<API_KEY>"';

const FOUND: Record<Extract<ReportQueryProblem, { kind: 'authorization-form' }>['found'], string> = {
  bearer: 'a Bearer token',
  'token-without-param': '`Token <key>` without `token=`',
  other: 'this value',
};

export default createRule<[RuleOptions], MessageIds>({
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
      authorizationFormAt: `${QUERY} takes ${TOKEN_FORM}, not {{found}}: the Authorization header this call sends is set {{place}}.`,
      emailRaw: `The e-mail goes into the URL unencoded: an address with "+" or "&" reaches the service as another address.`,
      emailRawAt: `The e-mail goes into the URL unencoded {{place}}: an address with "+" or "&" reaches the service as another address.`,
      encodeEmail: 'Encode the e-mail with encodeURIComponent(...).',
      useUrlSearchParams: 'Build the query with URLSearchParams.',
      useQueryOption: "Pass the e-mail in the client's `{{option}}` option.",
      wrongMethod: `The partner report is read with ${PARTNER_REPORT.method}, not {{method}}.`,
      bodyNotAllowed: `${QUERY} takes no request body.`,
      bodyNotAllowedAt: `${QUERY} takes no request body; this call sends the one set {{place}}.`,
    },
    schema: [
      {
        type: 'object',
        properties: {
          followImports: {
            type: 'boolean',
            description:
              "Follow imports of the program's own modules through the type checker, so that an imported instance (its base URL and default headers), header const, base URL const or URL builder is read as `no-deprecated-assign` reads it. Needs type information (`parserOptions.projectService`); on in `recommendedTypeChecked`.",
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ followImports: false }],
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    // A file that never spells the path costs one substring test. Following imports, a file that only calls what
    // another module of the program spells the path in (a URL builder, a URL const) is one too: the checker is asked
    // only then.
    const spells = mayContainReportQuery(sourceCode.text);
    let project: TypedProject | undefined;
    if (options.followImports === true) {
      project = typedProject(ESLintUtils.getParserServices(context).program, context.cwd, DEFAULT_ANALYSIS_OPTIONS);
      if (!spells && !project.mayReach(context.filename, 'report')) return {};
    } else if (!spells) {
      return {};
    }
    const ctx = sourceContextOf(
      sourceCode,
      DEFAULT_ANALYSIS_OPTIONS,
      project === undefined ? {} : { file: project.idOf(context.filename), project: project.facts },
    );
    /** A value written in this file (at the call, or in a function of this file), which a fix here can edit. */
    const isHere = (at: SourceContext) => at.file === ctx.file && at.text === ctx.text;
    // A value in a URL builder or a shared const of this file is the same node for each call that reaches it.
    const reported = new Set<string>();
    const reportOnce = (descriptor: TSESLint.ReportDescriptor<MessageIds> & { node: TSESTree.Node }) => {
      const key = `${descriptor.node.range[0]}:${descriptor.node.range[1]}:${descriptor.messageId}`;
      if (reported.has(key)) return;
      reported.add(key);
      context.report(descriptor);
    };
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
          if (isHere(problem.ctx)) reportOnce({ node: problem.node, messageId: 'bodyNotAllowed' });
          else context.report({ node: call, messageId: 'bodyNotAllowedAt', data: { place: placeOf(problem.node, problem.ctx) } });
          return;
        case 'authorization-missing':
          context.report({ node: call, messageId: 'authorizationMissing' });
          return;
        case 'authorization-form': {
          const { node, replacement } = problem;
          const found = FOUND[problem.found];
          if (!isHere(problem.ctx)) {
            context.report({ node: call, messageId: 'authorizationFormAt', data: { found, place: placeOf(node, problem.ctx) } });
            return;
          }
          const fix = replacement === undefined || hasComment(node)
            ? null
            : (fixer: TSESLint.RuleFixer) => fixer.replaceText(node, tokenForm(replacement.key));
          reportOnce({ node, messageId: 'authorizationForm', data: { found }, fix });
          return;
        }
        case 'email-raw': {
          const { node, param, queryOption } = problem;
          if (!isHere(problem.ctx)) {
            context.report({ node: call, messageId: 'emailRawAt', data: { place: placeOf(node, problem.ctx) } });
            return;
          }
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
          reportOnce({ node, messageId: 'emailRaw', suggest });
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
