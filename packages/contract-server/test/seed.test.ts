import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSeed, loadSeed, type Seed, SeedError, start, validateSeed } from '../src/index.js';
import { getReport, postJson, TOKENS, V3_PATH } from './helpers.js';

/** A deep, mutable copy of the default seed, to break on purpose. */
function seedCopy(): Record<string, Record<string, unknown>[]> {
  return JSON.parse(JSON.stringify(defaultSeed())) as Record<string, Record<string, unknown>[]>;
}

function problemsOf(value: unknown): readonly string[] {
  try {
    validateSeed(value);
  } catch (error) {
    if (error instanceof SeedError) return error.problems;
    throw error;
  }
  throw new Error('the seed was accepted');
}

describe('the default seed', () => {
  const seed = defaultSeed();

  it('is valid', () => {
    expect(() => validateSeed(seed)).not.toThrow();
  });

  it('has two directories with two businesses each', () => {
    expect(seed.directories.length).toBeGreaterThanOrEqual(2);
    expect(seed.businesses).toHaveLength(4);
    for (const directory of seed.directories.slice(0, 2)) {
      expect(seed.businesses.filter((b) => b.directory === directory.uid)).toHaveLength(2);
    }
  });

  it('has a business whose e-mail address contains a "+"', () => {
    expect(seed.businesses.some((b) => b.email.includes('+'))).toBe(true);
  });

  it('has five or more apps, each owned by one of its directories', () => {
    expect(seed.apps.length).toBeGreaterThanOrEqual(5);
    const directories = new Set(seed.directories.map((d) => d.uid));
    for (const app of seed.apps) expect(directories.has(app.owner)).toBe(true);
  });

  it('has one internal token, one directory token per directory and one partner key', () => {
    expect(seed.tokens.filter((t) => t.kind === 'internal')).toHaveLength(1);
    expect(seed.tokens.filter((t) => t.kind === 'partner')).toHaveLength(1);
    const directoryTokens = seed.tokens.flatMap((t) => (t.kind === 'directory' ? [t.directory] : []));
    expect(directoryTokens.sort()).toEqual(seed.directories.map((d) => d.uid).sort());
  });

  it('is a fresh copy on each call', () => {
    const first = defaultSeed() as unknown as { apps: unknown[] };
    first.apps.length = 0;
    expect(defaultSeed().apps.length).toBeGreaterThanOrEqual(5);
  });

  it('is listed in full in docs/contract-server.md', async () => {
    const docs = await readFile(new URL('../../../docs/contract-server.md', import.meta.url), 'utf8');
    const names = [
      ...seed.tokens.map((t) => t.value),
      ...seed.apps.flatMap((a) => [a.app_code_name, String(a.app_id)]),
      ...seed.directories.map((d) => d.uid),
      ...seed.businesses.flatMap((b) => [b.uid, b.email]),
    ];
    const missing = names.filter((name) => !docs.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('validateSeed', () => {
  it('rejects a seed that is not an object', () => {
    expect(problemsOf([])).toEqual(['(root): expected an object, got an array']);
  });

  it('names missing and unknown top-level keys', () => {
    const seed: Record<string, unknown> = { ...seedCopy(), users: [] };
    delete seed['tokens'];
    expect(problemsOf(seed)).toEqual(['(root).tokens: missing', '(root).users: unknown key (a typo?)']);
  });

  it('names a section that is not an array', () => {
    expect(problemsOf({ ...seedCopy(), apps: {} })).toEqual(['apps: expected an array, got an object']);
  });

  it('names every problem of a business, with its path', () => {
    const seed = seedCopy();
    const business = seed['businesses']?.[1] ?? {};
    delete business['first_name'];
    business['sms_balance'] = '12';
    business['hide_address'] = 'false';
    business['external_params'] = { crm: 7 };
    business['directory'] = 'dir_nowhere';
    business['emial'] = 'typo@example.com';
    expect(problemsOf(seed)).toEqual([
      'businesses[1].emial: unknown key (a typo?)',
      'businesses[1].directory: no directory has uid "dir_nowhere"',
      'businesses[1].first_name: missing',
      'businesses[1].hide_address: expected a boolean, got the string "false"',
      'businesses[1].sms_balance: expected an integer, got the string "12"',
      'businesses[1].external_params.crm: expected a string, got number 7',
    ]);
  });

  it('rejects duplicate uids, code names, app ids, token values and e-mails that differ only in case', () => {
    const seed = seedCopy();
    const [business0, business1] = seed['businesses'] ?? [];
    const [app0, app1] = seed['apps'] ?? [];
    const [token0, token1] = seed['tokens'] ?? [];
    Object.assign(business1 ?? {}, { uid: business0?.['uid'], email: String(business0?.['email']).toUpperCase() });
    Object.assign(app1 ?? {}, { app_code_name: app0?.['app_code_name'], app_id: app0?.['app_id'] });
    Object.assign(token1 ?? {}, { value: token0?.['value'] });
    seed['directories']?.push({ uid: 'dir_harbor' });
    expect(problemsOf(seed)).toEqual([
      'directories[2].uid: duplicate directory uid "dir_harbor"',
      'businesses[1].uid: duplicate business uid "biz_harbor_yoga"',
      'businesses[1].email: duplicate e-mail address (compared without case) "maya.lindqvist+studio@harboryoga.example"',
      'apps[1].app_code_name: duplicate app code name "harbor-booking"',
      'apps[1].app_id: duplicate app_id "1001"',
      'tokens[1].value: duplicate token value "internal-token-7c1e9a4f"',
    ]);
  });

  it('rejects an app_id that is not a non-negative integer, and a code name that is also an app_id', () => {
    const seed = seedCopy();
    const apps = seed['apps'] ?? [];
    Object.assign(apps[0] ?? {}, { app_id: '1001' });
    Object.assign(apps[1] ?? {}, { app_id: -3 });
    Object.assign(apps[2] ?? {}, { app_code_name: '2001', owner: '' });
    expect(problemsOf(seed)).toEqual([
      'apps[0].app_id: expected a non-negative integer, got the string "1001"',
      'apps[1].app_id: expected a non-negative integer, got number -3',
      'apps[2].owner: expected a non-empty string, got the string ""',
      'apps[2].app_code_name: "2001" is also an app_id; a code name must not be',
    ]);
  });

  it('checks token kinds, the directory of directory tokens, and characters a header cannot carry', () => {
    const seed = seedCopy();
    seed['tokens'] = [
      { value: 'a', kind: 'admin' },
      { value: 'b', kind: 'directory' },
      { value: 'c', kind: 'internal', directory: 'dir_harbor' },
      { value: 'has space', kind: 'partner' },
      { value: 'has"quote', kind: 'partner' },
      { value: 'd', kind: 'directory', directory: 'dir_nowhere' },
    ];
    expect(problemsOf(seed)).toEqual([
      'tokens[0].kind: expected one of "internal", "directory", "partner", got the string "admin"',
      'tokens[1].directory: missing',
      'tokens[2].directory: unknown key (a typo?)',
      'tokens[3].value: a token must be printable ASCII without spaces or double quotes',
      'tokens[4].value: a token must be printable ASCII without spaces or double quotes',
      'tokens[5].directory: no directory has uid "dir_nowhere"',
    ]);
  });

  it('says everything in the error message, one problem per line', () => {
    const seed = seedCopy();
    Object.assign(seed['apps']?.[0] ?? {}, { owner: 'dir_nowhere' });
    expect(() => validateSeed(seed, 'my seed')).toThrow(
      'my seed is not valid:\n  - apps[0].owner: no directory has uid "dir_nowhere"',
    );
  });

  it('returns a copy, so a later change to the input does not reach a server', () => {
    const seed = seedCopy();
    const validated = validateSeed(seed);
    (seed['apps'] ?? []).length = 0;
    expect(validated.apps.length).toBeGreaterThanOrEqual(5);
  });
});

describe('loadSeed', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contract-seed-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads a valid seed file', async () => {
    const path = join(dir, 'valid.json');
    await writeFile(path, JSON.stringify(defaultSeed()));
    expect(await loadSeed(path)).toEqual(defaultSeed());
  });

  it('says when the file cannot be read', async () => {
    await expect(loadSeed(join(dir, 'absent.json'))).rejects.toThrow(/^cannot read seed file .*absent\.json: ENOENT/);
  });

  it('says when the file is not JSON', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{ "directories": [ ');
    await expect(loadSeed(path)).rejects.toThrow(/broken\.json is not valid JSON/);
  });

  it('says what is wrong with an invalid seed, naming the file', async () => {
    const path = join(dir, 'invalid.json');
    await writeFile(
      path,
      JSON.stringify({ directories: [], businesses: [], apps: [], tokens: [{ value: 'x', kind: 'root' }] }),
    );
    const error = await loadSeed(path).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SeedError);
    expect((error as SeedError).message).toContain(`seed file ${path} is not valid`);
    expect((error as SeedError).problems).toEqual([
      'tokens[0].kind: expected one of "internal", "directory", "partner", got the string "root"',
    ]);
  });
});

describe('start() with a seed', () => {
  it('serves the seed it is given', async () => {
    const seed: Seed = {
      directories: [{ uid: 'd1' }],
      businesses: [
        {
          uid: 'b1',
          directory: 'd1',
          first_name: 'Ada',
          last_name: 'Byron',
          email: 'ada@example.com',
          business_name: 'Engines',
          business_phone: '1',
          business_address: 'London',
          business_description: '',
          hide_address: false,
          login_token: 'lt',
          account_locked: false,
          account_in_trial: false,
          tags: '',
          sms_balance: 3,
          external_params: {},
          service_package: 'Basic',
        },
      ],
      apps: [{ app_code_name: 'engine', app_id: 1, owner: 'd1' }],
      tokens: [
        { value: 'i', kind: 'internal' },
        { value: 'p', kind: 'partner' },
      ],
    };
    const server = await start({ seed });
    try {
      const assigned = await postJson(
        server,
        V3_PATH,
        { assignee_type: 'business', assignee_uid: 'b1', app_code_name: 'engine' },
        { token: 'i' },
      );
      expect(assigned.status).toBe(201);
      const report = await getReport(server, '?email=ada%40example.com', 'Token token="p"');
      expect(report.status).toBe(200);
      const defaultToken = await postJson(server, V3_PATH, {}, { token: TOKENS.internal });
      expect(defaultToken.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('refuses an invalid seed before listening', async () => {
    const seed = { ...defaultSeed(), apps: [{ app_code_name: 'x', app_id: 1, owner: 'nobody' }] };
    await expect(start({ seed })).rejects.toThrow(SeedError);
  });
});
