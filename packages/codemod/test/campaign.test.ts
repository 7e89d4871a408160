/**
 * `app-assignment campaign`: three repositories (two folders, one cloned from a file:// URL) scanned three times while
 * they are migrated. The inventory is each repository's `scan --json` with the repository named on every file and
 * site; the SARIF is `scan --format sarif`'s; the history gains one line a run and its numbers fall. Then the
 * manifest's checks, a repository that cannot be found or cloned, the exit codes and the history's tolerance of a
 * line cut off by a killed run. (The page itself is opened in Chromium by test-browser/campaign.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendHistory, blobBase, readHistory } from '../src/campaign.js';
import { cli, command, tempDir, tree } from './helpers/cli.js';
import { type CampaignRun, type CampaignTree, campaignTree, threeRuns } from './helpers/campaign.js';

interface Site {
  readonly line: number;
  readonly column: number;
  readonly repository?: string;
  readonly withWrapper?: true;
  readonly kind?: string;
  readonly migrated: boolean;
  readonly reasons: readonly unknown[];
}
interface File {
  readonly path: string;
  readonly repository?: string;
  readonly owners?: readonly string[];
  readonly error?: string;
  readonly sites: readonly Site[];
}
interface Counts {
  calls: number;
  automatic: number;
  person: number;
}
interface Inventory {
  repositories: { name: string; owners: string[]; counts?: Counts; error?: string; url?: string; path?: string; commit?: string }[];
  files: File[];
  totals: { files: number; errors: number };
}
interface History {
  date: string;
  repositories: Record<string, Counts | { failed: string }>;
  total: Counts;
  failed?: string[];
}

const SOURCE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;

/** The counts of a `scan --json` report as every report counts them: the sites people look at, without mocks. */
function countsOf(files: readonly File[]): Counts {
  const calls = files.flatMap((f) => f.sites).filter((s) => s.withWrapper !== true && s.kind !== 'mock');
  const person = calls.filter((s) => !s.migrated || s.reasons.length > 0).length;
  return { calls: calls.length, automatic: calls.length - person, person };
}

