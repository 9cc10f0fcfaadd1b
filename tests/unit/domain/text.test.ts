import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../../shared/src/contract/common';
import { cleanLine, cleanLines, isInvisible } from '../../../shared/src/domain/text';

/** Issue #19 item 13: no control characters are stored, and invisible-only text counts as empty. */
describe('free text', () => {
  it.each([
    ['Bob\u0000', 'Bob'], ['B\u0007ob', 'Bob'], ['Rob\nRider', 'Rob Rider'], ['Rob\r\nRider', 'Rob Rider'], ['  Rob\t', 'Rob'], ['\u0085Rob\u009f', 'Rob'],
    ['\u200b', ''], ['\u200b \ufeff\u2060', ''], ['\u202e', ''], ['\u0000\u0007', ''], ['Zoë 👩‍👩‍👧', 'Zoë 👩‍👩‍👧'], ['\u200bAna\u200b', 'Ana'], ['مرحبا', 'مرحبا'],
  ])('one line: %j → %j', (raw, clean) => {
    expect(cleanLine(raw)).toBe(clean);
  });

  it.each([
    ['Hello\nthere', 'Hello\nthere'], ['a\r\nb\rc', 'a\nb\nc'], ['hi\u0000\u0007!', 'hi!'], ['\n\n hi \n\n', 'hi'], ['a\n\n\n\n\nb', 'a\n\nb'], ['\u200b\n\u200b', ''],
  ])('several lines: %j → %j', (raw, clean) => {
    expect(cleanLines(raw)).toBe(clean);
  });

  it('never leaves a control character (other than a kept line feed), nor invisible-only text', () => {
    // Characters of every class that matters here: C0, DEL, C1, breaks, spaces, format characters, letters.
    const chars = fc.oneof(fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)), fc.constantFrom('\u00a0', '\u2028', '\u2029', '\u200b', '\u200d', '\u202e', '\u2060', '\ufeff', '\u3000', 'é', '👩', '字'));
    fc.assert(fc.property(fc.string({ unit: chars, maxLength: 30 }), (raw) => {
      const line = cleanLine(raw);
      const lines = cleanLines(raw);
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      expect(lines).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      for (const t of [line, lines]) if (t !== '') expect(isInvisible(t)).toBe(false);
    }));
  });

  it('the contract helper cleans, then refuses empty text where it is required, counting the cleaned length', () => {
    const name = cleanText(5, { required: true });
    expect(name.parse('\u0000Bob\u0007')).toBe('Bob');
    expect(name.safeParse('\u200b').success).toBe(false);
    expect(name.safeParse('\u0007').success).toBe(false);
    expect(name.safeParse(' abcde\u0000 ').success).toBe(true);
    expect(cleanText(60).parse('\u200b')).toBe('');
    expect(cleanText(1000, { multiline: true }).parse('a\u0000\nb')).toBe('a\nb');
  });
});
