/**
 * `no-malformed-report-field`: the business report record shows `sms_balance` twice, the second time under the
 * malformed name `sms_balance:` (document section 2). Code that reads that key, or a type that declares it, depends on
 * a mistake of the response shape; `sms_balance` holds the same value. Suggestions only: which key a program reads is
 * what it does at run time.
 */
import { REPORT_RECORD_FIELDS, REPORT_SMS_BALANCE_MALFORMED_KEY } from '@app-assignment/core';
import { ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../create-rule.js';

export type MessageIds = 'malformedRead' | 'malformedDeclared' | 'useSmsBalance' | 'removeMalformedMember';

const MALFORMED = REPORT_SMS_BALANCE_MALFORMED_KEY;
/** The well-formed field the malformed key repeats. */
const FIELD = Object.keys(REPORT_RECORD_FIELDS).find((field) => MALFORMED.startsWith(field) && MALFORMED !== field)!;

export default createRule<[], MessageIds>({
  name: 'no-malformed-report-field',
  meta: {
    type: 'problem',
    docs: {
      description: `Disallow the malformed report key "${MALFORMED}"; read "${FIELD}"`,
    },
    hasSuggestions: true,
    messages: {
      malformedRead: `"${MALFORMED}" is the malformed duplicate of "${FIELD}" in the business report record; read "${FIELD}".`,
      malformedDeclared: `"${MALFORMED}" is the malformed duplicate of "${FIELD}" in the business report record; declare "${FIELD}".`,
      useSmsBalance: `Use "${FIELD}".`,
      removeMalformedMember: `Remove "${MALFORMED}"; the type already declares "${FIELD}".`,
    },
    schema: [],
    defaultOptions: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    // Cheap: a file that never spells the field cannot read its malformed twin.
    if (!sourceCode.text.includes(FIELD)) return {};

    const isMalformed = (node: TSESTree.Node): boolean => {
      if (node.type === 'Literal') return node.value === MALFORMED;
      const value = ASTUtils.getStaticValue(node, sourceCode.getScope(node));
      return value?.value === MALFORMED;
    };

    /** The key written the well-formed way, in the quotes the source used. */
    const wellFormed = (key: TSESTree.Node): string => {
      if (key.type === 'Literal') return `${key.raw[0]}${FIELD}${key.raw[0]}`;
      if (key.type === 'TemplateLiteral') return `\`${FIELD}\``;
      return `'${FIELD}'`;
    };

    const reportRead = (key: TSESTree.Node) => {
      context.report({
        node: key,
        messageId: 'malformedRead',
        suggest: [{ messageId: 'useSmsBalance', fix: (fixer) => fixer.replaceText(key, wellFormed(key)) }],
      });
    };

    const memberName = (member: TSESTree.TypeElement): string | undefined => {
      if (member.type !== 'TSPropertySignature' || member.computed) return undefined;
      if (member.key.type === 'Identifier') return member.key.name;
      return member.key.type === 'Literal' ? String(member.key.value) : undefined;
    };

    /** Removes a member with its line when it stands alone on it. */
    const removeMember = (member: TSESTree.Node) => (fixer: TSESLint.RuleFixer) => {
      const text = sourceCode.text;
      let start = member.range[0];
      let end = member.range[1];
      const lineStart = text.lastIndexOf('\n', start - 1) + 1;
      const after = /^[ \t]*[;,]?[ \t]*(?:\r?\n|$)/.exec(text.slice(end));
      if (/^[ \t]*$/.test(text.slice(lineStart, start)) && after !== null) {
        start = lineStart;
        end += after[0].length;
      } else {
        const separator = /^[ \t]*[;,]/.exec(text.slice(end));
        if (separator !== null) end += separator[0].length;
      }
      return fixer.removeRange([start, end]);
    };

    return {
      MemberExpression(node) {
        if (node.computed && isMalformed(node.property)) reportRead(node.property);
      },
      // const { 'sms_balance:': balance } = record
      'ObjectPattern > Property'(node: TSESTree.Property) {
        // `{ sms_balance: x }` names a key; only a literal or a computed key can spell the malformed one.
        if ((node.computed || node.key.type === 'Literal') && isMalformed(node.key)) reportRead(node.key);
      },
      // 'sms_balance:' in record
      BinaryExpression(node) {
        if (node.operator === 'in' && isMalformed(node.left)) reportRead(node.left);
      },
      // Object.hasOwn(record, 'sms_balance:'), record.hasOwnProperty('sms_balance:'), Reflect.has / Reflect.get(record, ...)
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        const owner = callee.object.type === 'Identifier' ? callee.object.name : undefined;
        const key = name === 'hasOwnProperty'
          ? node.arguments[0]
          : (name === 'hasOwn' && owner === 'Object') || ((name === 'has' || name === 'get') && owner === 'Reflect')
            ? node.arguments[1]
            : undefined;
        if (key !== undefined && key.type !== 'SpreadElement' && isMalformed(key)) reportRead(key);
      },
      TSPropertySignature(node) {
        if (node.computed || node.key.type !== 'Literal' || node.key.value !== MALFORMED) return;
        const key = node.key;
        const siblings = node.parent.type === 'TSInterfaceBody' ? node.parent.body : node.parent.type === 'TSTypeLiteral' ? node.parent.members : [];
        const declaresField = siblings.some((member) => memberName(member) === FIELD);
        context.report({
          node: key,
          messageId: 'malformedDeclared',
          suggest: declaresField
            ? [{ messageId: 'removeMalformedMember', fix: removeMember(node) }]
            : [{ messageId: 'useSmsBalance', fix: (fixer) => fixer.replaceText(key, wellFormed(key)) }],
        });
      },
    };
  },
});
