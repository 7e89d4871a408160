/**
 * What core reads of a file, built from ESLint's `SourceCode`: its text, its comments (read only when a rule asks), its
 * tokens and scopes, and the options. Every rule adapts core through this one place.
 */
import type { AnalysisOptions, SourceContext } from '@app-assignment/core';
import { snapshotReader } from '@app-assignment/core/parse';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

export function sourceContextOf(
  sourceCode: Readonly<TSESLint.SourceCode>,
  options: AnalysisOptions,
  /** The file's id and facts from other files, under typed linting. */
  project: Pick<SourceContext, 'file' | 'project'> = {},
  /** The file's path, where its snapshot file may be read (`__snapshots__/<name>.snap`). */
  filename?: string,
): SourceContext {
  let comments: readonly TSESTree.Comment[] | undefined;
  return {
    text: sourceCode.text,
    get comments() {
      comments ??= sourceCode.getAllComments();
      return comments;
    },
    tokens: sourceCode.ast.tokens,
    getScope: (node) => sourceCode.getScope(node),
    options,
    ...(filename === undefined ? {} : { snapshot: snapshotReader(filename) }),
    // Spread here, not over the result: a spread would read `comments` at once.
    ...project,
  };
}
