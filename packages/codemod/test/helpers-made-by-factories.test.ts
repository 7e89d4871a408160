/**
 * A sending helper that is a method of an object a factory call returned (`client = createClient(); client.send(…)`,
 * `send = createClient().send`) or a class method its constructor rebinds (`this.send = this.send.bind(this)`, then
 * `send = api.send`), in another module: the code that runs is the factory's closure or the call's value, which may
 * cache by the URL (one request for two apps once the route names none). A project run holds each call naming the
 * factory; read file by file, the imported helper is not read. A method of a plain object of the module still migrates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateIn, projectTrees } from './helpers/project-tree.js';

interface Report {
  files: { path: string; sites: { line: number; outcome: string; migrated: boolean; reasons: { code: string; key?: string }[] }[] }[];
}

const trees = projectTrees();
afterAll(() => trees.removeAll());

const CLIENT = `export function createClient() {
  const cache = new Map<string, Promise<Response>>();
  return {
    send(url: string, init: RequestInit): Promise<Response> {
      let p = cache.get(url);
      if (!p) { p = fetch(url, init); cache.set(url, p); }
      return p;
    },
  };
}
export const send2 = createClient().send;
export const client3 = createClient();
class Api {
  private cache = new Map<string, Promise<Response>>();
  constructor() { this.send = this.send.bind(this); }
  send(url: string, init: RequestInit): Promise<Response> {
    let p = this.cache.get(url);
    if (!p) { p = fetch(url, init); this.cache.set(url, p); }
    return p;
  }
}
export const api4 = new Api();
export const send4 = api4.send;
export const plain = {
  send(url: string, init: RequestInit): Promise<Response> {
    return fetch(url, init);
  },
};
`;

const INIT = "{ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ business_uid: biz }) }";
const CALLS = `import { send2, client3, send4, plain } from './client.js';

export const f2 = async (code: string, biz: string) => (await send2(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, ${INIT})).status;
export const f3 = async (code: string, biz: string) => (await client3.send(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, ${INIT})).status;
export const f4 = async (code: string, biz: string) => (await send4(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, ${INIT})).status;
export const f5 = async (code: string, biz: string) => (await plain.send(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, ${INIT})).status;
`;

const reasons = (report: Report) => report.files.flatMap((file) => file.sites.map((site) =>
  `${file.path}:${site.line} ${site.outcome}${site.reasons.map((r) => ` ${r.code}:${r.key ?? ''}`).join('')}`));

const lineOf = (text: string, start: string) => text.split('\n').findIndex((line) => line.startsWith(start)) + 1;

describe('a sending helper made by a factory, in another module', () => {
  it('in a project: each call through the factory\'s object, its member or a rebound method is held naming where it is made; the plain object migrates', async () => {
    const dir = trees.project({ 'src/client.ts': CLIENT, 'src/calls.ts': CALLS });
    const report = await migrateIn<Report>(dir);
    expect(reasons(report)).toEqual([
      `src/calls.ts:3 manual helper-made-by-call:send2 = createClient(…).send (src/client.ts:${lineOf(CLIENT, 'export const send2')})`,
      `src/calls.ts:4 manual helper-made-by-call:client3 = createClient(…) (src/client.ts:${lineOf(CLIENT, 'export const client3')})`,
      `src/calls.ts:5 manual helper-made-by-call:this.send = this.send.bind(…) (src/client.ts:${lineOf(CLIENT, '  constructor()')})`,
      'src/calls.ts:6 fix',
    ]);
    const out = readFileSync(join(dir, 'src/calls.ts'), 'utf8');
    expect(out.match(/\/platform\/v1\/apps\/\$\{code\}\/assign/g)).toHaveLength(3);
    expect(out).toContain("plain.send(`https://api.example.com/v3/apps/app_assignments`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ assignee_type: 'business', assignee_uid: biz, app_code_name: code }) })");
  });

  it('read file by file (--no-project): the imported functions are not read and are held', async () => {
    const dir = trees.project({ 'src/client.ts': CLIENT, 'src/calls.ts': CALLS });
    const report = await migrateIn<Report>(dir, ['.', '--no-project']);
    const sites = reasons(report);
    expect(sites).toContain('src/calls.ts:3 manual helper-unread:send2 (imported from ./client.js)');
    expect(sites).toContain('src/calls.ts:5 manual helper-unread:send4 (imported from ./client.js)');
    expect(readFileSync(join(dir, 'src/client.ts'), 'utf8')).toBe(CLIENT);
  });

  it('the factory in the call\'s own file: held in both modes, with the same reason', async () => {
    const own = `${CLIENT.replace('export function createClient', 'function createClient')}
export const f3 = async (code: string, biz: string) => (await client3.send(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, ${INIT})).status;
`;
    const line = lineOf(own, 'export const client3');
    for (const args of [['.'], ['.', '--no-project']]) {
      const dir = trees.project({ 'src/client.ts': own });
      const report = await migrateIn<Report>(dir, args);
      expect(reasons(report), args.join(' ')).toEqual([`src/client.ts:${lineOf(own, 'export const f3')} manual helper-made-by-call:client3 = createClient(…) (line ${line})`]);
      expect(readFileSync(join(dir, 'src/client.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
    }
  });

  it('a method of a plain object of the call\'s own file is read: the call migrates in both modes', async () => {
    const own = `const plain = {
  send(url: string, init: RequestInit): Promise<Response> {
    return fetch(url, init);
  },
};
export const f5 = async (code: string, biz: string) => (await plain.send(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, ${INIT})).status;
`;
    for (const args of [['.'], ['.', '--no-project']]) {
      const dir = trees.project({ 'src/client.ts': own });
      const report = await migrateIn<Report>(dir, args);
      expect(reasons(report), args.join(' ')).toEqual(['src/client.ts:6 fix']);
      expect(readFileSync(join(dir, 'src/client.ts'), 'utf8')).toContain('plain.send(`https://api.example.com/v3/apps/app_assignments`');
    }
  });
});
