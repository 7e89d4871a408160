/**
 * A campaign over three small repositories made from `fixtures/projects`: two folders named by `path`, and one cloned
 * from a bare repository by a file:// `url`. `threeRuns` runs the campaign three times and migrates between runs
 * (one folder in place; the cloned one upstream, committed and pushed), so that the calls left fall run by run.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURES_DIR } from '../../../../fixtures/load.js';
import { cli, command, tempDir } from './cli.js';

export interface CampaignTree {
  readonly root: string;
  /** The manifest's folder, and the manifest. */
  readonly folder: string;
  readonly manifest: string;
  /** The folders of the two `path` repositories, by name. */
  readonly local: { readonly api: string; readonly helper: string };
  /** The working copy the bare repository is pushed from. */
  readonly upstream: string;
  readonly bare: string;
}

function git(args: string[], cwd: string): string {
  const result = spawnSync('git', ['-c', 'user.name=campaign', '-c', 'user.email=campaign@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

function copyProject(name: string, to: string): string {
  mkdirSync(to, { recursive: true });
  for (const entry of ['src', 'package.json', 'tsconfig.json']) cpSync(join(FIXTURES_DIR, 'projects', name, entry), join(to, entry), { recursive: true });
  return to;
}

export function campaignTree(): CampaignTree {
  const root = tempDir('app-assignment-campaign-');
  const api = copyProject('app-instance', join(root, 'repos', 'api'));
  const helper = copyProject('request-helper', join(root, 'repos', 'helper'));
  const upstream = copyProject('wrapper-module', join(root, 'upstream', 'wrap'));
  git(['init', '--quiet'], upstream);
  git(['add', '.'], upstream);
  git(['commit', '--quiet', '-m', 'the wrapper module'], upstream);
  const bare = join(root, 'upstream', 'wrap.git');
  git(['clone', '--quiet', '--bare', upstream, bare], root);
  git(['remote', 'add', 'origin', bare], upstream);
  const folder = join(root, 'campaign');
  mkdirSync(folder);
  const manifest = join(folder, 'campaign.json');
  writeFileSync(manifest, `${JSON.stringify({
    repositories: [
      { name: 'api', path: '../repos/api', owners: ['@org/api'] },
      { name: 'helper', path: '../repos/helper', owners: ['@org/helper', '@org/platform'] },
      { name: 'wrap', url: pathToFileURL(bare).href, ref: 'main', owners: ['@org/wrap'] },
    ],
  }, null, 2)}\n`);
  return { root, folder, manifest, local: { api, helper }, upstream, bare };
}

export interface CampaignRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the campaign three times (the binary, spawned: its child scans, progress and exit code are what is tested);
 * between runs, migrates `api` in place, then `wrap` upstream (pushed), in this process: only the written files count.
 */
export async function threeRuns(tree: CampaignTree, extra: string[] = []): Promise<CampaignRun[]> {
  const campaign = () => cli(['campaign', 'campaign.json', '--jobs', '2', ...extra], tree.folder);
  const runs = [campaign()];
  const first = await command(['migrate', '.', '--force'], tree.local.api);
  if (first.code !== 0) throw new Error(`migrate in api: ${first.stderr}`);
  runs.push(campaign());
  const second = await command(['migrate', '.', '--force'], tree.upstream);
  if (second.code !== 0) throw new Error(`migrate in wrap: ${second.stderr}`);
  git(['commit', '--quiet', '-am', 'migrate to v3'], tree.upstream);
  git(['push', '--quiet', 'origin', 'HEAD:main'], tree.upstream);
  runs.push(campaign());
  return runs;
}
