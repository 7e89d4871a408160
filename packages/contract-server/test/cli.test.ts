import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultSeed } from '../src/index.js';
import { TOKENS } from './helpers.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const LISTENING = /^contract server listening on (http:\/\/127\.0\.0\.1:(\d+))$/m;

interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

const running = new Set<ChildProcess>();

function launch(args: readonly string[]): {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  finished: Promise<Finished>;
} {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const finished = new Promise<Finished>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      // 'exit' can come before the last output; 'close' comes after the streams are drained.
      child.on('close', () => resolve({ code, signal, ...output }));
    });
  });
  return { child, output, finished };
}

function waitForUrl(output: { stdout: string }, finished: Promise<Finished>): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const url = LISTENING.exec(output.stdout)?.[1];
      if (url !== undefined) {
        clearInterval(timer);
        resolve(url);
      }
    }, 10);
    void finished.then((result) => {
      clearInterval(timer);
      reject(new Error(`the server exited before listening: ${JSON.stringify(result)}`));
    });
  });
}

beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: build first (pnpm build, or npx tsc -b packages/contract-server)`);
});
// A failed assertion must not leave a server running; only the processes this file started are stopped.
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
});

describe('app-assignment-contract-server', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints the URL, serves the default seed, and exits 0 on %s',
    async (signal) => {
      const { child, output, finished } = launch(['--port', '0']);
      const url = await waitForUrl(output, finished);
      expect(output.stdout.trim().split('\n')).toHaveLength(1);

      const response = await fetch(`${url}/v1/partners/reports/business?email=omar.haddad%40harbordental.example`, {
        headers: { authorization: `Token token="${TOKENS.partner}"` },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('"sms_balance:":0');

      child.kill(signal);
      const result = await finished;
      expect(result).toMatchObject({ code: 0, signal: null });
      expect(result.stderr).toContain(`stopped (${signal})`);
    },
  );

  it('serves a seed file given with --seed, and exposes the helper routes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-cli-'));
    try {
      const seed = defaultSeed();
      const path = join(dir, 'seed.json');
      await writeFile(path, JSON.stringify({ ...seed, tokens: [{ value: 'only-internal', kind: 'internal' }] }));
      const { child, output, finished } = launch(['--seed', path, '--port=0', '--host', '127.0.0.1']);
      const url = await waitForUrl(output, finished);
      const assign = (token: string) =>
        fetch(`${url}/v3/apps/app_assignments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            assignee_type: 'directory',
            assignee_uid: 'dir_harbor',
            app_code_name: 'harbor-booking',
          }),
        });
      expect((await assign('only-internal')).status).toBe(201);
      expect((await assign(TOKENS.internal)).status).toBe(401);
      const stored = await fetch(`${url}/__contract/assignments`);
      expect(await stored.json()).toEqual([expect.objectContaining({ app_code_name: 'harbor-booking', via: 'v3' })]);
      child.kill('SIGTERM');
      expect((await finished).code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, not "abc"/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--port'], /--port/],
    [['extra'], /positional argument/],
    [['--host', ''], /--host needs an address/],
  ])('exits 2 with a message for the options %j', async (args, message) => {
    const result = await launch(args).finished;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('exits 2 when the seed file cannot be read', async () => {
    const result = await launch(['--seed', '/nonexistent/seed.json']).finished;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot read seed file \/nonexistent\/seed\.json: ENOENT/);
  });

  it('exits 2 and lists the problems of an invalid seed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-cli-'));
    try {
      const path = join(dir, 'bad.json');
      await writeFile(
        path,
        JSON.stringify({ ...defaultSeed(), apps: [{ app_code_name: 'x', app_id: 'one', owner: 'dir_harbor' }] }),
      );
      const result = await launch(['--seed', path]).finished;
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('apps[0].app_id: expected a non-negative integer, got the string "one"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 when it cannot listen', async () => {
    const first = launch(['--port', '0']);
    const url = await waitForUrl(first.output, first.finished);
    const port = new URL(url).port;
    const second = await launch(['--port', port]).finished;
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/cannot listen: .*EADDRINUSE/);
    first.child.kill('SIGTERM');
    expect((await first.finished).code).toBe(0);
  });

  it('prints usage for --help and the version for --version, exiting 0', async () => {
    const help = await launch(['--help']).finished;
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(
      /^Usage: app-assignment-contract-server \[--port N\] \[--host H\] \[--seed file\.json\]/,
    );
    const version = await launch(['--version']).finished;
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});
