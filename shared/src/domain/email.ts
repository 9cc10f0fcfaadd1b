/** RFC 5321 caps an address at 254 characters; checking length first also bounds regex work. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The "general pattern" used by register and login: a dotted local part (or a quoted one) and a
 * domain that is an IP literal or labels ending in a 2+ letter TLD. Every repetition is
 * separated by a mandatory dot, so the pattern cannot backtrack catastrophically.
 */
const GENERAL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** The profile form's "simple pattern": something@something.tld with no spaces. */
const SIMPLE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmailGeneral(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && GENERAL.test(email);
}

export function isEmailSimple(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && SIMPLE.test(email);
}
