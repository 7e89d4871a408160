/**
 * `scan --format html`, opened in a real headless Chromium (Debian's `chromium` package, driven by playwright-core
 * through `executablePath`; Playwright's own browser download is never used). The numbers the page shows are checked
 * against `scan --json` over the same code, the table is sorted by clicking, the page must not touch the network,
 * and a screenshot is kept in artifacts/.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_APP_DIR } from '../../../fixtures/load.js';
import { cli } from '../test/helpers/cli.js';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', 'artifacts');
const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** CHROMIUM_PATH, else the first Chromium or Chrome on PATH; throws with what to install when there is none. */
function findChromium(): string {
  const candidates = [
    ...(process.env.CHROMIUM_PATH === undefined ? [] : [process.env.CHROMIUM_PATH]),
    ...(process.env.PATH ?? '').split(delimiter).flatMap((dir) => NAMES.map((name) => join(dir, name))),
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(
    'No Chromium found for the browser test. Install Debian\'s package: "apt-get update && apt-get install -y chromium" ' +
      '(as root), or set CHROMIUM_PATH to a Chromium or Chrome binary. Playwright\'s own browser download is not used.',
  );
}

interface Site {
  line: number;
  column: number;
  migrated: boolean;
  reasons: { code: string }[];
  withWrapper?: true;
}
interface Report {
  files: { path: string; sites: Site[] }[];
  totals: { files: number; errors: number };
}

let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
});

describe('scan --format html in a real browser', () => {
  it('shows the numbers of the JSON report, sorts its table, needs no network; keeps a screenshot', async () => {
    const out = join(makeTempDir('app-assignment-html-'), 'report.html');
    const written = cli(['scan', 'src', '--format', 'html', '--out', out], SAMPLE_APP_DIR);
    expect(written.code, written.stderr).toBe(0);
    const report = JSON.parse(cli(['scan', 'src', '--json'], SAMPLE_APP_DIR).stdout) as Report;
    // Calls of wrappers that go with them are in the JSON report only: the page shows what needs looking at.
    expect(report.files.flatMap((f) => f.sites).some((s) => s.withWrapper === true)).toBe(true);
    const sites = report.files.flatMap((f) => f.sites.filter((s) => s.withWrapper !== true).map((s) => ({ ...s, path: `fixtures/sample-app/${f.path}` })));
    const forPerson = sites.filter((s) => !s.migrated || s.reasons.length > 0);
    expect(sites.length).toBeGreaterThan(0);

    // Found here, not in a hook, so that a missing browser fails this test with what to install.
    browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const outside: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(pathToFileURL(out).href);

    // Progress.
    const number = async (id: string) => Number(await page.locator(`#${id}`).textContent());
    expect(await number('total')).toBe(sites.length);
    expect(await number('person')).toBe(forPerson.length);
    expect(await number('automatic')).toBe(sites.length - forPerson.length);
    expect(await number('files')).toBe(new Set(sites.map((s) => s.path)).size);
    expect(await number('errors')).toBe(report.totals.errors);

    // By reason: every reason code of the report, with its count.
    const byReason = new Map<string, number>();
    for (const site of sites) {
      const codes = site.reasons.length === 0 ? ['automatic'] : [...new Set(site.reasons.map((r) => r.code))];
      for (const code of codes) byReason.set(code, (byReason.get(code) ?? 0) + 1);
    }
    const shownReasons: [string | null, number][] = [];
    for (const row of await page.locator('#reasons tbody tr').all()) {
      shownReasons.push([await row.getAttribute('data-code'), Number(await row.locator('td').nth(1).textContent())]);
    }
    expect(new Map(shownReasons)).toEqual(byReason);

    // The chart: one bar per folder, with the calls of that folder.
    const byFolder = new Map<string, number>();
    for (const site of sites) {
      const folder = site.path.slice(0, site.path.lastIndexOf('/'));
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
    }
    const bars: [string | null, number][] = [];
    for (const bar of await page.locator('#by-folder g.bar').all()) {
      bars.push([await bar.getAttribute('data-folder'), Number(await bar.getAttribute('data-count'))]);
    }
    expect(new Map(bars)).toEqual(byFolder);
    expect(await page.locator('#by-folder').isVisible()).toBe(true);

    // The table: every site, sortable by a click on a column.
    const locations = () => page.locator('#sites tbody tr td:first-child').allTextContents();
    const expected = sites.map((s) => `${s.path}:${s.line}:${s.column}`);
    expect(await locations()).toEqual(expected);
    await page.locator('#sites th', { hasText: 'location' }).click();
    expect(await locations()).toEqual(expected);
    await page.locator('#sites th', { hasText: 'location' }).click();
    expect(await locations()).toEqual([...expected].reverse());
    await page.locator('#sites th', { hasText: 'outcome' }).click();
    const outcomes = await page.locator('#sites tbody tr td:nth-child(3)').allTextContents();
    expect(outcomes).toEqual([...outcomes].sort());
    expect(new Set(outcomes)).toEqual(new Set(sites.map((s) => (s as unknown as { outcome: string }).outcome)));

    expect(outside).toEqual([]);
    expect(errors).toEqual([]);

    mkdirSync(ARTIFACTS, { recursive: true });
    const screenshot = join(ARTIFACTS, 'scan-report.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(spawnSync('test', ['-s', screenshot]).status).toBe(0);
    process.stdout.write(`screenshot: ${screenshot}\n`);
    await page.close();
  });
});
