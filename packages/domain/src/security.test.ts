import { describe, expect, it } from 'vitest';
import {
  deviceFromUserAgent,
  securityBand,
  securityMeasures,
  securityScore,
  type SecurityFacts,
} from './security.ts';

const facts: SecurityFacts = {
  https: true,
  singleSignOn: true,
  demoSignIn: false,
  signInRateLimitPerMinute: 20,
  apiKeyRateLimitPerMinute: 120,
  sessionDays: 30,
};

describe('security score (spec 2 §9)', () => {
  it('is the rounded percentage of enabled measures', () => {
    const measures = (enabled: number, of: number) =>
      Array.from({ length: of }, (_, i) => ({ enabled: i < enabled }));
    expect(securityScore(measures(7, 8))).toBe(88);
    expect(securityScore(measures(2, 3))).toBe(67);
    expect(securityScore(measures(1, 3))).toBe(33);
    expect(securityScore(measures(8, 8))).toBe(100);
    expect(securityScore(measures(0, 8))).toBe(0);
    expect(securityScore([])).toBe(0);
  });

  it('bands 80 and up Excellent, 60 and up Good, lower Needs Improvement', () => {
    expect(securityBand(100)).toBe('excellent');
    expect(securityBand(80)).toBe('excellent');
    expect(securityBand(79)).toBe('good');
    expect(securityBand(60)).toBe('good');
    expect(securityBand(59)).toBe('needs_improvement');
    expect(securityBand(0)).toBe('needs_improvement');
  });
});

describe('security measures from the deployment’s facts', () => {
  const enabled = (f: SecurityFacts) => Object.fromEntries(securityMeasures(f).map((m) => [m.id, m.enabled]));

  it('turns on only what the configuration does', () => {
    expect(Object.values(enabled(facts)).every(Boolean)).toBe(true);
    const demo = enabled({ ...facts, https: false, singleSignOn: false, demoSignIn: true });
    expect(demo.https_cookies).toBe(false);
    expect(demo.single_sign_on).toBe(false);
    expect(demo.demo_sign_in_off).toBe(false);
    expect(demo.api_keys_hashed).toBe(true);
    expect(
      securityScore(securityMeasures({ ...facts, https: false, singleSignOn: false, demoSignIn: true })),
    ).toBe(75);
  });

  it('names the variable that changes each configurable measure and its figure', () => {
    const byId = Object.fromEntries(securityMeasures(facts).map((m) => [m.id, m]));
    expect(byId.https_cookies!.setting).toBe('PUBLIC_URL');
    expect(byId.sign_in_rate_limit).toMatchObject({ setting: 'SIGN_IN_RATE_LIMIT', value: 20 });
    expect(byId.session_expiry).toMatchObject({ setting: 'SESSION_DAYS', value: 30 });
    expect(byId.security_headers!.setting).toBeNull();
  });
});

describe('device from the user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Linux; Android 12; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['curl/8.4.0', 'curl'],
    ['', 'Unknown device'],
    [undefined, 'Unknown device'],
    ['something odd', 'Unknown device'],
  ])('%s -> %s', (ua, device) => {
    expect(deviceFromUserAgent(ua)).toBe(device);
  });
});
