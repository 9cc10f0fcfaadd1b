import { describe, expect, it } from 'vitest';
import { validateBookingForm, type BookingFormInput } from '../../../shared/src/domain/booking-rules';
import { validateDeliveryDetails, isDeliveryPhone } from '../../../shared/src/domain/delivery-rules';
import { isEmailGeneral, isEmailSimple } from '../../../shared/src/domain/email';
import { DomainError } from '../../../shared/src/domain/errors';
import { validateEmailLogin } from '../../../shared/src/domain/login-rules';
import { buildMobile, validateTypedPhone } from '../../../shared/src/domain/phone';
import { validateProfile } from '../../../shared/src/domain/profile-rules';
import { validateName, validateRegistration, type RegisterInput } from '../../../shared/src/domain/register-rules';
import { assertValid, type ValidationResult } from '../../../shared/src/domain/validation-result';
import { parseWalletAmount, validateAddToWallet } from '../../../shared/src/domain/wallet-rules';

const keyOf = (r: ValidationResult) => (r.ok ? null : r.key);

describe('§5 register', () => {
  const valid: RegisterInput = { firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com', password: 'secret1', mobile: '5551234' };

  it('accepts a valid form', () => {
    expect(validateRegistration(valid)).toEqual({ ok: true });
  });

  it.each([
    [{ firstName: '' }, 'proper_input_name', 'firstName'],
    [{ firstName: '   ' }, 'proper_input_name', 'firstName'],
    [{ lastName: '\t' }, 'proper_input_name', 'lastName'],
    [{ email: 'ana@example' }, 'proper_email', 'email'],
    [{ email: 'ana example.com' }, 'proper_email', 'email'],
    [{ password: '' }, 'password_blank_messege', 'password'],
    [{ password: 'abc12' }, 'password_alphaNumeric_check', 'password'],
    [{ mobile: '12345' }, 'mobile_no_blank_error', 'mobile'],
    [{ mobile: '+5551234' }, 'mobile_no_blank_error', 'mobile'],
    [{ mobile: '555 1234' }, 'mobile_no_blank_error', 'mobile'],
    [{ mobile: '555-1234' }, 'mobile_no_blank_error', 'mobile'],
  ])('%j → %s', (over, key, field) => {
    expect(validateRegistration({ ...valid, ...over })).toEqual({ ok: false, key, field });
  });

  it('reports the first failing field only', () => {
    expect(keyOf(validateRegistration({ ...valid, firstName: '', email: 'bad' }))).toBe('proper_input_name');
  });

  it.each([
    ['a', true],
    [' x ', true],
    ['', false],
    [null, false],
  ])('name %j ok=%s', (name, ok) => {
    expect(validateName(name).ok).toBe(ok);
  });

  it.each([
    ['123456', true],
    ['12345', false],
    ['1'.repeat(20), true],
    ['1'.repeat(21), false],
    ['12345a', false],
  ])('typed phone %s ok=%s', (phone, ok) => {
    expect(validateTypedPhone(phone).ok).toBe(ok);
  });

  it.each([
    ['44', '7700900123', '+447700900123'],
    ['+44', '7700900123', '+447700900123'],
    [1, '5551234', '+15551234'],
    ['1 684', '5551234', '+16845551234'],
  ])('mobile = + dial code + digits (%s, %s)', (code, typed, mobile) => {
    expect(buildMobile(code, typed)).toBe(mobile);
  });
});

describe('§5 email patterns', () => {
  it.each([
    ['a@b.co', true, true],
    ['first.last+tag@sub.example.org', true, true],
    ['user@[192.168.0.1]', true, true],
    ['"quoted name"@example.com', true, false],
    ['no-at.example.com', false, false],
    ['a@b', false, false],
    ['a@b.c', false, true],
    ['a b@c.com', false, false],
    ['a@@b.com', false, false],
    ['.a@b.com', false, true],
    ['a@' + 'b'.repeat(250) + '.com', false, false],
  ])('%s general=%s simple=%s', (email, general, simple) => {
    expect(isEmailGeneral(email)).toBe(general);
    expect(isEmailSimple(email)).toBe(simple);
  });

  it('rejects a long hostile input quickly', () => {
    const started = performance.now();
    isEmailGeneral('a'.repeat(5000) + '@');
    isEmailSimple('a.'.repeat(120) + '@');
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('§5 login', () => {
  it.each([
    [{ email: 'ana@example.com', password: 'x' }, null],
    [{ email: ' ana@example.com ', password: 'x' }, null],
    [{ email: 'ana@', password: 'x' }, 'login_validate_error'],
    [{ email: '', password: 'x' }, 'login_validate_error'],
    [{ email: 'ana@example.com', password: '' }, 'login_validate_error'],
    [{ email: 'ana@example.com', password: null }, 'login_validate_error'],
  ])('%j → %s', (input, key) => {
    expect(keyOf(validateEmailLogin(input))).toBe(key);
  });
});

describe('§5 delivery details', () => {
  it.each([
    ['1234567', true],
    ['123456', false],
    ['123-4567', true],
    ['12 34 56', true],
    ['555 123 4567 x12', true],
    ['555-1234 ext. 99', true],
    ['555-1234 EXT 99', true],
    ['+1 555 1234', false],
    ['(555) 1234', false],
    ['-------', false],
    ['555-1234 ext', false],
    ['  1234567  ', true],
  ])('phone %j ok=%s', (phone, ok) => {
    expect(isDeliveryPhone(phone)).toBe(ok);
  });

  it.each([
    [{ deliveryPerson: 'Bob', deliveryPersonPhone: '5551234' }, null, undefined],
    [{ deliveryPerson: ' ', deliveryPersonPhone: '5551234' }, 'deliveryDetailMissing', 'deliveryPerson'],
    [{ deliveryPersonPhone: '5551234' }, 'deliveryDetailMissing', 'deliveryPerson'],
    [{ deliveryPerson: 'Bob', deliveryPersonPhone: '555' }, 'deliveryDetailMissing', 'deliveryPersonPhone'],
    [{ deliveryPerson: 'Bob' }, 'deliveryDetailMissing', 'deliveryPersonPhone'],
  ])('%j → %s', (details, key, field) => {
    const r = validateDeliveryDetails(details);
    expect(keyOf(r)).toBe(key);
    if (!r.ok) expect(r.field).toBe(field);
  });
});

describe('§5 profile save', () => {
  const valid = { firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com', mobile: '+15551234' };
  it.each([
    [{}, null],
    [{ firstName: '' }, 'proper_input_name'],
    [{ lastName: null }, 'proper_input_name'],
    [{ email: '' }, 'proper_email'],
    [{ email: 'ana@example' }, 'proper_email'],
    [{ mobile: '' }, 'mobile_no_blank_error'],
  ])('%j → %s', (over, key) => {
    expect(keyOf(validateProfile({ ...valid, ...over }))).toBe(key);
  });
});

describe('§5 booking form', () => {
  const NOW = Date.UTC(2025, 0, 1, 10, 0);
  const base: BookingFormInput = {
    role: 'rider', channel: 'rider', pickup: { lat: 1, lng: 1 }, drop: { lat: 2, lng: 2 }, carType: 'Sedan', bookLater: false,
  };
  it.each([
    [{}, null],
    [{ role: null }, 'must_login'],
    [{ role: 'driver' }, 'user_issue_contact_admin'],
    [{ role: 'admin' }, 'user_issue_contact_admin'],
    [{ pickup: null }, 'select_proper'],
    [{ drop: undefined }, 'select_proper'],
    [{ carType: '' }, 'select_proper'],
    [{ bookLater: true }, 'select_proper'],
    [{ bookLater: true, tripdate: NOW + 14 * 60_000 }, 'past_booking_error'],
    [{ bookLater: true, tripdate: NOW + 15 * 60_000 }, null],
    [{ role: 'admin', channel: 'admin' }, 'select_proper'],
    [{ role: 'admin', channel: 'admin', riderId: 'u1' }, null],
    [{ role: 'rider', channel: 'admin', riderId: 'u1' }, 'user_issue_contact_admin'],
  ] as const)('%j → %s', (over, key) => {
    expect(keyOf(validateBookingForm({ ...base, ...over } as BookingFormInput, NOW))).toBe(key);
  });
});

describe('§5 add to wallet', () => {
  it.each([
    [{ userType: 'rider', amount: '10' }, null],
    [{ userType: 'driver', amount: 0.5 }, null],
    [{ userType: 'admin', amount: '10' }, 'no_details_error'],
    [{ userType: undefined, amount: '10' }, 'no_details_error'],
    [{ userType: 'rider', amount: '' }, 'no_details_error'],
    [{ userType: 'rider', amount: '0' }, 'no_details_error'],
    [{ userType: 'rider', amount: '-5' }, 'no_details_error'],
    [{ userType: 'rider', amount: 'abc' }, 'no_details_error'],
    [{ userType: 'rider', amount: '1,000' }, 'no_details_error'],
    [{ userType: 'rider', amount: '1e2' }, 'no_details_error'],
  ])('%j → %s', (input, key) => {
    expect(keyOf(validateAddToWallet(input))).toBe(key);
  });

  it('parses by the strict money rule: blank, "1,000", "12abc", "1e2" and " 5" are no amount', () => {
    expect(parseWalletAmount('12.5')).toEqual({ ok: true, minor: 1250 });
    for (const text of ['', '  ', '12.5abc', '1,000', '1e2', ' 5', null]) expect(parseWalletAmount(text).ok, String(text)).toBe(false);
  });
});

describe('§8 validation failures become DomainErrors', () => {
  it('assertValid throws a 400 carrying the key', () => {
    expect(() => assertValid({ ok: true })).not.toThrow();
    try {
      assertValid({ ok: false, key: 'proper_email', field: 'email' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).code).toBe('proper_email');
      expect((e as DomainError).status).toBe(400);
      expect((e as DomainError).details).toEqual([{ path: 'email', message: 'proper_email' }]);
    }
  });
});
