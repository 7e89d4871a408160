/**
 * Generates a tree of realistic TypeScript modules for the benchmarks: services, React-free view models, utilities,
 * with imports, interfaces, classes, `Object.assign`, other HTTP calls, and in a given share of files one call of
 * the deprecated operation through one of the clients. Deterministic for a given seed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
}

const NOUNS = ['account', 'invoice', 'booking', 'customer', 'report', 'session', 'ticket', 'schedule', 'payment', 'profile'];

function ordinaryModule(rand, i) {
  const noun = NOUNS[i % NOUNS.length];
  const Noun = noun[0].toUpperCase() + noun.slice(1);
  const fields = Array.from({ length: 4 + Math.floor(rand() * 6) }, (_, k) => `  ${noun}Field${k}: ${k % 2 ? 'string' : 'number'};`);
  const methods = Array.from({ length: 3 + Math.floor(rand() * 5) }, (_, k) => `
  async load${Noun}${k}(id: string): Promise<${Noun}> {
    const response = await fetch(\`\${this.base}/api/v2/${noun}s/\${encodeURIComponent(id)}?page=${k}\`, {
      headers: { Authorization: \`Bearer \${this.token}\` },
    });
    if (!response.ok) throw new Error(\`could not load ${noun} \${id}: \${response.status}\`);
    const data = (await response.json()) as Partial<${Noun}>;
    return Object.assign({}, DEFAULT_${noun.toUpperCase()}, data) as ${Noun};
  }`);
  return `import { formatDate, logger } from '../util/format${i % 7}';
import type { Paging } from '../types';

export interface ${Noun} {
${fields.join('\n')}
}

const DEFAULT_${noun.toUpperCase()}: Partial<${Noun}> = {};

/** Talks to the ${noun} service. */
export class ${Noun}Service${i} {
  constructor(private readonly base: string, private readonly token: string) {}
${methods.join('\n')}

  describe(item: ${Noun}, paging: Paging): string {
    logger.debug('describing', { item, paging });
    return [formatDate(new Date()), JSON.stringify(item), String(paging.page)].join(' | ');
  }
}

export function total${Noun}s(items: readonly ${Noun}[]): number {
  return items.reduce((sum, item) => sum + Object.keys(item).length, 0);
}
`;
}

const CALLS = [
  (i) => `import axios from 'axios';\n\nexport async function assign${i}(code: string, directoryUid: string) {\n  const res = await axios.post(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, {\n    directory_uid: directoryUid,\n    is_internal: 'true',\n  });\n  return res.status;\n}\n`,
  (i) => `export async function assign${i}(code: string, businessUid: string, token: string) {\n  const response = await fetch(\`/platform/v1/apps/\${encodeURIComponent(code)}/assign\`, {\n    method: 'POST',\n    headers: { Authorization: \`Bearer \${token}\` },\n    body: JSON.stringify({ business_uid: businessUid }),\n  });\n  return response.status;\n}\n`,
  (i) => `import got from 'got';\n\nexport async function assign${i}(code: string, directoryUid: string) {\n  return got.post(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { json: { directory_uid: directoryUid, built_in: 'true' } });\n}\n`,
];

/** Writes `count` files under `dir` (emptied first); `share` of them (0..1) call the deprecated operation. */
export function generateTree(dir, count, share, seed = 42) {
  rmSync(dir, { recursive: true, force: true });
  const rand = random(seed);
  const every = Math.round(1 / share);
  let calls = 0;
  for (let i = 0; i < count; i++) {
    const folder = join(dir, 'src', `area${i % 25}`, `feature${i % 8}`);
    mkdirSync(folder, { recursive: true });
    let text = ordinaryModule(rand, i);
    if (i % every === every - 1) {
      text = `${CALLS[calls % CALLS.length](i)}\n${text.replace(/^import .*\n/gm, '')}`;
      calls++;
    }
    writeFileSync(join(folder, `module${i}.ts`), text);
  }
  return { files: count, calls };
}