const historyOf = (t: CampaignTree): History[] =>
  readFileSync(join(t.folder, 'campaign.history.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as History);

describe('a campaign over three repositories, run three times while they are migrated', () => {
  let t: CampaignTree;
  let runs: CampaignRun[];
  /** `scan --json` of each repository as the last run saw it. */
  const scans = new Map<string, File[]>();
  beforeAll(async () => {
    t = campaignTree();
    runs = await threeRuns(t);
    const clone = join(t.folder, '.app-assignment', 'repos', 'wrap');
    // What scan reports in each repository, to compare the inventory with: read from runs in this process.
    for (const [name, dir] of [['api', t.local.api], ['helper', t.local.helper], ['wrap', clone]] as const) {
      const scan = await command(['scan', '--json', '.'], dir);
      expect(scan.code, scan.stderr).toBe(0);
      scans.set(name, (JSON.parse(scan.stdout) as { files: File[] }).files);
    }
  }, 300_000);

  it('exits 0 each time, with progress on stderr and a summary by repository', () => {
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/\[3\/3\]/);
      for (const name of ['api', 'helper', 'wrap']) expect(run.stdout).toMatch(new RegExp(`^${name}\\s+\\d+\\s+\\d+\\s+\\d+`, 'm'));
    }
    expect(runs[0]!.stderr).toContain('3 repositories, 2 at a time');
    expect(runs[0]!.stderr).toContain('wrap: fetching file://');
    expect(runs[2]!.stdout).toMatch(/3 runs\): \d+ -> \d+ calls left/);
  });

  it('writes one inventory: each repository\'s scan --json, every file and site named with its repository', () => {
    const inventory = JSON.parse(readFileSync(join(t.folder, 'campaign-report', 'inventory.json'), 'utf8')) as Inventory;
    expect(inventory.repositories.map((r) => [r.name, r.owners])).toEqual([['api', ['@org/api']], ['helper', ['@org/helper', '@org/platform']], ['wrap', ['@org/wrap']]]);
    expect(inventory.repositories.find((r) => r.name === 'wrap')!.url).toMatch(/^file:\/\//);
    // The cached clone was fetched again: the inventory names the commit pushed upstream after the second run.
    const pushed = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: t.upstream, encoding: 'utf8' }).stdout.trim();
    expect(inventory.repositories.find((r) => r.name === 'wrap')!.commit).toBe(pushed);
    expect(inventory.repositories.find((r) => r.name === 'api')!.path).toBe('../repos/api');
    for (const [name, files] of scans) {
      const ours = inventory.files.filter((f) => f.repository === name);
      expect(ours.map(({ repository: _r, owners: _o, ...file }) => ({ ...file, sites: file.sites.map(({ repository: _s, ...site }) => site) }))).toEqual(files);
      const owners = inventory.repositories.find((r) => r.name === name)!.owners;
      for (const file of ours) {
        expect(file.owners).toEqual(owners);
        for (const site of file.sites) expect(site.repository).toBe(name);
      }
      expect(inventory.repositories.find((r) => r.name === name)!.counts).toEqual(countsOf(files));
    }
    expect(inventory.files.length).toBe([...scans.values()].reduce((n, files) => n + files.length, 0));
    expect(inventory.totals.files).toBe(inventory.files.length);
    // Something is left for the page to show: api keeps its calls for a person, helper was never migrated.
    expect(countsOf(inventory.files).calls).toBeGreaterThan(0);
  });

  it('writes each repository\'s SARIF as scan --format sarif does, and the Markdown with a table by repository', async () => {
    for (const [name, dir] of [['api', t.local.api], ['helper', t.local.helper], ['wrap', join(t.folder, '.app-assignment', 'repos', 'wrap')]] as const) {
      const out = join(tempDir(), 'scan.sarif');
      expect((await command(['scan', '.', '--format', 'sarif', '--out', out], dir)).code).toBe(0);
      type Sarif = { runs: { results: unknown[] }[] };
      const ours = JSON.parse(readFileSync(join(t.folder, 'campaign-report', `${name}.sarif`), 'utf8')) as Sarif;
      const theirs = JSON.parse(readFileSync(out, 'utf8')) as Sarif;
      expect(ours.runs[0]!.results).toEqual(theirs.runs[0]!.results);
    }
    const markdown = readFileSync(join(t.folder, 'campaign-report', 'inventory.md'), 'utf8');
    for (const [name, files] of scans) {
      const { calls, automatic, person } = countsOf(files);
      expect(markdown).toContain(`| ${name} | ${calls} | ${automatic} | ${person} |`);
    }
    expect(markdown).toContain('## app-assignment: calls of the deprecated');
    // Each site links to its file on this machine (none of these repositories is on GitHub), at a line the file has.
    const links = [...markdown.matchAll(/^- \[`([^`]+)`\]\(([^)#]+)#L(\d+)\)/gm)];
    expect(links.length).toBeGreaterThan(0);
    for (const [, where, href, line] of links) {
      const file = join(t.folder, 'campaign-report', decodeURIComponent(href!));
      expect(existsSync(file), where).toBe(true);
      expect(readFileSync(file, 'utf8').split('\n').length).toBeGreaterThanOrEqual(Number(line));
      expect(file.endsWith(where!.replace(/^[^/]+\//, '').replace(/:\d+:\d+$/, ''))).toBe(true);
    }
    expect(existsSync(join(t.folder, 'campaign-report', 'index.html'))).toBe(true);
  });

  it('appends one line a run to the history beside the manifest, and the numbers fall', () => {
    const history = historyOf(t);
    expect(history).toHaveLength(3);
    expect(history.map((h) => h.date)).toEqual([...history.map((h) => h.date)].sort());
    const calls = (h: History, name: string) => (h.repositories[name] as Counts).calls;
    // api was migrated before the second run, wrap (upstream, fetched again) before the third; helper never.
    expect(calls(history[1]!, 'api')).toBeLessThan(calls(history[0]!, 'api'));
    expect(calls(history[2]!, 'wrap')).toBeLessThan(calls(history[1]!, 'wrap'));
    expect(calls(history[2]!, 'helper')).toBe(calls(history[0]!, 'helper'));
    expect(history[1]!.total.calls).toBeLessThan(history[0]!.total.calls);
    expect(history[2]!.total.calls).toBeLessThan(history[1]!.total.calls);
    for (const h of history) {
      expect(h.failed).toBeUndefined();
      const counts = Object.values(h.repositories) as Counts[];
      expect(h.total).toEqual({ calls: counts.reduce((n, c) => n + c.calls, 0), automatic: counts.reduce((n, c) => n + c.automatic, 0), person: counts.reduce((n, c) => n + c.person, 0) });
      expect(h.total.calls).toBe(h.total.automatic + h.total.person);
    }
    // The last line is the inventory's numbers.
    for (const [name, files] of scans) expect(history[2]!.repositories[name]).toEqual(countsOf(files));
  });
});

describe('a repository that cannot be scanned', () => {
  it('is reported, with why; the others complete; the run exits 1 and its history line says which failed', () => {
    const dir = tree({ 'good/src/a.ts': SOURCE, 'good/src/b.ts': SOURCE.replace('go', 'again') });
    writeFileSync(join(dir, 'campaign.json'), JSON.stringify({
      repositories: [
        { name: 'gone', path: 'nowhere' },
        { name: 'good', path: 'good', owners: ['@org/good'] },
        { name: 'unclonable', url: `file://${join(dir, 'no-such.git')}` },
      ],
    }));
    const run = cli(['campaign', 'campaign.json', '--no-project', '--out', 'report'], dir);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/gone: failed: no such folder: nowhere/);
    expect(run.stderr).toMatch(/unclonable: failed: could not clone file:\/\/.*no-such\.git: git fetch: .*does not appear to be a git repository/);
    expect(run.stdout).toMatch(/1 of 3 repositories scanned: 2 deprecated calls/);
    expect(run.stdout).toContain('2 repositories could not be scanned');
    const inventory = JSON.parse(readFileSync(join(dir, 'report', 'inventory.json'), 'utf8')) as Inventory;
    expect(inventory.repositories.map((r) => [r.name, r.counts?.calls, r.error === undefined])).toEqual([['gone', undefined, false], ['good', 2, true], ['unclonable', undefined, false]]);
    expect(new Set(inventory.files.map((f) => f.repository))).toEqual(new Set(['good']));
    expect(existsSync(join(dir, 'report', 'good.sarif'))).toBe(true);
    expect(existsSync(join(dir, 'report', 'gone.sarif'))).toBe(false);
    const [line] = readFileSync(join(dir, 'campaign.history.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as History);
    expect(line!.failed).toEqual(['gone', 'unclonable']);
    expect(line!.total.calls).toBe(2);
    expect((line!.repositories.gone as { failed: string }).failed).toMatch(/no such folder/);
  });

  it('a file that does not parse is listed and makes the run exit 1, as scan does; its repository is still counted', () => {
    const dir = tree({ 'one/src/a.ts': SOURCE, 'one/src/broken.ts': `${SOURCE}const = ;\n` });
    writeFileSync(join(dir, 'campaign.json'), JSON.stringify({ repositories: [{ name: 'one', path: 'one' }] }));
    const run = cli(['campaign', 'campaign.json', '--no-project'], dir);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('1 of 1 repositories scanned: 1 deprecated calls, 1 with an exact rewrite, 0 for a person; 1 files that did not parse');
    const inventory = JSON.parse(readFileSync(join(dir, 'campaign-report', 'inventory.json'), 'utf8')) as Inventory;
    expect(inventory.totals.errors).toBe(1);
    expect(inventory.files.find((f) => f.error !== undefined)).toMatchObject({ repository: 'one', path: 'src/broken.ts' });
  });

  it('--json prints the inventory alone on stdout, the summary on stderr', () => {
    const dir = tree({ 'one/src/a.ts': SOURCE });
    writeFileSync(join(dir, 'campaign.json'), JSON.stringify({ repositories: [{ name: 'one', path: 'one' }] }));
    const run = cli(['campaign', 'campaign.json', '--json', '--no-project'], dir);
    expect(run.code, run.stderr).toBe(0);
    const inventory = JSON.parse(run.stdout) as Inventory;
    expect(inventory.repositories[0]!.counts).toEqual({ calls: 1, automatic: 1, person: 0 });
    expect(inventory.files[0]!.sites[0]!.repository).toBe('one');
    expect(run.stderr).toContain('1 of 1 repositories scanned');
    expect(existsSync(join(dir, 'campaign-report', 'index.html'))).toBe(true);
  });
});

