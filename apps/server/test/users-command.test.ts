import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { embeddedServerRunning, runUsersCommand, SERVER_PID_FILE } from '../src/cli/users.ts';
import { count, createTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'http://localhost:3000';

describe('npm run users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    let opened = 0;
    const code = await runUsersCommand(
      args,
      async () => {
        opened += 1;
        return { db: t.db, close: async () => undefined };
      },
      { publicUrl: PUBLIC_URL, demoLoginExplicit: true },
      { out: (line) => out.push(line), err: (line) => err.push(line) },
    );
    return { code, out: out.join('\n'), err: err.join('\n'), opened };
  }

  it('makes the first administrator, whose link sets the password they then sign in with', async () => {
    const made = await run('add-admin', '072', '555', '0144', '--name', 'Ayanda Mokoena');
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('+27 72 555 0144 is an administrator (new account #');
    const link = /(http:\/\/localhost:3000\/reset-password\?token=(\S+))/.exec(made.out);
    expect(link).not.toBeNull();
    const [row] = await t.db.select().from(users).where(eq(users.mobile, '+27725550144'));
    expect(row).toMatchObject({
      role: 'admin',
      name: 'Ayanda Mokoena',
      demo_world: false,
      password_hash: null,
    });

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token: decodeURIComponent(link![2]!), password: 'The first admin of Tembisa' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: '0725550144', password: 'The first admin of Tembisa' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ role: 'admin', mobile: '+27725550144' });

    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/#\d+ {2}Ayanda Mokoena {2}\+27 72 555 0144 {2}\(active, password set\)/);
  });

  it('makes an existing account an administrator, keeping its role to restore', async () => {
    const [row] = await t.db
      .insert(users)
      .values({ email: 'zodwa@example.org', name: 'Zodwa', role: 'trader' })
      .returning({ id: users.id });
    const made = await run('add-admin', 'Zodwa@Example.org');
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain(`zodwa@example.org is an administrator (account #${row!.id})`);
    const [after] = await t.db.select().from(users).where(eq(users.id, row!.id));
    expect(after).toMatchObject({ role: 'admin', previous_role: 'trader', name: 'Zodwa' });
  });

  it.each([
    [['add-admin', '--force', '082 555 0101'], 'Unknown option: --force'],
    [['add-admin'], 'add-admin takes a mobile number or an email address.'],
    [['add-admin', '12345'], 'Not a South African mobile number or an email address: 12345'],
    [['add-admin', '082 555 0101', '--name'], "--name takes the administrator's name."],
    [['list', '--name', 'X'], '--name goes with add-admin.'],
    [['remove-admin', 'x'], 'Unknown command: remove-admin'],
    [[], 'Name a command.'],
  ])(
    'refuses %j with a clear message and exit code 2, without opening the database',
    async (args, message) => {
      const before = await count(t.db, 'users');
      const refused = await run(...args);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain(message);
      expect(refused.opened).toBe(0);
      expect(await count(t.db, 'users')).toBe(before);
    },
  );

  it('refuses a shared demo account with exit code 1', async () => {
    const refused = await run('add-admin', 'demo.retailer@township-trade.co.za');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Demo accounts are shared');
  });

  it('says help with exit code 0', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('add-admin <mobile-or-email>');
  });

  it('knows when a server holds the embedded database, and a file a crashed server left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tt-users-command-'));
    try {
      expect(embeddedServerRunning(dir)).toBeNull();
      writeFileSync(join(dir, SERVER_PID_FILE), `${process.pid}\n`);
      expect(embeddedServerRunning(dir)).toBe(process.pid);
      // A process id far above any Linux assigns.
      writeFileSync(join(dir, SERVER_PID_FILE), '4194304999\n');
      expect(embeddedServerRunning(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
