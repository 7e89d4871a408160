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

/** One module: a class builder the exact reading does not follow, and a client that posts to what it builds. */
const unread = (routes: string, make: string, url: string, extra = '') => `import axios from 'axios';

${routes}

export class AppsService {
  private readonly routes = ${make};${extra}

  offer(code: string, uid: string) {
    return axios.post(${url}, { business_uid: uid });
  }
}
`;

const METHODS = 'class Routes {\n  constructor(readonly base: string) {}\n  app(c: string) {\n    return `${this.base}/platform/v1/apps/${c}`;\n  }\n  assign(c: string) {\n    return `${this.app(c)}/assign`;\n  }\n}';

tester.run('no-deprecated-assign: a class route builder the exact reading does not follow, file by file', rule, {
  valid: [],
  invalid: [
    ['arrow functions kept in fields', unread('class Routes {\n  constructor(readonly base: string) {}\n  app = (c: string) => `${this.base}/platform/v1/apps/${c}`;\n  assign = (c: string) => `${this.app(c)}/assign`;\n}', "new Routes('https://api.example.com')", 'this.routes.assign(code)')],
    ["a route completed by a parameter's default", unread(METHODS.replace('app(c: string) {\n    return `${this.base}/platform/v1/apps/${c}`;', "app(c: string, version = 'v1') {\n    return `${this.base}/platform/${version}/apps/${c}`;"), "new Routes('https://api.example.com')", 'this.routes.assign(code)')],
    ['a member bound in a field', unread(METHODS, "new Routes('https://api.example.com')", 'this.assignUrl(code)', '\n  private readonly assignUrl = this.routes.assign.bind(this.routes);')],
    ['a template a getter returns, changed at the call', unread(METHODS.replace('assign(c: string) {\n    return `${this.app(c)}/assign`;', "get assignTemplate() {\n    return `${this.app(':code')}/assign`;"), "new Routes('https://api.example.com')", "this.routes.assignTemplate.replace(':code', code)")],
    ['an instance of a subclass that inherits the method', unread(`${METHODS}\n\nclass EuRoutes extends Routes {}`, "new EuRoutes('https://api.example.com')", 'this.routes.assign(code)')],
    ['a frozen instance', unread(METHODS, "Object.freeze(new Routes('https://api.example.com'))", 'this.routes.assign(code)')],
    ['an instance in a Proxy', unread(METHODS, "new Proxy(new Routes('https://api.example.com'), {})", 'this.routes.assign(code)')],
  ].map(([name, code]) => ({
    name: `${name}: reported (url-builder-unread), never missed`,
    code: code!,
    filename: 'apps.ts',
    output: null,
    errors: [{ messageId: 'deprecatedManual' as const, line: code!.split('\n').findIndex((text) => text.includes('axios.post(')) + 1 }],
  })),
});
