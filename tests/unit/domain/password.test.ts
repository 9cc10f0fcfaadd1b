import { describe, expect, it } from 'vitest';
import { APPLIED_PASSWORD_RULE, validatePassword, type PasswordRule } from '../../../shared/src/domain/password';

const keyOf = (pw: string | null | undefined, rule?: PasswordRule) => {
  const r = validatePassword(pw, rule);
  return r.ok ? null : r.key;
};

describe('§5 password rules', () => {
  it('applies the alphanumeric rule by default', () => {
    expect(APPLIED_PASSWORD_RULE).toBe('alphanumeric');
    expect(keyOf('abc')).toBe('password_alphaNumeric_check');
  });

  it.each([
    ['', 'password_blank_messege'],
    [null, 'password_blank_messege'],
    ['a'.repeat(5), 'password_alphaNumeric_check'],
    ['a'.repeat(6), null],
    ['a'.repeat(30), null],
    ['a'.repeat(31), 'password_alphaNumeric_check'],
    ['Ab1@*#', null],
    ['abc def', 'password_alphaNumeric_check'],
    ['abcdef!', 'password_alphaNumeric_check'],
    ['abcdé12', 'password_alphaNumeric_check'],
  ])('alphanumeric %j → %s', (pw, key) => {
    expect(keyOf(pw, 'alphanumeric')).toBe(key);
  });

  it.each([
    ['', 'password_blank_messege'],
    ['x', null],
    [' ', null],
  ])('any %j → %s', (pw, key) => {
    expect(keyOf(pw, 'any')).toBe(key);
  });

  it.each([
    ['', 'password_blank_messege'],
    ['Aa1!aaa', 'password_complexity_check'],
    ['Aa1!aaaa', null],
    ['Aa1!' + 'a'.repeat(26), null],
    ['Aa1!' + 'a'.repeat(27), 'password_complexity_check'],
    ['aa1!aaaa', 'password_complexity_check'],
    ['AA1!AAAA', 'password_complexity_check'],
    ['Aab!aaaa', 'password_complexity_check'],
    ['Aa1aaaaa', 'password_complexity_check'],
    ['Aa1! aaaa', 'password_complexity_check'],
  ])('complex %j → %s', (pw, key) => {
    expect(keyOf(pw, 'complex')).toBe(key);
  });
});
