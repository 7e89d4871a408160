/**
 * Never a silent miss, in the rule as in the codemod: a request whose route is split between an API client class's
 * base URL and the call, or whose promise is only collected, is reported with the reasons the codemod's TODO gives.
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-deprecated-assign'];
const tester = new RuleTester();

const PREFIX_IN_BASE = '/platform/v1 comes from a base URL or constant that this call cannot change alone; point the call at /v3/apps/app_assignments by hand';

tester.run('no-deprecated-assign: routes completed by a base or collected', rule, {
  valid: [
    {
      name: 'a class whose base URL is another API: /apps/{id}/assign alone is not the route',
      code: `import { BaseApi } from './base-api';
export class TicketsApi extends BaseApi {
  constructor() { super('https://helpdesk.example.com/api/v2'); }
  assign(ticket: string, agent: string) { return this.request('POST', \`/apps/\${ticket}/assign\`, { agent }); }
}
`,
      filename: 'tickets.ts',
    },
    {
      name: 'a Request of the route without a method is a GET: not the request',
      code: "export const make = (code: string) => new Request(`https://h/platform/v1/apps/${code}/assign`);\n",
      filename: 'make.ts',
    },
  ],
  invalid: [
    {
      name: 'a POST Request of the route that no call is handed (returned, queued): reported where it is made, as migrate reports it',
      code: "export const make = (code: string) => new Request(`https://h/platform/v1/apps/${code}/assign`, { method: 'POST', body: '{}' });\nexport function queue(list: Request[], code: string) {\n  list.push(new Request(`https://h/platform/v1/apps/${code}/assign`, { method: 'POST', body: '{}' }));\n}\n",
      filename: 'make.ts',
      errors: [1, 3].map((line) => ({
        messageId: 'deprecatedManual' as const,
        line,
        data: { reasons: 'the request is sent through a Request object (new Request) that no call in this file is handed where it is made, which this tool does not rewrite; send it to POST /v3/apps/app_assignments by hand, with the v3 body' },
      })),
    },
    {
      name: "an inherited request helper given '/platform/v1' by the subclass's super(...)",
      code: `abstract class BaseApi {
  constructor(protected readonly baseUrl: string) {}
  protected async request(method: string, path: string, body?: unknown) {
    return fetch(this.baseUrl + path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }
}
export class AppsApi extends BaseApi {
  constructor() { super('https://api.example.com/platform/v1'); }
  assign(code: string, uid: string) { return this.request('POST', \`/apps/\${code}/assign\`, { business_uid: uid }); }
}
`,
      filename: 'apps.ts',
      options: [{ autofix: true }],
      output: null,
      errors: [{ messageId: 'deprecatedManual', line: 9, data: { reasons: PREFIX_IN_BASE } }],
    },
    {
      name: "a subclass's field override of the base URL",
      code: `abstract class BaseApi {
  protected baseUrl = 'https://api.example.com';
  protected async request(method: string, path: string, body?: unknown) {
    return fetch(this.baseUrl + path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }
}
export class AppsApi extends BaseApi {
  protected override baseUrl = 'https://api.example.com/platform/v1';
  assign(code: string, uid: string) { return this.request('POST', \`/apps/\${code}/assign\`, { business_uid: uid }); }
}
`,
      filename: 'apps.ts',
      options: [{ autofix: true }],
      output: null,
      errors: [{ messageId: 'deprecatedManual', line: 9, data: { reasons: PREFIX_IN_BASE } }],
    },
    {
      name: "NestJS: a relative post under the same file's HttpModule.register baseURL ending in /platform/v1",
      code: `import { Injectable, Module } from '@nestjs/common';
import { HttpModule, HttpService } from '@nestjs/axios';
import { firstValueFrom } from 'rxjs';
@Injectable()
export class AppsService {
  constructor(private readonly http: HttpService) {}
  async assign(code: string, uid: string) {
    return (await firstValueFrom(this.http.post(\`apps/\${code}/assign\`, { business_uid: uid }))).status;
  }
}
@Module({ imports: [HttpModule.register({ baseURL: 'https://api.example.com/platform/v1/' })], providers: [AppsService] })
export class AppsModule {}
`,
      filename: 'apps.ts',
      options: [{ autofix: true }],
      output: null,
      errors: [{
        messageId: 'deprecatedManual',
        line: 8,
        column: 34,
        data: { reasons: '/platform/v1 comes from a base URL or constant that this call cannot change alone; point the call at https://api.example.com/v3/apps/app_assignments by hand; the client this call uses is set up by HttpModule.register options of this file, which may change its URL, its method or how its body is sent; check that setup against POST /v3/apps/app_assignments, then migrate by hand' },
      }],
    },
    {
      name: 'a promise pushed to a list: the request through an unknown client is reported',
      code: `import { gateway } from './gateway';
export function all(codes: string[], uid: string) {
  const tasks: Promise<unknown>[] = [];
  for (const code of codes) tasks.push(gateway.execute({ url: \`/platform/v1/apps/\${code}/assign\`, method: 'POST', payload: { business_uid: uid } }));
  return Promise.all(tasks);
}
`,
      filename: 'all.ts',
      errors: [{
        messageId: 'deprecatedManual',
        line: 4,
        column: 40,
        data: { reasons: 'the request is sent through gateway.execute of ./gateway, which this tool does not rewrite; send it to POST /v3/apps/app_assignments by hand, with the v3 body' },
      }],
    },
  ],
});
