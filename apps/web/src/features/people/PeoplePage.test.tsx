import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_USER_PAGE_SIZE,
  renderErrorMessage,
  type AdminUser,
  type AdminUserList,
  type Invitation,
  type NewInvitation,
} from '@tt/domain';
import { i18n } from '../../lib/i18n';
import { attachToaster } from '../../lib/toast';
import enPeople from '../../locales/en/people.json';
import { fakeApi, writes } from '../../test-support/fake-api';
import { renderWithApp } from '../../test-support/render';
import PeoplePage from './PeoplePage';

beforeAll(() => {
  i18n.addResourceBundle('en', 'people', enPeople);
});
afterEach(() => {
  vi.unstubAllGlobals();
  // The "done" toasts wait in the toast module's queue for a toaster no test here mounts; the files of a run share
  // that module, so they are taken now rather than handed to the next file's toaster.
  attachToaster(() => undefined)();
});

const viewer = { id: 1, name: 'Lindiwe Admin', email: 'lindiwe@example.com', role: 'admin', is_demo: false };

const account = (id: number, fields: Partial<AdminUser>): AdminUser => ({
  id,
  name: `Account ${id}`,
  company_name: null,
  email: null,
  mobile: null,
  role: 'retailer',
  previous_role: null,
  status: 'active',
  suspended_reason: null,
  has_password: true,
  is_demo: false,
  created_at: '2026-10-01T08:00:00.000Z',
  last_sign_in_at: '2026-11-30T09:05:00.000Z',
  ...fields,
});

const thandi = account(11, {
  name: 'Thandi Mokoena',
  company_name: "Thandi's Spaza",
  mobile: '+27825550101',
  role: 'retailer',
});
const sipho = account(12, {
  name: 'Sipho Dube',
  email: 'sipho@example.com',
  role: 'admin',
  previous_role: 'supplier',
  last_sign_in_at: null,
});
const nomsa = account(13, {
  name: 'Nomsa Khumalo',
  company_name: 'Nomsa Wholesale',
  role: 'supplier',
  status: 'suspended',
  suspended_reason: 'Reported selling expired stock',
});
const demo = account(15, { name: 'Demo Distributor', role: 'distributor', is_demo: true });

const page = (users: AdminUser[], matching = users.length): AdminUserList => ({
  users,
  matching,
  page: 1,
  page_size: ADMIN_USER_PAGE_SIZE,
});

function renderAt(entry: string) {
  renderWithApp(
    <MemoryRouter initialEntries={[entry]}>
      <PeoplePage />
    </MemoryRouter>,
  );
}

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('account')).find((row) => row.textContent?.includes(name))!;

