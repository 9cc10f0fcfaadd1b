import { describe, expect, it } from 'vitest';
import { smsNumber } from '../../../shared/src/domain/sms-number';

describe('the number an SMS to a typed phone goes to', async () => {
  it('reads a national number in the country of the mobile beside it', async () => {
    expect(await smsNumber('555 123 4567', '+14445550101')).toBe('+15551234567');
    expect(await smsNumber('020 7946 0958', '+447700900123')).toBe('+442079460958');
    expect(await smsNumber('07700-900123', '+447700900123')).toBe('+447700900123');
    expect(await smsNumber('06 12 34 56 78', '+33612345678')).toBe('+33612345678');
  });

  it('keeps the country a number is typed with', async () => {
    expect(await smsNumber('+44 7700 900123', '+14445550101')).toBe('+447700900123');
  });

  it('drops an extension, which no SMS can dial', async () => {
    expect(await smsNumber('555-123-4567 ext. 12', '+14445550101')).toBe('+15551234567');
    expect(await smsNumber('555 123 4567 x9', '+14445550101')).toBe('+15551234567');
  });

  it('gives nothing rather than a guess', async () => {
    expect(await smsNumber('12345', '+14445550101')).toBeUndefined();
    expect(await smsNumber('555 123 4567', undefined)).toBeUndefined();
    expect(await smsNumber('', '+14445550101')).toBeUndefined();
    expect(await smsNumber(undefined, '+14445550101')).toBeUndefined();
  });
});
