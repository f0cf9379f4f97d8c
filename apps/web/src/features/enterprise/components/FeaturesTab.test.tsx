import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { can, type Role } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enEnterprise from '../../../locales/en/enterprise.json';
import { fakeApi } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { ENTERPRISE_FEATURES } from '../catalogue';
import { FeaturesTab } from './FeaturesTab';

// Every feature is available now: one is made planned here, so that the planned state is still drawn and checked.
const FEATURES = ENTERPRISE_FEATURES.map((f) =>
  f.id === 'white_label' ? { id: f.id, icon: f.icon, status: 'planned' as const } : f,
);

beforeAll(() => {
  i18n.addResourceBundle('en', 'enterprise', enEnterprise);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAs(role: Role) {
  fakeApi({ 'GET /api/users/me': { id: 7, name: 'Nomsa', email: 'n@example.com', role } });
  renderWithApp(
    <MemoryRouter>
      <FeaturesTab features={FEATURES} />
    </MemoryRouter>,
  );
}

describe('the enterprise features', () => {
  it.each(['coordinator', 'admin'] as const)(
    'offer Configure to a %s only where the feature works and the role may open its screen',
    async (role) => {
      renderAs(role);
      // Configure waits for the user: the role decides it.
      await screen.findAllByTestId('configure');
      for (const { id, status, configure } of FEATURES) {
        const card = within(screen.getByTestId(`feature-${id}`));
        const allowed =
          status === 'available' &&
          configure !== undefined &&
          (!configure.permission || can(role, configure.permission));
        const link = card.queryByTestId('configure');
        expect(link !== null, `${role}: ${id}`).toBe(allowed);
        if (link) expect(link.getAttribute('href')).toBe(configure!.path);
        if (status === 'available' && configure && !allowed)
          expect(card.getByText(enEnterprise.features.not_your_role)).toBeTruthy();
      }
    },
  );

  it('name every planned feature as planned, with no way to configure it', async () => {
    renderAs('admin');
    await screen.findAllByTestId('configure');
    // Every feature of the catalogue has landed; this file makes one planned again (FEATURES above).
    expect(ENTERPRISE_FEATURES.every((f) => f.status === 'available')).toBe(true);
    const planned = FEATURES.filter((f) => f.status === 'planned');
    expect(planned.map((f) => f.id)).toEqual(['white_label']);
    for (const { id } of planned) {
      const card = within(screen.getByTestId(`feature-${id}`));
      expect(card.getByText(enEnterprise.features.status.planned)).toBeTruthy();
      expect(card.queryByTestId('configure')).toBeNull();
    }
  });
});
