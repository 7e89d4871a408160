/**
 * Every `app-assignment` command that docs/ci.md shows (in its shell lines and its workflows) runs as written, on a
 * small tree: no usage error, and the file it names is written. So the documented workflow cannot drift from the CLI.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tree } from './helpers/cli.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'ci.md'), 'utf8');

/** The commands, with line continuations joined, CI variables given values, and shell redirections cut off. */
const commands = doc
  .replace(/\\\n\s*/g, '')
  .split('\n')
  .flatMap((line) => {
    const match = /@app-assignment\/codemod\s+(.*)$/.exec(line);
    if (match === null) return [];
    const args = match[1]!
      .replace(/\$\{\{ matrix\.shard \}\}/g, '1')
      .replace(/"\$GITHUB_SERVER_URL\/\$GITHUB_REPOSITORY\/blob\/\$GITHUB_SHA\/"/g, 'https://github.com/o/r/blob/abc/')
      .replace(/\s+#.*$/, '')
      .split(/\s+(?:>>?|\|)\s+/)[0]!
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
  });

  const distinct = [...new Map(commands.map((args) => [args.join(' '), args])).entries()];
  it.each(distinct)('%s', (_name, args) => {
    const dir = tree({ 'src/a.ts': SOURCE, 'src/b.ts': SOURCE.replace('go', 'again') });
    const run = cli(args, dir);
    expect(run.code, run.stderr).toBe(0);
    const out = args.indexOf('--out');
    if (out !== -1) expect(existsSync(join(dir, args[out + 1]!))).toBe(true);
  });
});
