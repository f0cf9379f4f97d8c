// The e2e servers' databases. Every server (one per project, and the second servers of provider-server.ts)
// still gets its own fresh database holding exactly the demo seed; but migrating and seeding, most of a
// server's start, happens once per run, into a template that each server copies. The template is made by
// the compiled server itself, with its jobs off, so a copy is what a fresh start would have seeded.
//
//   node seeded-data.mjs --template   makes the template in E2E_TEMPLATE_DIR, says so, and stays up until
//                                     stopped (playwright.config.ts's first webServer: the project servers
//                                     start after it, each within its own time limit)
//   node seeded-data.mjs              fills DATA_DIR with a copy of the template (made first if need be)
//                                     (playwright.config.ts runs it before each project's server)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled server, as `npm start` runs it (`npm run test:e2e` builds first). */
export const serverMain = fileURLToPath(new URL('../apps/server/dist/server/main.js', import.meta.url));

/**
 * Fills `dataDir` (new and empty) with a copy of the migrated, seeded template in `templateDir`; the first
 * caller of the run makes the template, any other waits for it.
 * @param {string} templateDir
 * @param {string} dataDir
 */
export async function copySeededDatabase(templateDir, dataDir) {
  await ensureTemplate(templateDir);
  cpSync(join(templateDir, 'data'), dataDir, { recursive: true });
}

/** @param {string} templateDir */
async function ensureTemplate(templateDir) {
  const data = join(templateDir, 'data');
  const ready = join(templateDir, 'ready');
  const failed = join(templateDir, 'failed');
  let mine = true;
  try {
    mkdirSync(data); // atomic: exactly one caller makes the template
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    mine = false;
  }
  if (mine) {
    try {
      await seed(data);
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    writeFileSync(ready, '');
    return;
  }
  // Another server is making it; making it takes as long as a fresh start did.
  for (let waited = 0; !existsSync(ready); waited += 250) {
    if (existsSync(failed)) throw new Error(`The seeded template in ${templateDir} could not be made`);
    if (waited > 300_000) throw new Error(`The seeded template in ${templateDir} was not ready in 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts the compiled server on `dataDir` (it migrates and seeds, as on any first start), with no jobs and
 * on a free port, and stops it cleanly once it listens.
 * @param {string} dataDir
 */
function seed(dataDir) {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, ['--enable-source-maps', serverMain], {
      // DEMO_LOGIN=true: the servers run as in production (NODE_ENV), where demo sign-in is off unless asked for.
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        JOBS: 'false',
        LOG_LEVEL: 'info',
        DEMO_LOGIN: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stopping = false;
    const collect = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      // Listening comes after its signal handlers are in place: then SIGTERM closes the database, and it exits.
      if (!stopping && output.includes('"msg":"Server listening at')) {
        stopping = true;
        server.kill('SIGTERM');
      }
    };
    server.stdout.on('data', collect);
    server.stderr.on('data', collect);
    server.on('error', reject);
    server.on('exit', (code, signal) => {
      if (stopping && code === 0) resolve(undefined);
      else reject(new Error(`Seeding the template ended with ${signal ?? `exit code ${code}`}:\n${output}`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { E2E_TEMPLATE_DIR: templateDir, DATA_DIR: dataDir } = process.env;
  if (!templateDir) throw new Error('seeded-data.mjs needs E2E_TEMPLATE_DIR');
  if (process.argv.includes('--template')) {
    await ensureTemplate(templateDir);
    console.log('seeded template ready');
    // A webServer of Playwright's runs until the run ends; it is stopped then.
    setInterval(() => undefined, 60_000);
  } else {
    if (!dataDir) throw new Error('seeded-data.mjs needs DATA_DIR');
    await copySeededDatabase(templateDir, dataDir);
  }
}
