import { formatRandAmount, type FinancialReports, type JournalList } from '@tt/domain';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'ledger');
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();

test('post a manual entry, see the trial balance, reverse it', async ({ page, login }, info) => {
  const project = info.project.name;
  await login('retailer', '/financial-center');
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();

  // The dashboard's tiles are the server's figures for the period.
  const summary = (await (await page.request.get('/api/finance/summary?period=this_month')).json()) as {
    income: number;
    cash: number;
  };
  await expect(page.getByTestId('finance-tiles')).toBeVisible();
  await expect(page.getByTestId('vat-status')).toContainText(key(en, 'vat.not_registered_badge'));
  await expect(page.getByTestId('journal-entry').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'financial-center-dashboard', project);
  // The cash tile shows the server's figure (its sign depends on what other specs did with the shared
  // demo retailer's books in the same run, so the figure is compared, not its sign).
  await expect(page.getByTestId('finance-tiles')).toContainText(formatRandAmount(summary.cash));

  // New Journal Entry: Save waits for debits to equal credits.
  const reference = `E2E-${project}-${Date.now() % 100000}`;
  await page.getByTestId('new-entry').click();
  await page.locator('#je-reference').fill(reference);
  await page.locator('#je-description').fill('Wages for the weekend helper');
  await page.getByTestId('line-account-0').selectOption('5400');
  await page.getByTestId('line-debit-0').fill('123.45');
  await page.getByTestId('line-account-1').selectOption('1000');
  await page.getByTestId('line-credit-1').fill('120');
  await expect(page.getByTestId('entry-difference')).toHaveText(/3\.45/);
  await expect(page.getByTestId('save-entry')).toBeDisabled();
  await page.getByTestId('line-credit-1').fill('123.45');
  await expect(page.getByTestId('save-entry')).toBeEnabled();
  await shot(page, 'financial-center-new-entry', project);
  await page.getByTestId('save-entry').click();
  await expect(page.getByTestId('ledger-notice')).toContainText(reference);

  // The trial balance shows it, and still balances.
  await page.getByTestId('tab-reports').click();
  await expect(page.getByTestId('tb-5400')).toContainText('123.45');
  const reports = (await (
    await page.request.get('/api/finance/reports?period=this_month')
  ).json()) as FinancialReports;
  expect(reports.trial_balance.total_debit).toBe(reports.trial_balance.total_credit);
  expect(plain(await page.getByTestId('tb-total-debit').textContent())).toBe(
    plain(await page.getByTestId('tb-total-credit').textContent()),
  );
  const download = page.waitForEvent('download');
  await page.getByTestId('export-trial-balance').click();
  expect((await download).suggestedFilename()).toMatch(
    /^trial-balance_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  await expectNoHorizontalScroll(page);
  await shot(page, 'financial-center-reports', project);

  // Reverse it from the journal, after a confirmation: the original stays, marked reversed.
  await page.getByTestId('tab-journal').click();
  const entry = page.locator(`[data-testid="journal-entry"][data-reference="${reference}"]`);
  await entry.getByTestId('reverse-entry').click();
  await page.getByTestId('confirm-reverse').click();
  await expect(page.getByTestId('ledger-notice')).toContainText(`REV-${reference}`);
  await expect(entry).toContainText(key(en, 'journal.reversed'));
  await expect(entry.getByTestId('reverse-entry')).toHaveCount(0);
  await expect(
    page.locator(`[data-testid="journal-entry"][data-reference="REV-${reference}"]`),
  ).toBeVisible();
  const list = (await (
    await page.request.get('/api/finance/journal-entries?page_size=50')
  ).json()) as JournalList;
  const original = list.entries.find((e) => e.reference === reference)!;
  expect(original.reversed_by_id).not.toBeNull();
  await shot(page, 'financial-center-journal', project);

  // The trial balance is back where it was for wages.
  await page.getByTestId('tab-reports').click();
  await expect(page.getByTestId('tb-5400')).toHaveCount(0);

  // Bank reconciliation: a tick is saved.
  await page.getByTestId('tab-bank').click();
  const first = page.getByTestId('bank-line').first().getByRole('checkbox');
  const was = await first.isChecked();
  const saved = page.waitForResponse((r) => r.url().includes('/api/finance/bank-reconciliation/') && r.ok());
  await first.click();
  await saved;
  await expect(first).toBeChecked({ checked: !was });
  await expectNoHorizontalScroll(page);
  await shot(page, 'financial-center-bank', project);
});
