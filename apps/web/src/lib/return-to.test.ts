import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './return-to';

const origin = 'https://trade.example.co.za';

describe('sameOriginPath (the page opened after signing in)', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(sameOriginPath('/orders?order=12#items', origin)).toBe('/orders?order=12#items');
    expect(sameOriginPath('/cooperative-governance/3', origin)).toBe('/cooperative-governance/3');
  });

  it('refuses anything that could lead to another site', () => {
    for (const value of [
      'https://evil.example/orders',
      '//evil.example/orders',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/orders\n//evil',
      'orders',
      '',
      null,
      42,
    ]) {
      expect(sameOriginPath(value, origin), String(value)).toBeNull();
    }
  });
});
