/** The modules that are no part of the program: the test runners, the mock libraries, the HTTP clients, Node's own. */

/** Packages whose imports bring no call of the program into a file: test runners, mock libraries, HTTP clients. */
const LIBRARIES = /^(?:node:.*|vitest|@jest\/globals|jest|msw(?:\/.*)?|nock|axios-mock-adapter|fetch-mock|jest-fetch-mock|axios|got|ky|superagent|ofetch|node-fetch|undici|cross-fetch)$/;

/** Whether an import of this module brings no call of the program into a file (a test runner, a mock library, a client). */
export function isLibraryModule(specifier: string): boolean {
  return LIBRARIES.test(specifier);
}
