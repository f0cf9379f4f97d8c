import { fileURLToPath } from 'node:url';

// Resolved from this file, two levels below apps/server; the built bundle (dist/server/main.js) sits at
// the same depth, so the same relative path is right in development and in the build.
/** The built web app that the server serves. */
export const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
