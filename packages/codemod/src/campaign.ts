/**
 * `app-assignment campaign <manifest>`: one inventory across many repositories, and a burndown of the calls left.
 * The manifest (JSON) lists the repositories, each a folder on this machine or a git URL cloned shallowly into a
 * cache beside the manifest. Each repository is scanned by a child process of this CLI's own `scan --json`, several
 * at once (`--jobs`): a repository's scan is then exactly what `scan` says in that folder (its tsconfig, its
 * .gitignore), a scan that crashes or runs out of memory fails that repository alone, and a project's memory goes
 * with its process. The reports are merged into one inventory (`scan --json`'s shape, each file and site with its
 * repository), SARIF per repository, Markdown and the HTML page; each run appends one line of totals to a history
 * file beside the manifest, from which the page draws the burndown.
 * Exit codes: 0 every repository was scanned (whatever it found); 1 a repository could not be cloned, found or
 * scanned, or a file could not be parsed (each is listed); 2 a usage error (the manifest included); 3 a crash.
 */
import { spawn } from 'node:child_process';
import { accessSync, appendFileSync, constants, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { outputProblem, UsageError } from './options.js';
import { repositoryRoot, toPosix } from './git.js';
import { campaignHtml, CAMPAIGN_STYLE, countsOf, type Counts, type HistoryLine, type Inventory, type InventoryFile, repositoriesMarkdown, type RepositorySummary } from './report/campaign.js';
import type { OwnersOf } from './report/codeowners.js';
import { rebase, type ScanReport } from './report/model.js';
import type { RunReport } from './run.js';
import { writeFileAtomic } from './write.js';

export const CAMPAIGN_HELP = `Usage:
  app-assignment campaign <manifest.json> [options]

Scans many repositories, several at once, into one inventory, and keeps a
history of the calls left, run after run, for a burndown. The manifest lists
the repositories:

  {
    "repositories": [
      { "name": "web", "path": "../web", "owners": ["@org/web"] },
      { "name": "billing", "url": "https://github.com/org/billing.git",
        "ref": "main", "owners": ["@org/billing"] }
    ]
  }

  name     a short unique name (letters, digits, . _ -): the repository's
           column in the reports and the name of its SARIF file
  path     a folder on this machine, relative to the manifest; or
  url      a git URL, cloned shallowly into .app-assignment/repos/<name>
           beside the manifest and fetched again on later runs
  ref      with url: the branch, tag or commit to scan (default: its HEAD)
  owners   who answers for the repository (shown in the reports)

Writes into --out: inventory.json (the report of scan --json, each file and
site with its repository), <name>.sarif for each repository, inventory.md,
and index.html (the page of scan --format html, with a table by repository
and the burndown). Appends one line of totals to <manifest>.history.jsonl
beside the manifest: commit it, and the burndown grows week by week.

Options:
  --out <dir>        Where the reports go (default: campaign-report beside the
                     manifest; made when missing).
  --jobs <n>         Repositories scanned at once (default: one per core).
  --no-project       Read each file alone, as for scan.
  --json             Print the inventory as JSON on stdout (and nothing else
                     there); progress and the summary go to stderr.
  -h, --help         Show this help.

Exit codes: 0 every repository was scanned, whatever it found; 1 a repository
could not be cloned, found or scanned, or a file could not be parsed (each is
listed; the others are reported all the same); 2 usage error (a manifest that
is missing or invalid, with what to fix); 3 the tool itself failed (an
unexpected error, with its stack: please report it).

Examples:
  app-assignment campaign campaign.json
  app-assignment campaign campaign.json --out public --jobs 4
`;

/** One repository of the manifest. */
export interface CampaignRepository {
  readonly name: string;
  /** As the manifest writes it: relative to the manifest's folder. */
  readonly path?: string;
  /** `path` resolved against the manifest's folder. */
  readonly dir?: string;
  readonly url?: string;
  readonly ref?: string;
  readonly owners: readonly string[];
}

const KEYS = ['name', 'path', 'url', 'ref', 'owners'];
/** Keys people write for the ones the manifest has. */
const LIKELY: Readonly<Record<string, string>> = {
  branch: 'ref', tag: 'ref', commit: 'ref', revision: 'ref', repo: 'url', repository: 'url', remote: 'url', git: 'url',
  dir: 'path', folder: 'path', directory: 'path', owner: 'owners', team: 'owners', teams: 'owners', id: 'name',
};
/** A name is a file name (its SARIF) and a folder name (its clone): nothing that leaves a folder or needs quoting. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const EXAMPLE = '{"repositories": [{"name": "web", "path": "../web"}]}';

/**
 * Reads and checks a manifest; every problem is listed at once, each with what to write instead. Throws UsageError.
 */
export function readManifest(file: string): CampaignRepository[] {
  const shown = basename(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `no such manifest: ${file} (write one such as ${EXAMPLE})` : `${shown}: cannot be read: ${(error as Error).message}`);
  }
  if (/\.ya?ml$/i.test(file)) throw new UsageError(`${shown}: the manifest is JSON: write it as ${EXAMPLE}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${shown}: not JSON (${(error as Error).message}): write it as ${EXAMPLE}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new UsageError(`${shown}: the manifest is an object with "repositories": ${EXAMPLE}`);
  const problems: string[] = [];
  for (const key of Object.keys(data)) {
    if (key !== 'repositories') problems.push(`unknown key "${key}" at the top: the manifest holds only "repositories" (a list)`);
  }
  const list = (data as { repositories?: unknown }).repositories;
  if (!Array.isArray(list) || list.length === 0) {
    problems.push(`"repositories" must be a list of at least one repository, such as ${EXAMPLE}`);
    throw new UsageError(`${shown}: ${problems.join(`\n  ${shown}: `)}`);
  }
  const repositories: CampaignRepository[] = [];
  const seen = new Map<string, number>();
  const folder = dirname(file);
  list.forEach((item: unknown, index) => {
    const at = `repositories[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${at}: a repository is an object such as {"name": "web", "path": "../web"}`);
      return;
    }
    const entry = item as Record<string, unknown>;
    const label = typeof entry.name === 'string' && entry.name !== '' ? `${at} ("${entry.name}")` : at;
    for (const key of Object.keys(entry)) {
      if (KEYS.includes(key)) continue;
      const likely = LIKELY[key.toLowerCase()];
      problems.push(`${label}: unknown key "${key}"${likely === undefined ? '' : ` (did you mean "${likely}"?)`}: the keys are ${KEYS.join(', ')}`);
    }
    const { name, path, url, ref, owners } = entry;
    if (name === undefined || name === '') problems.push(`${at}: no "name": give each repository a short unique name, such as "web"`);
    else if (typeof name !== 'string' || !NAME.test(name)) {
      problems.push(`${at}: the name ${JSON.stringify(name)} is not a plain name: use letters, digits, ".", "_" and "-" (it names the repository's files)`);
    } else {
      const earlier = seen.get(name.toLowerCase());
      if (earlier !== undefined) problems.push(`${label}: the name is also repositories[${earlier}]'s (names must differ, in any case): rename one`);
      else seen.set(name.toLowerCase(), index);
    }
    const hasPath = path !== undefined;
    const hasUrl = url !== undefined;
    if (hasPath && hasUrl) problems.push(`${label}: both "path" and "url": keep one ("path" for a folder on this machine, "url" to clone)`);
    if (!hasPath && !hasUrl) problems.push(`${label}: neither "path" nor "url": add "path" (a folder, relative to the manifest) or "url" (a git URL to clone)`);
    if (hasPath && (typeof path !== 'string' || path === '')) problems.push(`${label}: "path" must be a folder's path, relative to the manifest, such as "../web"`);
    if (hasUrl && (typeof url !== 'string' || url === '' || url.startsWith('-'))) problems.push(`${label}: "url" must be a git URL, such as "https://github.com/org/web.git"`);
    if (ref !== undefined && (typeof ref !== 'string' || ref === '' || ref.startsWith('-'))) problems.push(`${label}: "ref" must be a branch, tag or commit, such as "main"`);
    if (ref !== undefined && !hasUrl) problems.push(`${label}: "ref" is for a repository cloned from a "url"; a "path" is scanned as it is checked out`);
    if (owners !== undefined && (!Array.isArray(owners) || owners.some((o) => typeof o !== 'string' || o === ''))) {
      problems.push(`${label}: "owners" must be a list of names, such as ["@org/web"]`);
    }
    if (typeof name === 'string') {
      repositories.push({
        name,
        ...(typeof path === 'string' ? { path, dir: resolve(folder, path) } : {}),
        ...(typeof url === 'string' ? { url } : {}),
        ...(typeof ref === 'string' ? { ref } : {}),
        owners: Array.isArray(owners) ? owners.filter((o): o is string => typeof o === 'string') : [],
      });
    }
  });
  if (problems.length > 0) throw new UsageError(`${shown}: ${problems.join(`\n  ${shown}: `)}`);
  return repositories;
}

