import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../../src/db/client.ts';
import { seedDemoData } from '../../src/db/seed.ts';
import {
  databaseUrl,
  onAdminDatabase,
  POSTGRES_TEMPLATE,
  testDatabaseUrl,
  type TestDatabaseSource,
} from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** Migrates and seeds once per run; every test file then starts from a copy of this template. */
export default async function setup(project: TestProject) {
  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    await onAdminDatabase(adminUrl, `DROP DATABASE IF EXISTS "${POSTGRES_TEMPLATE}" WITH (FORCE)`);
    await onAdminDatabase(adminUrl, `CREATE DATABASE "${POSTGRES_TEMPLATE}"`);
    const database = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(adminUrl, POSTGRES_TEMPLATE),
      poolSize: 1,
    });
    try {
      await database.migrate();
      await seedDemoData(database.db);
    } finally {
      // A template with an open connection cannot be copied.
      await database.close();
    }
    project.provide('testDatabase', { kind: 'postgres', adminUrl, template: POSTGRES_TEMPLATE });
    return async () => {
      await onAdminDatabase(adminUrl, `DROP DATABASE IF EXISTS "${POSTGRES_TEMPLATE}" WITH (FORCE)`);
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'tt-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const dump = await dumpPglite(database);
    const templatePath = join(dir, 'template.tar');
    writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabase', { kind: 'pglite', templatePath });
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
