/**
 * A route builder that is a class whose method composes another (`this.routes.assign(code)`): linted file by file, the
 * rule reports the call with the reason every shared builder has, as `migrate --no-project` leaves its TODO; whether a
 * subclass, a spy or a mock elsewhere replaces a method cannot be seen from one file. (Typed linting reads it as project
 * mode does: fixtures/projects/class-route-builder, in typed-projects.test.ts.)
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';
import { describeReasons, ReasonCode } from '@app-assignment/core';
import plugin from 'eslint-plugin-app-assignment';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-deprecated-assign'];
const tester = new RuleTester();

const routes = (modifier: string) => `import axios from 'axios';

class Routes {
  constructor(${modifier}readonly base: string) {}

  app(code: string) {
    return \`\${this.base}/platform/v1/apps/\${code}\`;
  }

  assign(code: string) {
    return \`\${this.app(code)}/assign\`;
  }
}

export class AppsService {
  private readonly routes = new Routes('https://api.example.com');

  preInstall(code: string, dir: string) {
    return axios.post(this.routes.assign(code), { directory_uid: dir, pre_installed: 'true' });
  }
}
`;

tester.run('no-deprecated-assign: a class route builder, file by file', rule, {
  valid: [],
  invalid: [
    ...['', 'private '].map((modifier) => ({
      name: `assign() through app() and this.base (${modifier === '' ? 'a public' : 'a private'} field), in a field set once: read as a shared URL builder, never missed`,
      code: routes(modifier),
      filename: 'apps.ts',
      options: [{ autofix: true }] as [{ autofix: boolean }],
      output: null,
      errors: [{ messageId: 'deprecatedManual' as const, line: 19, column: 12, data: { reasons: describeReasons([{ code: ReasonCode.urlBuiltByFunction }]) } }],
    })),
  ],
});