/** The history file of a manifest: `<manifest without extension>.history.jsonl`, beside it. */
export function historyFileOf(manifest: string): string {
  return join(dirname(manifest), `${basename(manifest, extname(manifest))}.history.jsonl`);
}

/** The runs of a history file, oldest first; a line that does not read (a run killed mid-write) is left out. */
export function readHistory(file: string): HistoryLine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const lines: HistoryLine[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = JSON.parse(line) as HistoryLine;
      if (typeof parsed.date === 'string' && typeof parsed.total?.calls === 'number' && typeof parsed.repositories === 'object') lines.push(parsed);
    } catch {
      // A truncated line: the run that wrote it was killed. The next line starts on a line of its own (appendHistory).
    }
  }
  return lines.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Appends one run as one complete line, in one write. A file whose last line was cut off (a killed run) gets a line
 * break first, so that the new line is never glued to the broken one.
 */
export function appendHistory(file: string, line: HistoryLine): void {
  let prefix = '';
  try {
    const size = statSync(file).size;
    if (size > 0 && !readFileSync(file, 'utf8').endsWith('\n')) prefix = '\n';
  } catch {
    // no history yet
  }
  appendFileSync(file, `${prefix}${JSON.stringify(line)}\n`);
}

interface Outcome {
  readonly repository: CampaignRepository;
  /** The folder scanned. */
  readonly dir?: string;
  readonly commit?: string;
  readonly report?: ScanReport;
  readonly error?: string;
}

