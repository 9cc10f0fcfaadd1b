import { describe, expect, it } from 'vitest';
import { smsNumber } from '../../../shared/src/domain/sms-number';

describe('the number an SMS to a typed phone goes to', () => {
  it('reads a national number in the country of the mobile beside it', () => {
    expect(smsNumber('555 123 4567', '+14445550101')).toBe('+15551234567');
    expect(smsNumber('020 7946 0958', '+447700900123')).toBe('+442079460958');
    expect(smsNumber('07700-900123', '+447700900123')).toBe('+447700900123');
    expect(smsNumber('06 12 34 56 78', '+33612345678')).toBe('+33612345678');
  });

  it('keeps the country a number is typed with', () => {
    expect(smsNumber('+44 7700 900123', '+14445550101')).toBe('+447700900123');
  });

  it('drops an extension, which no SMS can dial', () => {
    expect(smsNumber('555-123-4567 ext. 12', '+14445550101')).toBe('+15551234567');
    expect(smsNumber('555 123 4567 x9', '+14445550101')).toBe('+15551234567');
  });

  it('gives nothing rather than a guess', () => {
    expect(smsNumber('12345', '+14445550101')).toBeUndefined();
    expect(smsNumber('555 123 4567', undefined)).toBeUndefined();
    expect(smsNumber('', '+14445550101')).toBeUndefined();
    expect(smsNumber(undefined, '+14445550101')).toBeUndefined();
  });
});
