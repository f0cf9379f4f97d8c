import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatE164, parseIdentifier, passwordLinkUrl, PASSWORD_LINK_MINUTES } from '@tt/domain';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDatabase } from '../db/seeds.ts';
import { addAdministrator, listAdministrators } from '../features/auth/accounts.ts';
import { endDemoSessions } from '../features/auth/service.ts';
import { AppError } from '../platform/errors.ts';

/**
 * `npm run users -- <command>`: the deployment's administrators from the command line, on PGlite or PostgreSQL
 * (docs/accounts.md). The first administrator is made here; every later one on the People screen.
 */

export const USAGE = `Usage: npm run users -- <command>

Commands:
  add-admin <mobile-or-email> [--name "Full name"]
                               Makes the account an administrator (opening it, with that name, if there is
                               none) and prints a one-time link to set its password (valid
                               ${PASSWORD_LINK_MINUTES} minutes).
  list                         Lists the administrators.
  help                         Shows this.

With the embedded database (no DATABASE_URL), stop the server first.`;

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

/** The file a server on the embedded database keeps while it runs (main.ts): its process id. */
export const SERVER_PID_FILE = 'server.pid';

/** Whether a server process still runs on this embedded database's folder. */
export function embeddedServerRunning(dataDir: string): number | null {
  const file = join(dataDir, SERVER_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it runs, as another user; ESRCH: the file outlived a server that crashed.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

type Parsed =
  | { command: 'add-admin'; identifier: string; name: string | undefined }
  | { command: 'list' }
  | { command: 'help' };

/** The command line, or the reason it is refused. */
export function parseArgs(input: readonly string[]): Parsed | { error: string } {
  const args = [...input];
  const nameAt = args.indexOf('--name');
  let name: string | undefined;
  if (nameAt >= 0) {
    name = args[nameAt + 1]?.trim();
    if (!name || name.startsWith('-')) return { error: "--name takes the administrator's name." };
    if (name.length > 120) return { error: 'The name is longer than 120 characters.' };
    args.splice(nameAt, 2);
  }
  const flag = args.find((a) => a.startsWith('-') && a !== '--help' && a !== '-h');
  if (flag) return { error: `Unknown option: ${flag}` };
  if (args.includes('--help') || args.includes('-h')) return { command: 'help' };
  const [command, ...rest] = args;
  if (name !== undefined && command !== 'add-admin') return { error: '--name goes with add-admin.' };
  switch (command) {
    case 'add-admin':
      // 082 555 0101 unquoted is three words of one number.
      if (rest.length === 0) return { error: 'add-admin takes a mobile number or an email address.' };
      return { command, identifier: rest.join(' '), name };
    case 'list':
      if (rest.length > 0) return { error: 'list takes no arguments.' };
      return { command };
    case 'help':
      return { command };
    case undefined:
      return { error: 'Name a command.' };
    default:
      return { error: `Unknown command: ${command}` };
  }
}

/**
 * Runs one command; the exit code. The database is opened (and migrated) only for a command that is valid, and
 * closed after it.
 */
export async function runUsersCommand(
  args: readonly string[],
  open: () => Promise<Pick<Database, 'db' | 'close'>>,
  config: Pick<Config, 'publicUrl' | 'demoLoginExplicit'>,
  io: CommandIo,
): Promise<number> {
  const parsed = parseArgs(args);
  if ('error' in parsed) {
    io.err(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.command === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (parsed.command === 'add-admin' && !parseIdentifier(parsed.identifier)) {
    io.err(
      `Not a South African mobile number or an email address: ${parsed.identifier}\n` +
        'Write a mobile number like 082 555 0101 or +27 82 555 0101.',
    );
    return 2;
  }
  const database = await open();
  try {
    return await run(parsed, database, config, io);
  } finally {
    await database.close();
  }
}

async function run(
  parsed: Exclude<Parsed, { command: 'help' }>,
  database: Pick<Database, 'db'>,
  config: Pick<Config, 'publicUrl' | 'demoLoginExplicit'>,
  io: CommandIo,
): Promise<number> {
  if (parsed.command === 'list') {
    const admins = await listAdministrators(database.db);
    if (admins.length === 0)
      io.out('No administrators yet. Make the first: npm run users -- add-admin <mobile-or-email>');
    for (const a of admins) {
      const status = a.closed_at ? 'closed' : a.suspended_at ? 'suspended' : 'active';
      const sign = a.email ?? (a.mobile ? formatE164(a.mobile) : '-');
      const notes = [
        status,
        a.has_password ? 'password set' : 'no password yet',
        ...(a.is_demo ? ['demo'] : []),
      ];
      io.out(`#${a.id}  ${a.name}  ${sign}  (${notes.join(', ')})`);
    }
    return 0;
  }
  const identifier = parseIdentifier(parsed.identifier)!;
  try {
    // The reference data (plans, categories) a first start would seed, for a database this command opens first.
    await seedDatabase(database.db, { demo: false });
    const made = await addAdministrator(database.db, identifier, parsed.name);
    const shown = identifier.kind === 'mobile' ? formatE164(identifier.value) : identifier.value;
    io.out(
      `${shown} is an administrator (${made.created ? 'new account' : 'account'} #${made.account.id}).\n` +
        `Open this link within ${PASSWORD_LINK_MINUTES} minutes to set the password; it works once:\n` +
        `  ${passwordLinkUrl(config.publicUrl, made.token)}`,
    );
    if (!config.demoLoginExplicit) {
      await endDemoSessions(database.db);
      io.out(
        'Demo sign-in is off from now on, since a real administrator exists (DEMO_LOGIN=true keeps it on).',
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
