/**
 * Never a silent miss: a call whose arguments spell the deprecated route, through a client no module rewrites, is
 * reported once, at the call that sends it, with `client-not-rewritten` naming the callee; what only describes or
 * builds the route (a route definition, a mock, a URL builder's own call, a body that holds the route as data) is not.
 */
import { analyzeProgram } from '@app-assignment/core';
import { parseSource } from '@app-assignment/core/parse';
import { describe, expect, it } from 'vitest';

function sites(source: string, filename = 'src/calls.ts'): [number, string, string[]][] {
  const { program, context } = parseSource(source, filename);
  return analyzeProgram(program, context).map((finding) => [
    finding.call.node.loc.start.line,
    finding.outcome,
    finding.reasons.map((reason) => (reason.key === undefined ? reason.code : `${reason.code}:${reason.key}`)),
  ]);
}

describe('calls no client module rewrites', () => {
  it('reports the call a URL builder feeds, not the builder, for urlcat, path-to-regexp and String#replace', () => {
    expect(sites([
      "import urlcat from 'urlcat';",
      "import { compile } from 'path-to-regexp';",
      "import { api } from './api';",
      "const ROUTE = '/platform/v1/apps/:code/assign';",
      'const toPath = compile(ROUTE);',
      'export async function a(code: string, uid: string) {',
      "  await api.post(urlcat('https://api.example.com', ROUTE, { code }), { business_uid: uid });",
      '  await api.post(toPath({ code }), { business_uid: uid });',
      "  await api.post(ROUTE.replace(':code', code), { business_uid: uid });",
      '}',
    ].join('\n'))).toEqual([
      // urlcat and path-to-regexp are read as the URLs they build; a route const three calls share is not rewritten in
      // place, and compile's function checks the code it fills in, which the v3 path would not.
      [7, 'manual', ['url-not-editable']],
      [8, 'manual', ['url-builder-checks']],
      [9, 'manual', ['client-not-rewritten:api.post of ./api']],
    ]);
  });

  it('a known client whose URL a URL library builds is rewritten, and its GET stays silent', () => {
    expect(sites([
      "import axios from 'axios';",
      "import urlcat from 'urlcat';",
      'export async function a(code: string, uid: string) {',
      "  await axios.post(urlcat('https://api.example.com', '/platform/v1/apps/:code/assign', { code }), { business_uid: uid });",
      "  await axios.get(urlcat('https://api.example.com', '/platform/v1/apps/:code/assign', { code }));",
      "  await fetch(new URL(`/platform/v1/apps/${code}/assign`, 'https://api.example.com').href);",
      '}',
    ].join('\n'))).toEqual([[4, 'fix', []]]);
  });

  it('what a request of another method returns is a response, not the route: a helper that reads it is no site', () => {
    const source = [
      "import { parse } from './parse';",
      'export async function unassign(code: string, uid: string) {',
      '  const url = new URL(`https://api.example.com/platform/v1/apps/${code}/assign`);',
      "  url.searchParams.set('business_uid', uid);",
      "  const res = await fetch(url, { method: 'DELETE' });",
      '  await parse(res);',
      '}',
    ].join('\n');
    expect(sites(source)).toEqual([]);
    // The same helper given the URL itself still may send it: reported.
    expect(sites(source.replace('await parse(res);', "await parse(url, { method: 'POST' });")).map(([line, outcome]) => [line, outcome])).toEqual([[6, 'manual']]);
  });

  it('a request helper given another method as its own argument is no site; given POST it is reported', () => {
    const source = [
      "import { request } from './http';",
      'export const remove = (code: string) => request(\'DELETE\', `/platform/v1/apps/${code}/assign?business_uid=b`);',
      'export const add = (code: string) => request(\'post\', `/platform/v1/apps/${code}/assign`, { business_uid: \'b\' });',
    ].join('\n');
    expect(sites(source).map(([line, outcome]) => [line, outcome])).toEqual([[3, 'manual']]);
  });

  it('does not report route definitions, mocks, loggers, or a route sent as data to another URL', () => {
    expect(sites([
      "import { http, HttpResponse } from 'msw';",
      "import { setupServer } from 'msw/node';",
      "import express from 'express';",
      "import axios from 'axios';",
      "import { logger } from './logger';",
      'const app = express();',
      "app.post('/platform/v1/apps/:id/assign', (req, res) => res.json({}));",
      "export const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({})));",
      'export async function a(code: string) {',
      '  logger.info(`sending /platform/v1/apps/${code}/assign`);',
      "  await axios.post('/audit', { url: `/platform/v1/apps/${code}/assign` });",
      '}',
    ].join('\n'))).toEqual([]);
  });

  it('reports a URL passed on through a helper once (`send(withHost(url), body, callback)`), held as a helper whose module is not read', () => {
    expect(sites([
      "import { send, withHost } from './http';",
      'export function a(code: string, uid: string) {',
      '  return send(withHost(`/platform/v1/apps/${code}/assign`), { business_uid: uid }, () => undefined);',
      '}',
    ].join('\n'))).toEqual([[3, 'manual', ['helper-unread:withHost (imported from ./http)']]]);
  });

  it('reports an options object with the route in `path` and method POST; not one with another method', () => {
    expect(sites([
      "import { transport } from './transport';",
      'export function a(code: string) {',
      "  transport.send({ method: 'POST', path: `/platform/v1/apps/${code}/assign` }, () => undefined);",
      "  transport.send({ method: 'DELETE', path: `/platform/v1/apps/${code}/assign` }, () => undefined);",
      '}',
    ].join('\n'))).toEqual([[3, 'manual', ['client-not-rewritten:transport.send of ./transport']]]);
  });
});


