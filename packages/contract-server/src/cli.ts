#!/usr/bin/env node
/**
 * The command `app-assignment-contract-server`: starts the contract server for a test run in another process,
 * prints the one line a script waits for (the URL), and stops cleanly on SIGINT or SIGTERM.
 * Exit codes: 0 on a clean stop, --help or --version; 2 on bad options or an unusable seed; 1 if it cannot listen.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultSeed, loadSeed, type Seed, SeedError } from './seed.js';
import { start } from './server.js';

const USAGE = `Usage: app-assignment-contract-server [--port N] [--host H] [--seed file.json]

Starts an HTTP server that implements the app-assignment API document.

Options:
  --port N          port to listen on; 0 (the default) picks a free one
  --host H          address to listen on (default 127.0.0.1, loopback only)
  --seed file.json  directories, businesses, apps and tokens to start with
                    (default: the bundled seed, listed in docs/contract-server.md)
  --help            print this help and exit
  --version         print the version and exit

Prints "contract server listening on <url>" once it listens; stops on SIGINT or SIGTERM.`;

class UsageError extends Error {}

async function main(argv: readonly string[]): Promise<number> {
  let values: { port?: string; host?: string; seed?: string; help?: boolean; version?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean' },
        version: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.version === true) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }

  let port: number;
  let seed: Seed;
  try {
    port = parsePort(values.port);
    if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host needs an address');
    seed = values.seed === undefined ? defaultSeed() : await loadSeed(values.seed);
  } catch (error) {
    if (error instanceof UsageError) return usageError(error.message);
    // The usage text would bury the list of problems, and the options were right: only the seed is not.
    if (error instanceof SeedError) return fail(error.message);
    throw error;
  }

  let server;
  try {
    server = await start({ port, seed, ...(values.host === undefined ? {} : { host: values.host }) });
  } catch (error) {
    process.stderr.write(
      `app-assignment-contract-server: cannot listen: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  process.stdout.write(`contract server listening on ${server.url}\n`);

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  await server.close();
  process.stderr.write(`contract server stopped (${signal})\n`);
  return 0;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 0;
  if (!/^[0-9]+$/.test(raw) || Number(raw) > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, not "${raw}"`);
  }
  return Number(raw);
}

function usageError(message: string): number {
  return fail(`${message}\n\n${USAGE}`);
}

function fail(message: string): number {
  process.stderr.write(`app-assignment-contract-server: ${message}\n`);
  return 2;
}

function packageVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const version =
    typeof manifest === 'object' && manifest !== null ? (manifest as { version?: unknown }).version : undefined;
  return typeof version === 'string' ? version : 'unknown';
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `app-assignment-contract-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