interface CampaignCli {
  readonly manifest: string;
  readonly out: string;
  readonly jobs: number;
  readonly project: boolean;
  readonly json: boolean;
}

function parse(argv: string[], cwd: string): CampaignCli | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string' },
        jobs: { type: 'string' },
        'no-project': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see app-assignment campaign --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageError('campaign needs its manifest, such as: app-assignment campaign campaign.json (see app-assignment campaign --help)');
  if (positionals.length > 1) throw new UsageError(`campaign takes one manifest, not ${positionals.length}: list every repository in it`);
  if (values.out === '') throw new UsageError('--out needs a folder, such as --out campaign-report');
  // The parent only waits on its children: it needs no more of the migration than their output (run.js stays unloaded).
  let jobs = Math.max(1, availableParallelism());
  if (values.jobs !== undefined) {
    if (!/^\d+$/.test(values.jobs) || Number(values.jobs) < 1) throw new UsageError(`--jobs must be a whole number of at least 1, not "${values.jobs}"`);
    jobs = Number(values.jobs);
  }
  const manifest = resolve(cwd, positionals[0]!);
  return {
    manifest,
    out: values.out === undefined ? join(dirname(manifest), 'campaign-report') : resolve(cwd, values.out),
    jobs,
    project: !values['no-project'],
    json: values.json,
  };
}

/** Why `dir` cannot take the reports (made when missing); undefined when it can. */
function outFolderProblem(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EEXIST' || code === 'ENOTDIR' ? 'is a file, not a folder: name a folder' : `cannot be made: ${(error as Error).message}`;
  }
  if (!statSync(dir).isDirectory()) return 'is a file, not a folder: name a folder';
  try {
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch {
    return 'cannot be written (no write permission)';
  }
}

