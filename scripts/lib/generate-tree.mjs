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

/**
 * The calls the tree holds, in turn: each with whether its exact v3 form is known (the codemod must migrate every one
 * of those) or not (it must leave a TODO).
 */
const CALLS = [
  { exact: true, text: (i) => `import axios from 'axios';\n\nexport async function assign${i}(code: string, directoryUid: string) {\n  const res = await axios.post(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, {\n    directory_uid: directoryUid,\n    is_internal: 'true',\n  });\n  return res.status;\n}\n` },
  { exact: true, text: (i) => `export async function assign${i}(code: string, businessUid: string, token: string) {\n  const response = await fetch(\`/platform/v1/apps/\${encodeURIComponent(code)}/assign\`, {\n    method: 'POST',\n    headers: { Authorization: \`Bearer \${token}\` },\n    body: JSON.stringify({ business_uid: businessUid }),\n  });\n  return response.status;\n}\n` },
  { exact: false, text: (i) => `import got from 'got';\n\nexport async function assign${i}(code: string, directoryUid: string) {\n  return got.post(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { json: { directory_uid: directoryUid, built_in: 'true' } });\n}\n` },
  // An app code held by a const of the module.
  { exact: true, text: (i) => `import axios from 'axios';\n\nconst BASE = 'https://api.example.com';\nconst CRM_APP = 'crm-sync';\n\nexport async function assign${i}(businessUid: string) {\n  await axios.post(\`\${BASE}/platform/v1/apps/\${CRM_APP}/assign\`, { business_uid: businessUid });\n}\n` },
  // A member of an \`as const\` map of app codes.
  { exact: true, text: (i) => `import axios from 'axios';\n\nconst APPS = { crm: 'crm-sync', billing: 'billing-hub' } as const;\n\nexport async function assign${i}(businessUid: string) {\n  await axios.post(\`https://api.example.com/platform/v1/apps/\${APPS.billing}/assign\`, { business_uid: businessUid });\n}\n` },
  // A member of a string enum.
  { exact: true, text: (i) => `import axios from 'axios';\n\nenum AppCode {\n  Crm = 'crm-sync',\n  Billing = 'billing-hub',\n}\n\nexport async function assign${i}(directoryUid: string) {\n  await axios.post(\`https://api.example.com/platform/v1/apps/\${AppCode.Crm}/assign\`, { directory_uid: directoryUid });\n}\n` },
  // A flag chosen at run time by a condition without side effects.
  { exact: true, text: (i) => `import axios from 'axios';\n\nexport async function assign${i}(code: string, directoryUid: string, internal: boolean) {\n  await axios.post(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, {\n    directory_uid: directoryUid,\n    is_internal: internal ? 'true' : 'false',\n  });\n}\n` },
  // A spread of a same-file const with static keys.
  { exact: true, text: (i) => `const PRE_INSTALLED = { pre_installed: 'true' } as const;\n\nexport async function assign${i}(code: string, directoryUid: string) {\n  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, {\n    method: 'POST',\n    headers: { 'Content-Type': 'application/json' },\n    body: JSON.stringify({ ...PRE_INSTALLED, directory_uid: directoryUid }),\n  });\n  return response.status;\n}\n` },
  // A form with its content type written in the call: the same v3 body as JSON.
  { exact: true, text: (i) => `export async function assign${i}(code: string, directoryUid: string) {\n  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, {\n    method: 'POST',\n    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },\n    body: new URLSearchParams({ directory_uid: directoryUid, pre_installed: 'true' }),\n  });\n  return response.status;\n}\n` },
];

/**
 * Writes `count` files under `dir` (emptied first); `share` of them (0..1) call the deprecated operation, the calls
 * taking the shapes of CALLS in turn. Returns how many files and calls, and how many of the calls have an exact form.
 */
export function generateTree(dir, count, share, seed = 42) {
  rmSync(dir, { recursive: true, force: true });
  const rand = random(seed);
  const every = Math.round(1 / share);
  let calls = 0;
  let exact = 0;
  for (let i = 0; i < count; i++) {
    const folder = join(dir, 'src', `area${i % 25}`, `feature${i % 8}`);
    mkdirSync(folder, { recursive: true });
    let text = ordinaryModule(rand, i);
    if (i % every === every - 1) {
      const call = CALLS[calls % CALLS.length];
      text = `${call.text(i)}\n${text.replace(/^import .*\n/gm, '')}`;
      calls++;
      if (call.exact) exact++;
    }
    writeFileSync(join(folder, `module${i}.ts`), text);
  }
  return { files: count, calls, exact };
}

/**
 * One module that holds `calls` calls of the deprecated operation, one function each: three in four have an exact v3
 * form (their bodies hold no string literal, so the quote style is read from the whole file), the fourth sends
 * `built_in: 'true'` and is left with a TODO. Returns its text, how many calls, and how many of them are exact.
 */
export function callsFileText(calls) {
  const parts = ["import axios from 'axios';\n\nconst BASE = 'https://api.example.com';\n"];
  let exact = 0;
  for (let i = 0; i < calls; i++) {
    if (i % 4 === 3) {
      parts.push(`\nexport async function assign${i}(code: string, uid: string) {\n  await axios.post(\`\${BASE}/platform/v1/apps/\${code}/assign\`, { directory_uid: uid, built_in: 'true' });\n}\n`);
    } else {
      exact++;
      parts.push(`\nexport async function assign${i}(code: string, uid: string) {\n  await axios.post(\`\${BASE}/platform/v1/apps/\${code}/assign\`, { business_uid: uid });\n}\n`);
    }
  }
  return { text: parts.join(''), calls, exact };
}

/** Writes the module of `callsFileText(calls)` at `path`; returns how many calls, and how many are exact. */
export function generateCallsFile(path, calls) {
  const { text, exact } = callsFileText(calls);
  writeFileSync(path, text);
  return { calls, exact };
}
