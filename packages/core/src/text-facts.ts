/**
 * Facts about a whole file that every call of the file asks for (its line ending, whether a pattern occurs in it,
 * its quote style): computed once per file rather than once per call, so that a file's cost grows with its calls,
 * not with their square (a generated file of thousands of calls).
 */
import type { TSESTree } from '@typescript-eslint/types';

/**
 * The last few texts asked about, each with its facts. Texts are keyed by the string itself: the analysis passes one
 * string object around for a file, so a lookup costs one hash, computed once per string. A handful of texts is
 * enough (one file, and the few files a followed call reads); the oldest is dropped first, so memory stays bounded in
 * a long ESLint process.
 */
const MAX_TEXTS = 16;
const byText = new Map<string, Map<unknown, unknown>>();

function factsOf(text: string): Map<unknown, unknown> {
  let facts = byText.get(text);
  if (facts === undefined) {
    if (byText.size >= MAX_TEXTS) byText.delete(byText.keys().next().value!);
    facts = new Map();
    byText.set(text, facts);
  }
  return facts;
}

/** Whether `pattern` (without the `g` or `y` flag, whose `test` keeps state) matches somewhere in `text`. */
export function textMatches(text: string, pattern: RegExp): boolean {
  const facts = factsOf(text);
  let found = facts.get(pattern) as boolean | undefined;
  if (found === undefined) {
    found = pattern.test(text);
    facts.set(pattern, found);
  }
  return found;
}

const CRLF = /\r\n/;

/** The file's line ending: CRLF when any line ends so, else LF. */
export function lineEndingOf(text: string): '\r\n' | '\n' {
  return textMatches(text, CRLF) ? '\r\n' : '\n';
}

/** How many string literals of a file open with each quote. */
export interface QuoteCounts {
  readonly single: number;
  readonly double: number;
}

const quotesOfTokens = new WeakMap<readonly TSESTree.Token[], QuoteCounts>();
const quotesOfPrograms = new WeakMap<TSESTree.Node, QuoteCounts>();

/**
 * The quotes of a file's strings: from its String tokens when the parser gave tokens, else from the string literals of
 * the program that holds `node` (a parser without tokens, such as oxc: the same strings, as every String token is a
 * string Literal, apart from JSX attribute values, which are JSXText tokens).
 */
export function fileQuotes(node: TSESTree.Node, tokens: readonly TSESTree.Token[] | undefined): QuoteCounts {
  if (tokens !== undefined) {
    let counts = quotesOfTokens.get(tokens);
    if (counts === undefined) {
      counts = countQuotes(tokens.filter((token) => token.type === 'String').map((token) => token.value));
      quotesOfTokens.set(tokens, counts);
    }
    return counts;
  }
  let root: TSESTree.Node = node;
  while (root.parent !== undefined) root = root.parent;
  let counts = quotesOfPrograms.get(root);
  if (counts === undefined) {
    counts = countQuotes(stringLiterals(root));
    quotesOfPrograms.set(root, counts);
  }
  return counts;
}

function countQuotes(raws: readonly string[]): QuoteCounts {
  let single = 0;
  let double = 0;
  for (const raw of raws) {
    if (raw.startsWith('"')) double++;
    else if (raw.startsWith("'")) single++;
  }
  return { single, double };
}

/** The raw text of every string literal under `root`, JSX attribute values left out. */
function stringLiterals(root: TSESTree.Node): string[] {
  const found: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    if (record.type === 'Literal' && typeof record.value === 'string') found.push(record.raw as string);
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'comments' || key === 'tokens') continue;
      if (key === 'value' && record.type === 'JSXAttribute') continue;
      stack.push(record[key]);
    }
  }
  return found;
}
