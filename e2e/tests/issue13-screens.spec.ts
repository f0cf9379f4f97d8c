import { expect, expectNoHorizontalScroll, shot, test, type DemoRole } from './fixtures';

/**
 * Issue 13, must-show: the seven screens (academy, community, referrals, reports, payments, support,
 * marketing) at phone (390x844) and desktop (1280x800) size, each settled on its own content, with no
 * sideways scrolling; the screenshots (E2E_SCREENSHOTS=1) go to e2e/artifacts to be looked at.
 */

const SCREENS: { path: string; role: DemoRole; ready: string }[] = [
  { path: '/academy', role: 'retailer', ready: 'course-card' },
  { path: '/community', role: 'retailer', ready: 'feed' },
  { path: '/referrals', role: 'retailer', ready: 'referral-code' },
  { path: '/reports', role: 'admin', ready: 'report-overview' },
  { path: '/payments', role: 'retailer', ready: 'payment-steps' },
  { path: '/support', role: 'retailer', ready: 'ticket-list' },
  { path: '/marketing', role: 'admin', ready: 'marketing-summary' },
];

for (const screen of SCREENS) {
  test(`${screen.path} looks finished at this size`, async ({ page, login }, info) => {
    await login(screen.role, screen.path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByTestId(screen.ready).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await shot(page, `issue13${screen.path.replace('/', '-')}`, info.project.name);
  });
}
