import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core on the page as it is now: its findings that block people (serious, critical), as readable lines for a
 * failure message, and every colour-contrast finding whatever its impact, so that a sweep is also the WCAG AA
 * contrast check. `rules` limits the run to those rules.
 *
 * Every rule runs on the whole page either way; two things the suite never looked at are left out (ADR 044):
 * - axe runs in the page itself (`setLegacyMode`). By default the builder runs it in every frame and then joins
 *   the results in a second, blank page that it opens and injects axe into for every sweep. The app has no
 *   frames, and the join was most of a sweep's time.
 * - Only violations are reported in full (`resultTypes`): the passes, for which axe otherwise builds a selector and
 *   an HTML snippet of every element that passed and sends them back, are cut to one example each.
 */
export async function blockingViolations(page: Page, rules?: string[]): Promise<string[]> {
  await transitionsEnded(page);
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (rules) builder = builder.withRules(rules);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.impact} ${v.id}: ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim()}`,
      ),
    );
}

/**
 * Colours are measured once they have settled: a tab just chosen fades its colours in (Tailwind's `transition`), and
 * axe measured halfway through reads a contrast that no one sees for longer than 150 ms (4.01:1 on a tab's
 * mid-fade white, once in a run). Endless animations (a spinner) are not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
