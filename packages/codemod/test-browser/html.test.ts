/**
 * `scan --format html`, opened in a real headless Chromium (Debian's `chromium` package, driven by playwright-core
 * through `executablePath`; Playwright's own browser download is never used). The numbers the page shows are checked
 * against `scan --json` over the same code, the table is sorted by clicking, the page must not touch the network,
 * and a screenshot is kept in artifacts/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_APP_DIR } from '../../../fixtures/load.js';
import { copySampleApp } from '../../../scripts/lib/proof.mjs';
import { cli } from '../test/helpers/cli.js';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';
import { decodePng, findChromium } from './chromium.js';

const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', 'artifacts');

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
const dirs: string[] = [];

afterAll(async () => {
  await browser?.close();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
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

describe('the page on a phone and on a desktop', () => {
  it('fits 390 px and 1280 px without a page-wide scroll, sorts by keyboard, and its screenshots show the progress bar inside the screen', async () => {
    // A copy of the sample app outside the checkout: its own root, with a CODEOWNERS.
    const dir = copySampleApp('html-widths');
    dirs.push(dir);
    writeFileSync(join(dir, 'CODEOWNERS'), '* @org/platform\nsrc/assign/axios.ts @team-axios\n');
    const out = join(dir, 'report.html');
    const written = cli(['scan', 'src', '--format', 'html', '--out', out, '--link', 'https://example.com/blob/HEAD/{path}#L{line}'], dir);
    expect(written.code, written.stderr).toBe(0);
    browser ??= await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 844 }, deviceScaleFactor: 1 });
      await page.goto(pathToFileURL(out).href);
      // The page never scrolls sideways; the wide table scrolls inside its box.
      expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(width);
      for (const selector of ['.cards', '.progress', '.scroll:has(#by-folder)', '#reasons', '#owners', 'h1', '.scroll:has(#sites)']) {
        const box = await page.locator(selector).first().boundingBox();
        expect(box, selector).not.toBeNull();
        expect(box!.x + box!.width, `${selector} at ${width} px`).toBeLessThanOrEqual(width);
      }
      // The text is not shrunk below reading size.
      expect(parseFloat(String(await page.evaluate('getComputedStyle(document.body).fontSize')))).toBeGreaterThanOrEqual(14);
      expect(await page.locator('#sites a').first().getAttribute('href')).toMatch(/^https:\/\/example\.com\/blob\/HEAD\/src\/.+#L\d+$/);

      // Sorting by keyboard: Tab reaches the headings' buttons, Enter and Space sort.
      const locations = () => page.locator('#sites tbody tr td:first-child').allTextContents();
      const before = await locations();
      await page.locator('#sites th button').first().focus();
      await page.keyboard.press('Enter');
      expect(await page.locator('#sites th').first().getAttribute('aria-sort')).toBe('ascending');
      await page.keyboard.press('Space');
      expect(await page.locator('#sites th').first().getAttribute('aria-sort')).toBe('descending');
      expect(await locations()).toEqual([...before].reverse());
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('owners');
      await page.keyboard.press('Enter');
      const owners = await page.locator('#sites tbody tr td:nth-child(2)').allTextContents();
      expect(owners).toEqual([...owners].sort());
      expect(new Set(owners)).toEqual(new Set(['@team-axios', '@org/platform']));

      // The screenshot, read pixel by pixel: the progress bar's colours are there, and all of them on the screen.
      await page.evaluate('window.scrollTo(0, 0)');
      const shot = await page.screenshot({ fullPage: true });
      writeFileSync(join(ARTIFACTS, `scan-report-${width}.png`), shot);
      const png = decodePng(shot);
      expect(png.width).toBe(width);
      expect(png.height).toBeGreaterThanOrEqual(844);
      const bar = await page.locator('.progress').boundingBox();
      const y = Math.round(bar!.y + bar!.height / 2);
      const green: number[] = [];
      const yellow: number[] = [];
      for (let x = 0; x < png.width; x++) {
        const [r, g, b] = png.rgb(x, y);
        if (Math.abs(r - 0x2d) < 8 && Math.abs(g - 0xa4) < 8 && Math.abs(b - 0x4e) < 8) green.push(x);
        if (Math.abs(r - 0xd4) < 8 && Math.abs(g - 0xa7) < 8 && Math.abs(b - 0x2c) < 8) yellow.push(x);
      }
      expect(green.length, `green pixels at ${width} px`).toBeGreaterThan(5);
      expect(yellow.length, `yellow pixels at ${width} px`).toBeGreaterThan(5);
      expect(Math.max(...yellow)).toBeLessThan(width - 8);
      expect(Math.max(...green)).toBeLessThan(Math.min(...yellow));
      await page.close();
    }
  });
});