describe('the manifest and the command line', () => {
  const manifestRun = (manifest: unknown, name = 'campaign.json') => {
    const dir = tree({});
    writeFileSync(join(dir, name), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
    const run = cli(['campaign', name], dir);
    // Refused before anything is scanned or written.
    expect(existsSync(join(dir, 'campaign.history.jsonl'))).toBe(false);
    return run;
  };

  it.each<[string, unknown, RegExp[]]>([
    ['not JSON', '{"repositories": [', [/campaign\.json: not JSON .*write it as \{"repositories"/]],
    ['no list', { repos: [] }, [/unknown key "repos" at the top/, /"repositories" must be a list of at least one repository/]],
    ['an unknown key', { repositories: [{ name: 'web', path: 'web', branch: 'main' }] }, [/repositories\[0\] \("web"\): unknown key "branch" \(did you mean "ref"\?\): the keys are name, path, url, ref, owners/]],
    ['no name', { repositories: [{ path: 'web' }] }, [/repositories\[0\]: no "name": give each repository a short unique name/]],
    ['a name that is a path', { repositories: [{ name: '../web', path: 'web' }] }, [/the name "\.\.\/web" is not a plain name/]],
    ['two names alike', { repositories: [{ name: 'web', path: 'a' }, { name: 'Web', path: 'b' }] }, [/repositories\[1\] \("Web"\): the name is also repositories\[0\]'s/]],
    ['path and url', { repositories: [{ name: 'web', path: 'web', url: 'https://example.com/web.git' }] }, [/both "path" and "url": keep one/]],
    ['neither path nor url', { repositories: [{ name: 'web' }] }, [/neither "path" nor "url": add "path" \(a folder, relative to the manifest\) or "url"/]],
    ['a ref without url', { repositories: [{ name: 'web', path: 'web', ref: 'main' }] }, [/"ref" is for a repository cloned from a "url"/]],
    ['owners not a list', { repositories: [{ name: 'web', path: 'web', owners: '@org/web' }] }, [/"owners" must be a list of names/]],
    ['every problem at once', { repositories: [{ path: 'a' }, { name: 'b' }] }, [/repositories\[0\]: no "name"/, /repositories\[1\] \("b"\): neither/]],
  ])('refuses %s, with what to write (exit 2)', (_name, manifest, messages) => {
    const run = manifestRun(manifest);
    expect(run.code).toBe(2);
    for (const message of messages) expect(run.stderr).toMatch(message);
  });

  it('refuses a YAML manifest, a missing one, and bad options (exit 2)', () => {
    expect(manifestRun('repositories: []\n', 'campaign.yml').stderr).toMatch(/the manifest is JSON/);
    const dir = tree({});
    const missing = cli(['campaign', 'nope.json'], dir);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/no such manifest: .*nope\.json/)]);
    expect(cli(['campaign'], dir).stderr).toMatch(/campaign needs its manifest/);
    expect(cli(['campaign', 'a.json', '--jobs', '0'], dir).code).toBe(2);
    const unknown = cli(['campaign', 'a.json', '--format', 'html'], dir);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/Unknown option '--format'.*campaign --help/)]);
    writeFileSync(join(dir, 'campaign.json'), JSON.stringify({ repositories: [{ name: 'x', path: '.' }] }));
    writeFileSync(join(dir, 'taken'), '');
    expect(cli(['campaign', 'campaign.json', '--out', 'taken'], dir).stderr).toMatch(/--out taken: is a file, not a folder/);
  });

  it('--help shows the manifest, the outputs and the exit codes; the main help names the command', () => {
    const help = cli(['campaign', '--help'], tree({}));
    expect(help.code).toBe(0);
    for (const word of ['"repositories"', 'path', 'url', 'ref', 'owners', '--out', '--jobs', '--no-project', '--json', 'inventory.json', 'index.html', '.sarif', 'history.jsonl', 'Exit codes']) {
      expect(help.stdout).toContain(word);
    }
    expect(cli(['--help'], tree({})).stdout).toContain('app-assignment campaign <manifest.json>');
  });
});

