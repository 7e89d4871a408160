/**
 * The page for a lead (`scan --format html`) as a migration is followed with it: the calls migrated since the
 * ratchet's baseline, when and from which commit it was made, the owners from CODEOWNERS, links to the code through
 * `--link`, and no control character anywhere (sort keys included). The browser test (test-browser/html.test.ts)
 * checks the layout at 390 and 1280 px and sorting by keyboard.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCodeowners } from '../src/report/codeowners.js';
import { toHtml } from '../src/report/html.js';
import type { ScanReport } from '../src/report/model.js';
import { fillLink } from '../src/scan.js';
import { command, tree } from './helpers/cli.js';

const CALL = (uid: string) => `await fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: '${uid}' }) });\n`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const keep = (dir: string) => (dirs.push(dir), dir);

function report(paths: string[]): ScanReport {
  return {
    files: paths.map((path) => ({
      path,
      status: 'unchanged' as const,
      migrated: 0,
      todos: 0,
      sites: [{ line: 3, column: 5, kind: 'call' as const, client: 'fetch', outcome: 'fix' as const, migrated: true, reasons: [], via: [] }],
    })),
    totals: { files: paths.length, changed: 0, migrated: paths.length, todos: 0, callers: 0, errors: 0 },
    ignored: { files: 0, by: [] },
  };
}

describe('CODEOWNERS', () => {
  it('takes the last rule that matches, reads comments and rules without owners', () => {
    const owners = parseCodeowners('# the default\n* @org/all\n/src/billing/ @ann @bo # billing\nsrc/billing/legacy.ts\n*.md @docs\n');
    expect(owners('src/a.ts')).toEqual(['@org/all']);
    expect(owners('src/billing/pay.ts')).toEqual(['@ann', '@bo']);
    expect(owners('src/billing/legacy.ts')).toEqual([]);
    expect(owners('docs/x.md')).toEqual(['@docs']);
  });
});

describe('the page', () => {
  it('says when and from which commit it was made, whom each call is for, and links each call', () => {
    const html = toHtml(report(['src/billing/pay.ts', 'src/a b.ts']), {
      version: '1.2.3',
      made: { date: '2026-11-26T10:00:00.000Z', commit: '0123456789abcdef0123456789abcdef01234567' },
      ownersOf: parseCodeowners('* @org/all\nsrc/billing/ @ann\n'),
      linkOf: (site) => fillLink('https://example.com/blob/abc/{path}?x=1&y="#L{line}', site),
      since: { file: 'app-assignment-baseline.json', baseline: 10, gone: 4, added: 1 },
    });
    expect(html).toContain('on <time id="made" datetime="2026-11-26T10:00:00.000Z">2026-11-26</time>, at commit <code id="commit" title="0123456789abcdef0123456789abcdef01234567">0123456789ab</code>');
    expect(html).toContain('<div class="value" id="migrated">4</div>migrated since the baseline (of 10 in <code>app-assignment-baseline.json</code>; 1 new since)');
    expect(html).toMatch(/<tr data-owner="@ann"><td>@ann<\/td><td class="num">1<\/td>/);
    expect(html).toContain('<a href="https://example.com/blob/abc/src/a%20b.ts?x=1&amp;y=&quot;#L3">src/a b.ts:3:5</a>');
    expect(html).toContain('<th><button type="button">owners</button></th>');
  });

  it('writes no control character, in texts or sort keys', () => {
    const html = toHtml(report(['src/we\u0000ird\u001b.ts']), { version: '1' });
    // eslint-disable-next-line no-control-regex -- the control characters are what it looks for
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    expect(html).toContain('data-sort="src/we\ufffdird\ufffd.ts 00000003 000005"');
  });

  it('leaves out what it was not given', () => {
    const html = toHtml(report(['src/a.ts']), { version: '1' });
    expect(html).not.toMatch(/id="(made|commit|migrated|owners)"/);
    expect(html).not.toContain('<a href');
  });
});

describe('scan --format html options', () => {
  it('counts the calls migrated since the baseline, reads CODEOWNERS and the commit of a checkout', async () => {
    const dir = keep(tree({ 'src/a.js': CALL('b1'), 'src/b.js': CALL('b2'), '.github/CODEOWNERS': 'src/b.js @bee\n' }));
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    expect((await command(['ratchet', 'src', '--update'], dir)).code).toBe(0);
    git('add', '.');
    git('commit', '-qm', 'calls');
    expect((await command(['migrate', 'src/a.js'], dir)).code).toBe(0);
    const run = await command(['scan', '--format', 'html', '--out', 'page.html', '--baseline', 'app-assignment-baseline.json', '--link', 'https://h/{path}#L{line}'], dir);
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(html).toContain('<div class="value" id="migrated">1</div>migrated since the baseline (of 2 in');
    expect(html).toContain(`title="${git('rev-parse', 'HEAD').trim()}"`);
    expect(html).toContain('<tr data-owner="@bee">');
    expect(html).toContain('<a href="https://h/src/b.js#L1">src/b.js:1:7</a>');
  });

  it('refuses what it cannot use, saying what to write', async () => {
    const dir = keep(tree({ 'a.js': CALL('b1') }));
    writeFileSync(join(dir, 'bad.json'), '[]');
    const refusals: [string[], string][] = [
      [['--format', 'html', '--out', 'p.html', '--link', 'https://h/x'], '--link needs {path} in its template'],
      [['--format', 'markdown', '--link', 'https://h/{path}'], '--link is for --format html only'],
      [['--format', 'sarif', '--baseline', 'bad.json'], '--baseline is for --format html only'],
      [['--format', 'html', '--out', 'p.html', '--baseline', 'none.json'], '--baseline: no such file: none.json'],
      [['--format', 'html', '--out', 'p.html', '--baseline', 'bad.json'], 'is not a baseline of this version'],
    ];
    for (const [args, message] of refusals) {
      const run = await command(['scan', ...args], dir);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
    }
  });
});
