/** One entry point for every mock library: is this call a mock or an assertion of the deprecated request? */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { recognizeAssertion } from './assertions.js';
import { recognizeAxiosMockAdapter } from './axios-mock-adapter.js';
import { recognizeFetchMock } from './fetch-mock.js';
import { recognizeMsw } from './msw.js';
import { recognizeNock, recognizeNockRecording } from './nock.js';
import type { MockSite } from './site.js';
import { recognizeStub } from './stub.js';

/**
 * A cheap test on a file's text, after the one for the route: can it hold a mock at all? A file that names none of the
 * libraries and asserts nothing is not walked again for mocks.
 */
export function mayContainMock(text: string): boolean {
  return /\b(?:msw|nock|axios-mock-adapter|fetch-mock|expect|stubGlobal|mockImplementation(?:Once)?)\b|\b(?:vi|jest)\.fn\b/.test(text);
}

/**
 * Text that a mock or an assertion of the request may hold where the text test for calls finds nothing: a route with
 * placeholders where the route has words (`/apps/:id/:action`), a part of the route (`/platform/v1/apps/` in a
 * `toContain`), a key of the old body (an assertion of what a mock recorded), a snapshot kept in a file (of what a mock
 * recorded, perhaps: the file is not read), a read of what a mock recorded (`fetchMock.mock.calls`, fetch-mock's
 * `callHistory`, axios-mock-adapter's `history`, msw's lifecycle events: any read but a few known to answer alike
 * holds its calls, whatever it spells), a part of the route given to a matcher of text (`stringContaining('/x/')`).
 */
export function mayMentionRequest(text: string): boolean {
  return /\/apps\/[:*{[]|platform\/v1|business_uid|directory_uid|\.toMatch(?:File|Inline)?Snapshot\(|\.mock(?:\.(?:calls|lastCall)\b|\s*;)|\bcallHistory\b|\.history\b|\blast(?:Call|Url|Options)\(|\bevents\.on\(|\bstring(?:Containing|Matching)\(/.test(text);
}

const RECOGNIZERS = [recognizeMsw, recognizeNock, recognizeNockRecording, recognizeAxiosMockAdapter, recognizeFetchMock, recognizeAssertion, recognizeStub];

export function recognizeMock(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  for (const recognize of RECOGNIZERS) {
    const found = recognize(call, ctx);
    if (found !== undefined) return found;
  }
  return undefined;
}