describe('the history file', () => {
  it('keeps every complete line when a run was killed mid-line, and the next run starts a line of its own', () => {
    const file = join(tempDir(), 'campaign.history.jsonl');
    const line = (date: string, calls: number) => ({ date, repositories: { a: { calls, automatic: calls, person: 0 } }, total: { calls, automatic: calls, person: 0 } });
    appendHistory(file, line('2026-01-01T00:00:00.000Z', 9));
    appendFileSync(file, '{"date":"2026-01-08T00:00:00.000Z","repositories":{"a":{"cal');
    expect(readHistory(file).map((h) => h.total.calls)).toEqual([9]);
    appendHistory(file, line('2026-01-15T00:00:00.000Z', 4));
    expect(readHistory(file).map((h) => h.total.calls)).toEqual([9, 4]);
    expect(readFileSync(file, 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(3);
    expect(readHistory(join(tempDir(), 'none.jsonl'))).toEqual([]);
  });
});

describe('links to the code', () => {
  it('go to a GitHub repository\'s file at the commit scanned; other URLs get none', () => {
    for (const url of ['https://github.com/org/billing.git', 'https://github.com/org/billing', 'https://github.com/org/billing/']) {
      expect(blobBase(url, 'abc123')).toBe('https://github.com/org/billing/blob/abc123/');
    }
    expect(blobBase('https://github.com/org/a.b.git', 'abc123')).toBe('https://github.com/org/a.b/blob/abc123/');
    expect(blobBase('git@github.com:org/billing.git', 'abc123')).toBeUndefined();
    expect(blobBase('https://gitlab.com/org/billing.git', 'abc123')).toBeUndefined();
  });
});
