/**
 * `app-assignment campaign`'s page, opened in a real headless Chromium as `scan --format html`'s is (Debian's
 * `chromium`, driven by playwright-core): after three runs over three repositories that were migrated between runs,
 * the table by repository shows what `scan --json` finds in each repository, the burndown has one point per line of
 * the history, falling, in all and for each repository, the page touches no network, fits a phone, and its
 * screenshot (kept in artifacts/) shows the chart's colours.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command } from '../test/helpers/cli.js';
import { type CampaignRun, type CampaignTree, campaignTree, threeRuns } from '../test/helpers/campaign.js';
import { decodePng, findChromium } from './chromium.js';

const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', 'artifacts');

interface Counts {
  calls: number;
  automatic: number;
  person: number;
}
interface History {
  date: string;
  repositories: Record<string, Counts>;
  total: Counts;
}
interface Site {
  line: number;
  column: number;
  migrated: boolean;
  reasons: unknown[];
  withWrapper?: true;
  kind?: string;
}

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

describe('the campaign page in a real browser', () => {
  let t: CampaignTree;
  let runs: CampaignRun[];
  let history: History[];
  /** What `scan --json` finds in each repository now: its sites people look at (no mocks), by repository. */
  const sites = new Map<string, (Site & { path: string })[]>();
  const owners: Record<string, string> = { api: '@org/api', helper: '@org/helper @org/platform', wrap: '@org/wrap' };

  beforeAll(async () => {
    t = campaignTree();
    runs = await threeRuns(t);
    history = readFileSync(join(t.folder, 'campaign.history.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as History);
    const clone = join(t.folder, '.app-assignment', 'repos', 'wrap');
    for (const [name, dir] of [['api', t.local.api], ['helper', t.local.helper], ['wrap', clone]] as const) {
      const scan = await command(['scan', '--json', '.'], dir);
      expect(scan.code, scan.stderr).toBe(0);
      const files = (JSON.parse(scan.stdout) as { files: { path: string; sites: Site[] }[] }).files;
      sites.set(name, files.flatMap((f) => f.sites.filter((s) => s.withWrapper !== true && s.kind !== 'mock').map((s) => ({ ...s, path: `${name}/${f.path}` }))));
    }
  }, 300_000);

  it('shows the table by repository and the burndown of the history, needs no network, keeps a screenshot', async () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(history).toHaveLength(3);
    browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
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
    await page.goto(pathToFileURL(join(t.folder, 'campaign-report', 'index.html')).href);

    // The table by repository: what scan --json finds in each, and the owners of the manifest.
    const person = (list: Site[]) => list.filter((s) => !s.migrated || s.reasons.length > 0).length;
    const rows = await page.locator('#repositories tbody tr').all();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const name = (await row.getAttribute('data-repository'))!;
      const list = sites.get(name)!;
      const cells = await row.locator('td').allTextContents();
      expect(cells[0]).toBe(name);
      expect(cells.slice(1, 4).map(Number)).toEqual([list.length, list.length - person(list), person(list)]);
      expect(cells[5]).toBe(owners[name]);
    }
    // api and wrap were migrated since the first run: their change is negative; helper's is nought.
    const change = async (name: string) => (await page.locator(`#repositories tr[data-repository="${name}"] td`).nth(4).textContent())!;
    expect(await change('api')).toMatch(/^\u2212\d+$/);
    expect(await change('wrap')).toMatch(/^\u2212\d+$/);
    expect(await change('helper')).toBe('0');
    const all = [...sites.values()].flat();
    expect(Number(await page.locator('#total').textContent())).toBe(all.length);
    expect(Number(await page.locator('#person').textContent())).toBe(person(all));

    // The burndown in all: one point per run, with the history's numbers, later to the right, fewer calls lower.
    const points = async (selector: string) => {
      const out: { date: string | null; calls: number; automatic: number; person: number; x: number; y: number }[] = [];
      for (const point of await page.locator(`${selector} g.point`).all()) {
        const circle = point.locator('circle');
        out.push({
          date: await point.getAttribute('data-date'),
          calls: Number(await point.getAttribute('data-calls')),
          automatic: Number(await point.getAttribute('data-automatic')),
          person: Number(await point.getAttribute('data-person')),
          x: Number(await circle.getAttribute('cx')),
          y: Number(await circle.getAttribute('cy')),
        });
      }
      return out;
    };
    const total = await points('#burndown');
    expect(total.map(({ date, calls, automatic, person: p }) => ({ date, calls, automatic, person: p }))).toEqual(
      history.map((h) => ({ date: h.date, calls: h.total.calls, automatic: h.total.automatic, person: h.total.person })),
    );
    for (let i = 1; i < total.length; i++) {
      expect(total[i]!.x).toBeGreaterThan(total[i - 1]!.x);
      expect(total[i]!.y).toBeGreaterThan(total[i - 1]!.y);
    }
    expect(await page.locator('#burndown').isVisible()).toBe(true);
    expect(await page.locator('#burndown polygon.area.automatic').count()).toBe(1);
    expect(await page.locator('#burndown polygon.area.person').count()).toBe(1);

    // The burndown of each repository: its own numbers, run by run.
    for (const name of ['api', 'helper', 'wrap']) {
      const series = await points(`svg.burndown[data-repository="${name}"]`);
      expect(series.map((p) => [p.calls, p.automatic, p.person])).toEqual(history.map((h) => [h.repositories[name]!.calls, h.repositories[name]!.automatic, h.repositories[name]!.person]));
      expect(await page.locator(`svg.burndown[data-repository="${name}"]`).isVisible()).toBe(true);
    }

    // The merged report below: every call, its location led by its repository.
    const locations = await page.locator('#sites tbody tr td:first-child').allTextContents();
    expect(new Set(locations)).toEqual(new Set(all.map((s) => `${s.path}:${s.line}:${s.column}`)));

    expect(outside).toEqual([]);
    expect(errors).toEqual([]);

    // The screenshot, read pixel by pixel along the middle of the chart: both colours of the burndown are drawn.
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.locator('#burndown').scrollIntoViewIfNeeded();
    const shot = await page.locator('#burndown').screenshot();
    writeFileSync(join(ARTIFACTS, 'campaign-burndown.png'), shot);
    await page.screenshot({ path: join(ARTIFACTS, 'campaign-report.png'), fullPage: true });
    const png = decodePng(shot);
    let green = 0;
    let yellow = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const [r, g, b] = png.rgb(x, y);
        // The areas are drawn at 80 % opacity over white.
        if (Math.abs(r - 0x57) < 12 && Math.abs(g - 0xb6) < 12 && Math.abs(b - 0x71) < 12) green++;
        if (Math.abs(r - 0xdd) < 12 && Math.abs(g - 0xb9) < 12 && Math.abs(b - 0x56) < 12) yellow++;
      }
    }
    expect(green, 'pixels of the automatic area').toBeGreaterThan(100);
    expect(yellow, 'pixels of the area for a person').toBeGreaterThan(100);
    await page.close();
  });

  it('fits a phone: the page never scrolls sideways, the charts and the table scroll in their boxes', async () => {
    browser ??= await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(join(t.folder, 'campaign-report', 'index.html')).href);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    for (const selector of ['.scroll:has(#repositories)', '.scroll:has(#burndown)', '.small-multiples']) {
      const box = await page.locator(selector).first().boundingBox();
      expect(box, selector).not.toBeNull();
      expect(box!.x + box!.width, selector).toBeLessThanOrEqual(390);
    }
    writeFileSync(join(ARTIFACTS, 'campaign-report-390.png'), await page.screenshot({ fullPage: true }));
    await page.close();
  });
});
