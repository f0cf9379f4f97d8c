// `npm run users -- <command>` (cli/users.ts): runs one command on the configured database, migrated first.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { embeddedServerRunning, runUsersCommand } from './cli/users.ts';

const config = loadConfig();
const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };

process.exitCode = await runUsersCommand(
  process.argv.slice(2),
  async () => {
    if (!config.databaseUrl) {
      // An embedded database belongs to one process: the server's, while it runs.
      const pid = embeddedServerRunning(config.dataDir);
      if (pid !== null) {
        console.error(`The server is running on the embedded database (process ${pid}): stop it first.`);
        process.exit(1);
      }
    }
    const database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
    await database.migrate();
    return database;
  },
  config,
  io,
);
