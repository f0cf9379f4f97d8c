import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';

/** What the global setup hands to every test file: where its copy of the migrated, seeded template comes from. */
export type TestDatabaseSource =
  { kind: 'pglite'; templatePath: string } | { kind: 'postgres'; adminUrl: string; template: string };

export const POSTGRES_TEMPLATE = 'tt_template';

/** The PGlite run must ignore TEST_DATABASE_URL; scripts/test-api.mjs unsets it for that run. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && url.trim() !== '' ? url : undefined;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Runs one statement on the admin database (CREATE/DROP DATABASE cannot run inside a pool's transaction). */
export async function onAdminDatabase(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops this file's database. */
  dispose(): Promise<void>;
}

/**
 * The dumped template, read once per process (the files of a run share one, vitest.config.ts: isolate false);
 * a Blob cannot be changed, and each database is built from it afresh.
 */
let template: { path: string; blob: Blob } | undefined;
function templateBlob(path: string): Blob {
  if (template?.path !== path) template = { path, blob: new BytesBlob(new Uint8Array(readFileSync(path))) };
  return template.blob;
}

/**
 * The template as a Blob whose `arrayBuffer()` copies its bytes at once. Node 20's own reads the blob through a
 * stream and joins the chunks, which was a third of each PGlite start for the template's 40-odd MB.
 */
class BytesBlob extends Blob {
  readonly #content: Uint8Array<ArrayBuffer>;
  constructor(content: Uint8Array<ArrayBuffer>) {
    super([content]);
    this.#content = content;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#content.slice().buffer);
  }
}

/** A private copy of the template: PGlite loads the dumped data dir; PostgreSQL clones the template database. */
export async function openTestDatabase(source: TestDatabaseSource): Promise<TestDatabase> {
  if (source.kind === 'pglite') {
    const database = await openDatabase({
      kind: 'pglite',
      loadDataDir: templateBlob(source.templatePath),
      // PGlite starts with PostgreSQL's 128 MB of shared buffers, and clearing them was half of each start
      // (about 0.6 s of 1.2 s, and the API run opens some 75 databases; ADR 043). A test's database is small.
      settings: { shared_buffers: '16MB' },
    });
    return { database, dispose: () => database.close() };
  }
  const name = `tt_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(source.adminUrl, name, source.template);
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(source.adminUrl, name),
    poolSize: 4,
  });
  return {
    database,
    async dispose() {
      await database.close();
      await onAdminDatabase(source.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function createFromTemplate(adminUrl: string, name: string, template: string) {
  // Several files start at once; PostgreSQL refuses a copy while another copy holds the template (55006).
  for (let attempt = 0; ; attempt += 1) {
    try {
      await onAdminDatabase(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
