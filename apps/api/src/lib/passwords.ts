import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@mlp/contract';
import { BadRequestError } from './errors.ts';

// OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane); @node-rs/argon2 runs it on the libuv pool.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The 10,000 most common passwords of the zxcvbn-ts ranked list, lower-cased. */
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common'].slice(0, 10_000).map((password) => password.toLowerCase()),
);

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random password, verified against when an e-mail is unknown so timing stays alike. */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummyHash;
}

/**
 * A login's password check. An unknown address (no hash) spends the same time on a check against a
 * dummy hash and fails like a wrong password, so the answer's timing does not tell which addresses
 * have accounts.
 */
export async function verifyLoginPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  return verifyPassword(passwordHash ?? (await getDummyHash()), password);
}

/**
 * The one password rule for learners and administrators (decision 0003): 8 to 128 characters and not
 * one of the most common passwords. Throws a 400 with a message the forms can show.
 */
export function assertPasswordAcceptable(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new BadRequestError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new BadRequestError(`Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
  }
  if (isCommonPassword(password)) throw new BadRequestError(COMMON_PASSWORD_MESSAGE);
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a less common password.';
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from your current password.';

/**
 * Common: on the ranked list, or one character repeated ('aaaaaaaa', '11111111'), which no list holds at
 * every length but every guesser tries (decision 0020).
 */
function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const [first] = lower;
  return first !== undefined && [...lower].every((character) => character === first);
}

/** A changed password must differ from the current one (decision 0020); the caller has verified `current`. */
export function assertNewPasswordDiffers(current: string, next: string): void {
  if (current === next) throw new BadRequestError(SAME_PASSWORD_MESSAGE);
}

/**
 * The hash of the new password in a password change. The current password must match `currentHash`
 * (else a 400 with `wrongCurrentMessage`, not a 401: the session is fine, only the typed password is
 * wrong); the new one must be acceptable and differ from it. Learners and administrators alike.
 */
export async function hashChangedPassword(
  currentHash: string,
  body: { currentPassword: string; newPassword: string },
  wrongCurrentMessage: string,
): Promise<string> {
  if (!(await verifyPassword(currentHash, body.currentPassword))) {
    throw new BadRequestError(wrongCurrentMessage);
  }
  assertPasswordAcceptable(body.newPassword);
  assertNewPasswordDiffers(body.currentPassword, body.newPassword);
  return hashPassword(body.newPassword);
}