describe('the accounts', () => {
  it("shows the server's accounts with their contact, role and status, and searches on the server", async () => {
    const others = Array.from({ length: 20 }, (_, i) => account(100 + i, { name: `Shop ${100 + i}` }));
    const sent = fakeApi({
      'GET /api/users/me': viewer,
      'GET /api/admin/users': (_body: unknown, url: URL) => {
        if (url.searchParams.get('search') === 'Thandi') return [200, page([thandi])];
        if (url.searchParams.get('page') === '2') return [200, { ...page(others.slice(17), 23), page: 2 }];
        return [200, page([thandi, sipho, nomsa, ...others.slice(0, 17)], 23)];
      },
    });
    renderAt('/people');

    const list = await screen.findByTestId('account-list');
    expect(within(list).getAllByTestId('account')).toHaveLength(20);
    const first = await rowOf('Thandi Mokoena');
    expect(first.textContent).toContain("Thandi's Spaza");
    expect(first.textContent).toContain('+27 82 555 0101');
    expect(first.textContent).toContain('Business Owner');
    expect(first.textContent).toContain(enPeople.status.active);
    const second = await rowOf('Sipho Dube');
    expect(second.textContent).toContain('sipho@example.com');
    expect(second.textContent).toContain(enPeople.account.never_signed_in);
    const third = await rowOf('Nomsa Khumalo');
    expect(third.getAttribute('data-status')).toBe('suspended');
    expect(within(third).getByTestId('suspended-reason').textContent).toContain(
      'Reported selling expired stock',
    );
    // A suspended account is reactivated, not suspended again.
    expect(within(third).queryByTestId('suspend')).toBeNull();
    expect(within(third).getByTestId('reactivate')).toBeTruthy();
    expect(screen.getByTestId('account-range').textContent).toBe('1–20 of 23');
    expect(screen.getByTestId('previous-page')).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByTestId('next-page'));
    await waitFor(() => expect(screen.getByTestId('account-range').textContent).toBe('21–23 of 23'));
    expect(screen.getAllByTestId('account').map((row) => row.getAttribute('data-account-id'))).toEqual([
      '117',
      '118',
      '119',
    ]);
    expect(screen.getByTestId('next-page')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('previous-page')).toHaveProperty('disabled', false);

    await userEvent.type(screen.getByTestId('account-search'), 'Thandi');
    await waitFor(() => expect(screen.getAllByTestId('account')).toHaveLength(1));
    // A new search starts again at the first page.
    expect(sent.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      '/api/users/me',
      '/api/admin/users',
      '/api/admin/users?page=2',
      '/api/admin/users?search=Thandi',
    ]);
    expect(screen.getByTestId('account-range').textContent).toBe('1–1 of 1');
  });

  it('changes a role with a reason, sent to the account’s path, and says the server’s refusal in the dialog', async () => {
    const sent = fakeApi({
      'GET /api/users/me': viewer,
      'GET /api/admin/users': page([thandi, sipho]),
      'PUT /api/admin/users/12/role': () => [
        409,
        {
          error: {
            code: 'admin_users.last_admin',
            message: renderErrorMessage('admin_users.last_admin', {}),
            params: {},
          },
        },
      ],
    });
    renderAt('/people');
    await userEvent.click(within(await rowOf('Sipho Dube')).getByTestId('change-role'));
    const dialog = await screen.findByRole('dialog');

    // An administrator whose grant replaced a supplier: the other staff roles, or back to supplier.
    expect(within(dialog).queryByTestId('role-option-admin')).toBeNull();
    expect(within(dialog).getByTestId('role-option-coordinator')).toBeTruthy();
    expect(within(dialog).queryByTestId('role-option-retailer')).toBeNull();
    const restore = within(dialog).getByTestId('role-option-supplier').closest('label')!;
    expect(restore.textContent).toContain(enPeople.role.restores);
    expect(within(dialog).getAllByTestId('restores')).toHaveLength(1);

    // The reason is required before anything is sent.
    await userEvent.click(within(dialog).getByTestId('role-option-supplier'));
    await userEvent.click(within(dialog).getByTestId('save-role'));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(writes(sent)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Back to running the depot');
    await userEvent.click(within(dialog).getByTestId('save-role'));
    const refusal = await within(dialog).findByTestId('refusal');
    expect(refusal.textContent).toBe(renderErrorMessage('admin_users.last_admin', {}));
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/users/12/role',
        body: { role: 'supplier', reason: 'Back to running the depot' },
      },
    ]);
    // Still open, with what was chosen and typed.
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText(/Reason/)).toHaveProperty('value', 'Back to running the depot');
  });

  it('offers a business account the staff roles only, and nothing on a closed or a shared demo account', async () => {
    fakeApi({
      'GET /api/users/me': viewer,
      'GET /api/admin/users': page([nomsa, account(14, { name: 'Closed Shop', status: 'closed' }), demo]),
    });
    renderAt('/people');
    expect(within(await rowOf('Closed Shop')).queryByRole('button')).toBeNull();
    const shared = await rowOf('Demo Distributor');
    expect(shared.textContent).toContain(enPeople.account.demo);
    expect(shared.textContent).toContain(enPeople.actions.demo_account);
    expect(within(shared).queryByRole('button')).toBeNull();
    await userEvent.click(within(await rowOf('Nomsa Khumalo')).getByTestId('change-role'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['coordinator', 'admin', 'sales_rep', 'field_manager', 'business_dev_manager']);
  });
});

