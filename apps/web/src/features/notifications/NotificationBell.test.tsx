import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test-support/fake-api';
import { renderWithApp } from '../../test-support/render';
import { NotificationBell } from './NotificationBell';

afterEach(() => {
  vi.unstubAllGlobals();
});

function bell(unread: number) {
  fakeApi({ 'GET /api/notifications': { notifications: [], unread_count: unread } });
  renderWithApp(
    <MemoryRouter>
      <NotificationBell />
    </MemoryRouter>,
  );
}

describe('NotificationBell', () => {
  it('names the count its badge shows', async () => {
    bell(3);
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
  });

  it('past nine, the name says "9+" as the badge does (the visible label is part of the name)', async () => {
    bell(14);
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('9+');
    expect(screen.getByRole('button', { name: 'Notifications, 9+ unread' })).toBeTruthy();
  });
});
