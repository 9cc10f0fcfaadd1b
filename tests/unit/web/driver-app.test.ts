import { describe, expect, it } from 'vitest';
import { isUploadShown } from '../../../web/src/components/upload/upload-progress';
import { mapsPlatform, navigationUrl } from '../../../web/src/features/driver-app/navigation-url';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('Navigate: directions in the phone\'s maps app', () => {
  it('Apple devices get Apple Maps directions, everything else Google Maps directions', () => {
    expect(mapsPlatform({ userAgent: IPHONE })).toBe('apple');
    expect(mapsPlatform({ userAgent: IPAD })).toBe('apple');
    expect(mapsPlatform({ userAgent: ANDROID })).toBe('other');
    expect(mapsPlatform({ userAgent: WINDOWS })).toBe('other');
  });

  it('drives to the exact coordinates', () => {
    const to = { lat: 59.9139123456, lng: -10.7522 };
    expect(navigationUrl(to, 'apple')).toBe('https://maps.apple.com/?daddr=59.913912%2C-10.7522&dirflg=d');
    expect(navigationUrl(to, 'other')).toBe('https://www.google.com/maps/dir/?api=1&destination=59.913912%2C-10.7522&travelmode=driving');
  });
});

describe('upload progress', () => {
  it('shows while a file goes and when it failed, and goes away once the file is stored', () => {
    const at = (state: 'running' | 'paused' | 'error' | 'canceled' | 'success') => ({ state, sent: 1, total: 2 }) as Parameters<typeof isUploadShown>[0];
    expect(isUploadShown(undefined)).toBe(false);
    for (const state of ['running', 'paused', 'error', 'canceled'] as const) expect(isUploadShown(at(state)), state).toBe(true);
    expect(isUploadShown(at('success'))).toBe(false);
  });
});
