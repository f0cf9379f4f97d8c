import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRANDING_STORAGE_KEY, brandPalette, DEFAULT_BRANDING, type Branding, type Role } from '@tt/domain';
import { i18n } from '../../lib/i18n';
import enWhiteLabel from '../../locales/en/white_label.json';
import { fakeApi, writes } from '../../test-support/fake-api';
import { renderWithApp } from '../../test-support/render';
import WhiteLabelPage from './WhiteLabelPage';

const saved: Branding = { ...DEFAULT_BRANDING, logo_url: null, version: 0, updated_at: null };

beforeAll(() => {
  i18n.addResourceBundle('en', 'white_label', enWhiteLabel);
  // index.html's own, which the branding re-colours.
  document.head.insertAdjacentHTML('beforeend', '<meta name="theme-color" content="#f97316" />');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAs(role: Role, tab = 'colors') {
  const sent = fakeApi({
    'GET /api/users/me': { id: 7, name: 'Nomsa', email: 'n@example.com', role },
    'GET /api/branding': saved,
    'PUT /api/branding': (body: unknown) => [200, { ...saved, ...(body as object), version: 1 }],
  });
  renderWithApp(
    <MemoryRouter initialEntries={[`/white-label?tab=${tab}`]}>
      <WhiteLabelPage />
    </MemoryRouter>,
  );
  return sent;
}

describe('the white label customizer', () => {
  it('tells a coordinator that saving needs an administrator, and offers no Save', async () => {
    renderAs('coordinator');
    expect(await screen.findByTestId('admin-only-note')).toBeTruthy();
    expect(screen.queryByTestId('save-branding')).toBeNull();
    expect(screen.getByTestId('export-config')).toBeTruthy();
  });

  it('refuses a colour white button text cannot be read on before anything is sent', async () => {
    const sent = renderAs('admin');
    fireEvent.change(await screen.findByTestId('primary_color-text'), { target: { value: '#fef9c3' } });
    expect(screen.getByTestId('contrast-problem')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('save-branding'));
    expect(await screen.findByText(/WCAG AA needs 4.5:1/)).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('shows the unsaved draft in the preview, and Save applies it to the page and keeps it for the next start', async () => {
    // Radix tabs open on the pointer's press, not the click.
    const sent = renderAs('admin', 'preview');
    const sample = await screen.findByTestId('sample-page');
    expect(sample.style.getPropertyValue('--color-brand-600')).toBe('');
    fireEvent.mouseDown(screen.getByTestId('tab-colors'), { button: 0 });
    fireEvent.click(await screen.findByTestId('preset-teal'));
    fireEvent.mouseDown(screen.getByTestId('tab-preview'), { button: 0 });
    const teal = brandPalette('#0891b2');
    expect((await screen.findByTestId('sample-page')).style.getPropertyValue('--color-brand-600')).toBe(
      teal[600],
    );
    // Nothing outside the preview changes before Save.
    expect(document.documentElement.style.getPropertyValue('--color-brand-600')).toBe('');

    fireEvent.click(screen.getByTestId('save-branding'));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toMatchObject({ primary_color: '#0891b2' });
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--color-brand-600')).toBe(teal[600]),
    );
    expect(JSON.parse(localStorage.getItem(BRANDING_STORAGE_KEY)!)).toMatchObject({ v: 1, name: null });
    // The browser's bar takes the brand colour too.
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(teal[500]);
  });
});
