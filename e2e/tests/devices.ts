import type { PlaywrightTestOptions } from '@playwright/test';

/** The two Playwright projects' devices (playwright.config.ts); a spec may borrow one (accessibility.spec.ts). */
export const devices = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, Partial<PlaywrightTestOptions>>;