describe('suspending and password links', () => {
  it('suspends with a reason, saying that sessions and API keys end at once', async () => {
    let listed = [thandi];
    const sent = fakeApi({
      'GET /api/users/me': viewer,
      'GET /api/admin/users': () => [200, page(listed)],
      'POST /api/admin/users/11/suspend': (body: unknown) => {
        listed = [{ ...thandi, status: 'suspended', suspended_reason: (body as { reason: string }).reason }];
        return [200, listed[0]];
      },
    });
    renderAt('/people');
    await userEvent.click(within(await rowOf('Thandi Mokoena')).getByTestId('suspend'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(enPeople.suspend.text);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Shared her sign-in with a stranger');
    await userEvent.click(within(dialog).getByTestId('confirm-suspend'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/users/11/suspend',
        body: { reason: 'Shared her sign-in with a stranger' },
      },
    ]);
    // The list is asked for again and shows the suspension.
    expect((await screen.findByTestId('suspended-reason')).textContent).toContain(
      'Shared her sign-in with a stranger',
    );
  });

  it('makes a password link only after asking, and shows it once with how long it works', async () => {
    const LINK = 'https://trade.example.co.za/reset-password?token=qrstuvwxyz0123456789';
    const sent = fakeApi({
      'GET /api/users/me': viewer,
      'GET /api/admin/users': page([thandi]),
      'POST /api/admin/users/11/password-reset': { link: LINK, expires_at: '2026-12-01T09:00:00.000Z' },
    });
    renderAt('/people');
    await userEvent.click(within(await rowOf('Thandi Mokoena')).getByTestId('password-link'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('within 60 minutes');
    expect(writes(sent)).toEqual([]);
    await userEvent.click(within(dialog).getByTestId('confirm-action'));
    const shown = await screen.findByTestId('one-time-link');
    expect(shown).toHaveProperty('value', LINK);
    expect(screen.getByTestId('link-expiry').textContent).toBe('Works until 01 Dec, 11:00 (60 minutes).');
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/api/admin/users/11/password-reset', body: undefined },
    ]);
    await userEvent.click(screen.getByTestId('link-done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(LINK);
  });
});

describe('staff invitations', () => {
  const LINK = 'https://trade.example.co.za/signup?invitation=abcdefghijklmnopqrstuvwxyz';
  const open: Invitation = {
    id: 5,
    role: 'sales_rep',
    created_by_name: 'Lindiwe Admin',
    created_at: '2026-12-01T08:00:00.000Z',
    expires_at: '2026-12-08T08:00:00.000Z',
  };

  it('shows a new invitation’s link once, with WhatsApp and its expiry, and lists it without the link', async () => {
    let invitations: Invitation[] = [];
    const sent = fakeApi({
      'GET /api/users/me': viewer,
      'GET /api/admin/invitations': () => [200, { invitations }],
      'POST /api/admin/invitations': () => {
        invitations = [open];
        return [201, { ...open, link: LINK } satisfies NewInvitation];
      },
    });
    renderAt('/people?tab=invitations');
    expect(await screen.findByTestId('invitations-empty')).toBeTruthy();

    await userEvent.click(screen.getByTestId('invite-staff'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Staff role/), 'sales_rep');
    await userEvent.click(within(dialog).getByTestId('create-invitation'));

    expect(await within(dialog).findByTestId('one-time-link')).toHaveProperty('value', LINK);
    expect(within(dialog).getByText(enPeople.link.once)).toBeTruthy();
    expect(within(dialog).getByTestId('link-expiry').textContent).toContain('7 days');
    const share = within(dialog).getByTestId('share-whatsapp').getAttribute('href')!;
    expect(share.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(share.slice('https://wa.me/?text='.length))).toContain(LINK);
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/api/admin/invitations', body: { role: 'sales_rep' } },
    ]);

    await userEvent.click(within(dialog).getByTestId('link-done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('invitation')).toBeTruthy();
    expect(screen.getByTestId('invitation').textContent).toContain('Sales Rep');
    expect(document.body.textContent).not.toContain(LINK);
  });

  it('revokes an invitation only after asking', async () => {
    let invitations: Invitation[] = [open];
    const sent = fakeApi({
      'GET /api/users/me': viewer,
      'GET /api/admin/invitations': () => [200, { invitations }],
      'DELETE /api/admin/invitations/5': () => {
        invitations = [];
        return [204, null];
      },
    });
    renderAt('/people?tab=invitations');
    await userEvent.click(await screen.findByTestId('revoke-invitation'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(enPeople.invitations.revoke_title);
    expect(writes(sent)).toEqual([]);

    await userEvent.click(within(dialog).getByTestId('confirm-action'));
    expect(await screen.findByTestId('invitations-empty')).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: 'DELETE', path: '/api/admin/invitations/5', body: undefined }]);
  });
});
