import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MIN_LENGTH } from '@tt/domain';
// The passwords of PASSWORD_MIN_LENGTH or more characters in zxcvbn-ts's list of common passwords
// (@zxcvbn-ts/language-common 4.1.3, MIT), in lower case, and a few that South Africans choose often.
import commonList from './common-passwords.json';

/**
 * Passwords are hashed with scrypt, which is memory-hard (Node's own: no native package to build). 2^15 x 8 x 128
 * bytes is 32 MiB and about 50-100 ms a hash on one core of a small server: slow for a guesser, quick for a person.
 * The parameters are kept in the hash, so they can be raised later and old hashes still verify.
 */
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLEL = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
// Node refuses more than 32 MiB by default, which is exactly 128 * N * r here: leave room.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Runs on libuv's thread pool: the event loop keeps serving requests meanwhile.
    scrypt(password.normalize('NFKC'), salt, bytes, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N: COST, r: BLOCK_SIZE, p: PARALLEL }, KEY_BYTES);
  return ['scrypt', COST, BLOCK_SIZE, PARALLEL, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Whether the password is the one hashed; compared in constant time. A hash of another shape never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** A hash no password matches, verified against when there is no account, so that both answers take as long. */
let decoy: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
}

const common = new Set<string>(commonList);

/**
 * Whether a new password is too easy to guess: one of the most common passwords, one character repeated, or the
 * account's own mobile number or email address.
 */
export function isGuessable(password: string, identifier?: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  if (new Set(lower).size <= 2 && lower.length >= PASSWORD_MIN_LENGTH) return true;
  if (!identifier) return false;
  const id = identifier.toLowerCase();
  const digits = (text: string) => text.replace(/\D/g, '');
  return (
    lower === id ||
    lower === id.split('@')[0] ||
    (digits(lower).length >= 9 && digits(lower) === lower && id.endsWith(digits(lower).slice(-9)))
  );
}
