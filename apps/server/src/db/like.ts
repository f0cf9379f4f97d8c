/**
 * A LIKE / ILIKE pattern that finds `text` anywhere in a column, with the text's own `%`, `_` and `\` taken as
 * themselves (PostgreSQL's default escape character is the backslash): a search for "50%" finds "50%", not
 * everything that starts with 50.
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