describe("NestJS's HttpService", () => {
  it('is held back as client setup when HttpModule.register sets a content type, the TODO naming its line', () => {
    expect(sites([
      "import { Injectable, Module } from '@nestjs/common';",
      "import { HttpModule, HttpService } from '@nestjs/axios';",
      "import { firstValueFrom } from 'rxjs';",
      '',
      'export const PlatformHttpModule = HttpModule.register({',
      "  baseURL: 'https://api.example.com',",
      "  headers: { 'content-type': 'application/x-www-form-urlencoded' },",
      '});',
      '',
      '@Injectable()',
      'export class AppAssignmentService {',
      '  constructor(private readonly http: HttpService) {}',
      '',
      '  async assignInternal(appCode: string, directoryUid: string): Promise<number> {',
      '    const response = await firstValueFrom(',
      "      this.http.post(`/platform/v1/apps/${appCode}/assign`, { directory_uid: directoryUid, is_internal: 'true' }),",
      '    );',
      '    return response.status;',
      '  }',
      '}',
      '',
      '@Module({ imports: [PlatformHttpModule], providers: [AppAssignmentService] })',
      'export class AppAssignmentModule {}',
    ].join('\n'))).toEqual([[16, 'manual', ['client-setup:HttpModule.register options (line 5)']]]);
  });
});

describe('URL builders that wrap, shadow or choose the plain one: the POST through them is reported, never rewritten', () => {
  const POST = (build: string) => `  return fetch(BASE + ${build}, { method: 'POST', body: JSON.stringify({ directory_uid: dir }) });`;
  const DELETE = (build: string) => `export const unassign = (code: string) => fetch(BASE + ${build}, { method: 'DELETE' });`;
  const cases: [string, string[], string, string][] = [
    ["the program's own compile", [
      "declare function compile(t: string): (p: Record<string, string>) => string;",
      "const assignPath = compile('/platform/v1/apps/:code/assign');",
    ], 'assignPath({ code })', 'made by compile(…), a function of the program whose result is not read here'],
    ["a local compile over path-to-regexp's", [
      "import { compile as ptr } from 'path-to-regexp';",
      'const compile = (t: string) => { const c = ptr(t); return (p: { code: string }) => `/eu${c(p)}`; };',
      "const assignPath = compile('/platform/v1/apps/:code/assign');",
    ], 'assignPath({ code })', 'made by compile(…)'],
    ['a function that wraps a compiled path', [
      "import { compile } from 'path-to-regexp';",
      "const toPath = compile('/platform/v1/apps/:code/assign');",
      'const assignPath = (p: { code: string }) => `/eu${toPath(p)}`;',
    ], 'assignPath({ code })', 'wraps toPath (line 3) and adds to what it builds'],
    ['a parameter whose default is the builder', [
      'export const tenantPath = (code: string) => `/tenants/acme/platform/v1/apps/${code}/assign`;',
    ], 'build(code)', 'a parameter (build) whose default builds the route'],
    ['a builder chosen by a condition', [
      "const TENANT = process.env.TENANT ?? '';",
      'const assignPath = TENANT ? (code: string) => `/tenants/${TENANT}/platform/v1/apps/${code}/assign` : (code: string) => `/platform/v1/apps/${code}/assign`;',
    ], 'assignPath(code)', 'chosen at run time by a condition'],
  ];

  it.each(cases)('%s', (_name, setup, build, why) => {
    const params = build === 'build(code)' ? 'code: string, dir: string, build: (c: string) => string = tenantPath' : 'code: string, dir: string';
    const lines = ["const BASE = 'https://api.example.com';", ...setup, `export async function assign(${params}) {`, POST(build), '}', DELETE(build.replace('build(', 'tenantPath('))];
    const found = sites(lines.join('\n'));
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBe(setup.length + 3);
    expect(found[0]![1]).toBe('manual');
    expect(found[0]![2].join(' ')).toContain(why);
  });

  it.each(cases)('%s, building another route: no site', (_name, setup, build) => {
    const other = setup.map((line) => line.replace(/\/assign/g, '/unassign'));
    const params = build === 'build(code)' ? 'code: string, dir: string, build: (c: string) => string = tenantPath' : 'code: string, dir: string';
    const lines = ["const BASE = 'https://api.example.com';", ...other, `export async function assign(${params}) {`, POST(build), '}'];
    expect(sites(lines.join('\n'))).toEqual([]);
  });
});