/** Runs `app-assignment campaign` with the arguments after `campaign`; returns the exit code. */
export async function campaignMain(argv: string[], cwd: string, version: string): Promise<number> {
  const stderr = (line: string) => process.stderr.write(`${line}\n`);
  let cli: CampaignCli | 'help';
  let repositories: CampaignRepository[];
  try {
    cli = parse(argv, cwd);
    if (cli === 'help') {
      process.stdout.write(CAMPAIGN_HELP);
      return 0;
    }
    repositories = readManifest(cli.manifest);
    const out = outFolderProblem(cli.out);
    if (out !== undefined) throw new UsageError(`--out ${relative(cwd, cli.out) || '.'}: ${out}`);
    const history = outputProblem(historyFileOf(cli.manifest));
    if (history !== undefined) throw new UsageError(`the history file ${historyFileOf(cli.manifest)} ${history}`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr(`app-assignment: ${error.message}`);
    return 2;
  }
  const { manifest, jobs } = cli;
  const concurrent = Math.min(jobs, repositories.length);
  // The cores left over when there are fewer repositories than jobs go to each scan's own workers.
  const scanJobs = Math.max(1, Math.floor(jobs / concurrent));
  const cache = join(dirname(manifest), '.app-assignment', 'repos');
  const date = new Date().toISOString();
  stderr(`app-assignment campaign: ${repositories.length} repositories, ${concurrent} at a time`);
  let done = 0;
  const outcomes = await inPool(repositories, concurrent, async (repository) => {
    const started = Date.now();
    const outcome = await runRepository(repository, cache, { project: cli.project, jobs: scanJobs }, stderr);
    done++;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (outcome.report === undefined) stderr(`  [${done}/${repositories.length}] ${repository.name}: failed: ${outcome.error} (${seconds} s)`);
    else {
      const counts = countsOf(outcome.report);
      stderr(`  [${done}/${repositories.length}] ${repository.name}: ${counts.calls} calls, ${counts.automatic} automatic, ${counts.person} for a person (${seconds} s)`);
    }
    return outcome;
  });

  const inventory = inventoryOf(outcomes, date);
  const historyFile = historyFileOf(manifest);
  const line = historyLineOf(inventory);
  appendHistory(historyFile, line);
  const history = readHistory(historyFile);
  await writeReports(cli.out, inventory, outcomes, history, version);

  const summary = summaryLines(inventory, history, cli.out, historyFile, cwd);
  if (cli.json) {
    summary.forEach(stderr);
    process.stdout.write(`${JSON.stringify(inventory, null, 2)}\n`);
  } else summary.forEach((text) => process.stdout.write(`${text}\n`));
  const failed = inventory.repositories.some((r) => r.error !== undefined);
  return failed || inventory.totals.errors > 0 || inventory.totals.unparsable !== undefined ? 1 : 0;
}

/** Runs `task` over `items`, at most `limit` at once; the results in the items' order. */
async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  return results;
}

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly error?: Error;
}

