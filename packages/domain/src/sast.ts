// South African time without Intl: zod-free and import-free, for the screens' first render as much as the server.

/** South Africa keeps UTC+2 all year (no daylight saving since 1944): Johannesburg time is UTC shifted by two hours. */
export const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

/** The instant as Johannesburg wall-clock time: read it with the Date's UTC getters (`getUTCDate()`, ...). */
export const inSast = (at: Date): Date => new Date(at.getTime() + SAST_OFFSET_MS);
