import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_REGISTER, SECURITY_EVENT_DAYS, TERMS_VERSION } from '@tt/domain';
import { i18n } from '../../lib/i18n';
import enLegal from '../../locales/en/legal.json';
import enSecurity from '../../locales/en/security.json';
import { renderWithApp } from '../../test-support/render';
import TermsPage from './TermsPage';

beforeAll(() => {
  i18n.addResourceBundle('en', 'legal', enLegal);
  i18n.addResourceBundle('en', 'security', enSecurity);
});

function show() {
  renderWithApp(
    <MemoryRouter initialEntries={['/terms']}>
      <TermsPage />
    </MemoryRouter>,
  );
}

describe('the terms of use and privacy notice', () => {
  it('is headed with the network and the version a sign-up accepts', () => {
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Township Trade: terms of use and privacy notice',
    );
    expect(screen.getByTestId('terms-version').textContent).toBe(`Version ${TERMS_VERSION}`);
  });

  it("lists the domain's personal-data register, one entry per purpose, in the security screen's words", () => {
    show();
    const entries = within(screen.getByTestId('register')).getAllByTestId('register-entry');
    expect(entries).toHaveLength(PERSONAL_DATA_REGISTER.length);
    PERSONAL_DATA_REGISTER.forEach((entry, i) => {
      const words = enSecurity.register.entry[entry.id];
      expect(entries[i]!.textContent).toContain(words.name);
      expect(entries[i]!.textContent).toContain(words.why);
    });
    expect(screen.getByTestId('register').textContent).toContain(`events ${SECURITY_EVENT_DAYS} days`);
  });

  it('has its headings in order and its terms numbered', () => {
    show();
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    const terms = screen.getByRole('region', { name: 'Terms of use' });
    expect(within(terms).getAllByRole('listitem')).toHaveLength(8);
    expect(terms.querySelector('ol')).not.toBeNull();
  });
});