function run(command: string, args: readonly string[], cwd: string): Promise<Ran> {
  return new Promise((done) => {
    // A URL that asks for a password, or an SSH host that asks to be trusted, fails at once instead of waiting for a person.
    const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes' };
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => done({ code: null, stdout: '', stderr: '', error }));
    child.on('close', (code) => done({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

/** What to show of a command's error output: git's first "fatal:" line, else the last line (a stack's message comes first, so a crash's first line). */
function messageOf(text: string): string {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const fatal = lines.find((l) => /^(fatal|error):/.test(l));
  return (fatal ?? lines.find((l) => /^app-assignment: /.test(l)) ?? lines.pop() ?? 'no message').replace(/^(fatal|error|app-assignment): /, '');
}

/**
 * A cloned repository's checkout in the cache, made or brought up to date: the same few commands the first time and
 * every time after (init once, then a shallow fetch of the ref and a checkout of what it fetched), so a commit works
 * as a ref as well as a branch, and a clone that failed half-way is taken up again.
 */
async function checkout(repository: CampaignRepository & { url: string }, cache: string): Promise<string> {
  const dir = join(cache, repository.name);
  mkdirSync(dir, { recursive: true });
  const git = async (...args: string[]) => {
    const result = await run('git', args, dir);
    if (result.error !== undefined) throw new Error(`git could not run: ${result.error.message}`);
    if (result.code !== 0) throw new Error(`git ${args[0]}: ${messageOf(result.stderr)}`);
    return result.stdout;
  };
  if (!existsSync(join(dir, '.git'))) await git('init', '--quiet');
  const remote = await run('git', ['remote', 'get-url', 'origin'], dir);
  if (remote.code !== 0) await git('remote', 'add', 'origin', repository.url);
  else if (remote.stdout.trim() !== repository.url) await git('remote', 'set-url', 'origin', repository.url);
  await git('fetch', '--quiet', '--depth', '1', '--no-tags', 'origin', repository.ref ?? 'HEAD');
  await git('checkout', '--quiet', '--force', '--detach', 'FETCH_HEAD');
  // The cache is the tool's: whatever a scan or a person left in it goes, so each run scans the commit alone.
  await git('clean', '--quiet', '-d', '--force', '-x');
  return dir;
}

const CLI_FILE = fileURLToPath(new URL('./cli.js', import.meta.url));

async function runRepository(
  repository: CampaignRepository,
  cache: string,
  options: { readonly project: boolean; readonly jobs: number },
  stderr: (line: string) => void,
): Promise<Outcome> {
  let dir: string;
  if (repository.url !== undefined) {
    stderr(`  ${repository.name}: fetching ${repository.url}${repository.ref === undefined ? '' : ` at ${repository.ref}`}`);
    try {
      dir = await checkout({ ...repository, url: repository.url }, cache);
    } catch (error) {
      return { repository, error: `could not clone ${repository.url}: ${(error as Error).message}` };
    }
  } else {
    dir = repository.dir!;
    let folder = false;
    try {
      folder = statSync(dir).isDirectory();
    } catch {
      // missing
    }
    if (!folder) return { repository, error: `no such folder: ${repository.path} (${dir}; a "path" is relative to the manifest)` };
  }
  const args = [CLI_FILE, 'scan', '--json', '--jobs', String(options.jobs), ...(options.project ? [] : ['--no-project']), '.'];
  const scanned = await run(process.execPath, args, dir);
  // scan exits 1 when a file does not parse: its report lists the file, and the inventory goes on with it.
  if (scanned.code !== 0 && scanned.code !== 1) {
    return { repository, dir, error: `scan exited ${scanned.code ?? 'on a signal'}: ${messageOf(scanned.error?.message ?? scanned.stderr)}` };
  }
  let report: ScanReport;
  try {
    report = JSON.parse(scanned.stdout) as ScanReport;
  } catch {
    return { repository, dir, error: `scan wrote no report: ${messageOf(scanned.stderr)}` };
  }
  const head = await run('git', ['rev-parse', 'HEAD'], dir);
  return { repository, dir, report, ...(head.code === 0 ? { commit: head.stdout.trim() } : {}) };
}

/** Adds the numbers of two reports' totals; an optional count is present when either has it. */
function addTotals(a: RunReport['totals'], b: RunReport['totals']): RunReport['totals'] {
  const optional = (x?: number, y?: number) => (x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0));
  const mocks = a.mocks === undefined && b.mocks === undefined ? undefined
    : { migrated: (a.mocks?.migrated ?? 0) + (b.mocks?.migrated ?? 0), todos: (a.mocks?.todos ?? 0) + (b.mocks?.todos ?? 0) };
  const extra = { skipped: optional(a.skipped, b.skipped), unparsable: optional(a.unparsable, b.unparsable), unread: optional(a.unread, b.unread), groupsOutside: optional(a.groupsOutside, b.groupsOutside) };
  return {
    files: a.files + b.files,
    changed: a.changed + b.changed,
    migrated: a.migrated + b.migrated,
    todos: a.todos + b.todos,
    callers: a.callers + b.callers,
    errors: a.errors + b.errors,
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)),
    ...(mocks === undefined ? {} : { mocks }),
  };
}

function inventoryOf(outcomes: readonly Outcome[], date: string): Inventory {
  let totals: RunReport['totals'] = { files: 0, changed: 0, migrated: 0, todos: 0, callers: 0, errors: 0 };
  const files: InventoryFile[] = [];
  let ignoredFiles = 0;
  const by: RunReport['ignored']['by'][number][] = [];
  const repositories = outcomes.map(({ repository, report, error, commit }): RepositorySummary => {
    const where = {
      name: repository.name,
      owners: repository.owners,
      ...(repository.path === undefined ? {} : { path: repository.path }),
      ...(repository.url === undefined ? {} : { url: repository.url }),
      ...(repository.ref === undefined ? {} : { ref: repository.ref }),
      ...(commit === undefined ? {} : { commit }),
    };
    if (report === undefined) return { ...where, error: error ?? 'not scanned' };
    totals = addTotals(totals, report.totals);
    ignoredFiles += report.ignored.files;
    by.push(...report.ignored.by.map((b) => ({ ...b, source: `${repository.name}/${b.source}` })));
    for (const file of report.files) {
      files.push({ ...file, repository: repository.name, owners: repository.owners, sites: file.sites.map((site) => ({ ...site, repository: repository.name })) });
    }
    return { ...where, counts: countsOf(report), totals: report.totals };
  });
  return { date, repositories, files, totals, ignored: { files: ignoredFiles, by } };
}

function historyLineOf(inventory: Inventory): HistoryLine {
  const failed = inventory.repositories.filter((r) => r.counts === undefined).map((r) => r.name);
  const counts = inventory.repositories.flatMap((r) => (r.counts === undefined ? [] : [r.counts]));
  const sum = (key: keyof Counts) => counts.reduce((n, c) => n + c[key], 0);
  return {
    date: inventory.date,
    repositories: Object.fromEntries(inventory.repositories.map((r) => [r.name, r.counts ?? { failed: r.error ?? 'not scanned' }])),
    total: { calls: sum('calls'), automatic: sum('automatic'), person: sum('person') },
    ...(failed.length === 0 ? {} : { failed }),
  };
}

/** The merged report with each path led by its repository's name: what the Markdown and the page show. */
function namedReport(inventory: Inventory): ScanReport {
  const files = inventory.files.map(({ repository, owners: _owners, ...file }) => {
    const prefix = (path: string) => `${repository}/${path}`;
    const [rebased] = rebase({ files: [{ ...file, sites: file.sites.map(({ repository: _r, ...site }) => site) }], totals: inventory.totals, ignored: inventory.ignored }, prefix).files;
    return rebased!;
  });
  return { files, totals: inventory.totals, ignored: inventory.ignored };
}

async function writeReports(out: string, inventory: Inventory, outcomes: readonly Outcome[], history: readonly HistoryLine[], version: string): Promise<void> {
  const { toSarif } = await import('./report/sarif.js');
  const { toMarkdown } = await import('./report/markdown.js');
  const { toHtml } = await import('./report/html.js');
  const { readCodeowners } = await import('./report/codeowners.js');
  writeFileAtomic(join(out, 'inventory.json'), `${JSON.stringify(inventory, null, 2)}\n`);

  const owners = new Map<string, { readonly codeowners?: OwnersOf; readonly owners: readonly string[] }>();
  /** By repository: the link of a file (its path in the repository's report) at a line. */
  const links = new Map<string, (path: string, line: number) => string>();
  const encode = (path: string) => path.split('/').map(encodeURIComponent).join('/');
  for (const { repository, report, dir, commit } of outcomes) {
    const sarifFile = join(out, `${repository.name}.sarif`);
    if (report === undefined || dir === undefined) {
      // A report of an earlier run would pass for this run's.
      rmSync(sarifFile, { force: true });
      owners.set(repository.name, { owners: repository.owners });
      continue;
    }
    // As scan writes SARIF: paths from the repository's root, fingerprints from the files' text.
    const root = repositoryRoot(dir);
    const real = realpathSync(dir);
    const fromRoot = rebase(report, (path) => toPosix(relative(root, isAbsolute(path) ? path : resolve(real, path))));
    const textOf = (path: string) => {
      try {
        return readFileSync(resolve(root, path), 'utf8');
      } catch {
        return undefined;
      }
    };
    writeFileAtomic(sarifFile, `${JSON.stringify(toSarif({ report: fromRoot, version, root, textOf }), null, 2)}\n`);
    // On GitHub, the line at the commit scanned; elsewhere the file on this machine, from the reports' folder (other
    // hosts spell their links each their own way).
    const base = repository.url === undefined || commit === undefined ? undefined : blobBase(repository.url, commit);
    const fromRootOf = (path: string) => toPosix(relative(root, resolve(real, path)));
    links.set(repository.name, base === undefined
      ? (path, line) => `${encode(toPosix(relative(out, resolve(real, path))))}#L${line}`
      : (path, line) => `${base}${encode(fromRootOf(path))}#L${line}`);
    const codeowners = readCodeowners(root);
    owners.set(repository.name, { owners: repository.owners, ...(codeowners === undefined ? {} : { codeowners: (path) => codeowners(fromRootOf(path)) }) });
  }

  const linkOf = (site: { readonly path: string; readonly line: number }) => {
    const slash = site.path.indexOf('/');
    return links.get(site.path.slice(0, slash))?.(site.path.slice(slash + 1), site.line);
  };
  const named = namedReport(inventory);
  writeFileAtomic(join(out, 'inventory.md'), `${repositoriesMarkdown(inventory)}\n${toMarkdown(named, { linkBase: '', linkOf })}`);

  // A call's owners: its repository's CODEOWNERS where a rule names some, else the manifest's owners of the repository.
  const ownersOf: OwnersOf = (path) => {
    const slash = path.indexOf('/');
    const entry = owners.get(path.slice(0, slash));
    if (entry === undefined) return [];
    const byCode = entry.codeowners?.(path.slice(slash + 1)) ?? [];
    return byCode.length > 0 ? byCode : entry.owners;
  };
  writeFileAtomic(
    join(out, 'index.html'),
    toHtml(named, { version, made: { date: inventory.date }, ownersOf, linkOf, ownersFrom: "each repository's CODEOWNERS, else the manifest's owners", campaign: { html: campaignHtml(inventory, history), style: CAMPAIGN_STYLE } }),
  );
}

/** The prefix of the links to a GitHub repository's files at a commit, from its https URL; undefined for other URLs. */
export function blobBase(url: string, commit: string): string | undefined {
  const web = /^https:\/\/github\.com\/[^/]+\/[^/]+?(?=(\.git)?\/?$)/.exec(url)?.[0];
  return web === undefined ? undefined : `${web}/blob/${commit}/`;
}

function summaryLines(inventory: Inventory, history: readonly HistoryLine[], out: string, historyFile: string, cwd: string): string[] {
  const total = countsOf(inventory);
  const failed = inventory.repositories.filter((r) => r.error !== undefined);
  const shown = (path: string) => relative(cwd, path) || '.';
  const lines = [
    `app-assignment campaign: ${inventory.repositories.length - failed.length} of ${inventory.repositories.length} repositories scanned: ` +
      `${total.calls} deprecated calls, ${total.automatic} with an exact rewrite, ${total.person} for a person; ${inventory.totals.errors} files that did not parse.`,
  ];
  const width = Math.max(10, ...inventory.repositories.map((r) => r.name.length));
  lines.push('', `${'repository'.padEnd(width)}  ${'calls'.padStart(5)}  ${'automatic'.padStart(9)}  ${'person'.padStart(6)}  owners`);
  for (const r of inventory.repositories) {
    lines.push(r.counts === undefined
      ? `${r.name.padEnd(width)}  failed: ${r.error}`
      : `${r.name.padEnd(width)}  ${String(r.counts.calls).padStart(5)}  ${String(r.counts.automatic).padStart(9)}  ${String(r.counts.person).padStart(6)}  ${r.owners.join(' ')}`.trimEnd());
  }
  if (history.length > 1) {
    const first = history[0]!;
    lines.push('', `since ${first.date.slice(0, 10)} (${history.length} runs): ${first.total.calls} -> ${total.calls} calls left`);
  }
  lines.push('', `reports: ${shown(out)}/ (index.html, inventory.json, inventory.md, one .sarif per repository); history: ${shown(historyFile)}`);
  if (failed.length > 0) lines.push(`${failed.length} repositories could not be scanned (listed above): the run exits 1`);
  return lines;
}
