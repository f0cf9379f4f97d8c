import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_PAGE_SIZE_MAX, type CrmClient } from '@tt/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enCrm from '../../../locales/en/crm.json';
import { renderWithApp } from '../../../test-support/render';
import { ActivityDialog } from './ActivityDialog';

beforeAll(() => {
  i18n.addResourceBundle('en', 'crm', enCrm);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = (id: number, name: string): CrmClient => ({
  id,
  owner_id: 7,
  owner_name: 'Kagiso Sithole',
  client_name: name,
  company_name: null,
  client_email: null,
  client_phone: null,
  address: null,
  client_type: 'customer',
  status: 'open',
  client_value: 0,
  notes: null,
  won_at: null,
  last_activity_at: null,
  created_at: '2026-11-23T08:00:00.000Z',
  updated_at: '2026-11-23T08:00:00.000Z',
});

/**
 * The server's answers: the rep's book of `book` clients, of which a page of at most CLIENT_PAGE_SIZE_MAX is
 * listed, narrowed by the search; Log Activity echoes what was sent. Returns the paths asked for.
 */
function stubServer(book: CrmClient[]) {
  const asked: string[] = [];
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      asked.push(url.pathname + url.search);
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        return Promise.resolve(new Response(JSON.stringify({ id: 1, ...body }), { status: 201 }));
      }
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const pageSize = Number(url.searchParams.get('page_size'));
      const found = book.filter((c) => c.client_name.toLowerCase().includes(search));
      const answer = {
        clients: found.slice(0, pageSize),
        matching: found.length,
        page: 1,
        page_size: pageSize,
      };
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    }),
  );
  return { asked, posted };
}

const bookOf = (size: number) =>
  Array.from({ length: size }, (_, i) => client(i + 1, i === size - 1 ? 'Zodwa Dlamini' : `Client ${i + 1}`));

describe('Log Activity without a client chosen', () => {
  it('lists a small book whole, with no search', async () => {
    stubServer(bookOf(3));
    renderWithApp(<ActivityDialog onClose={() => undefined} onSaved={() => undefined} />);
    const picker = await screen.findByLabelText(/^Client/);
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(4));
    expect(screen.queryByLabelText('Search clients')).toBeNull();
  });

  it('finds a client beyond the first page by searching, and logs the activity with them', async () => {
    const { asked, posted } = stubServer(bookOf(CLIENT_PAGE_SIZE_MAX + 50));
    renderWithApp(<ActivityDialog onClose={() => undefined} onSaved={() => undefined} />);
    const picker = await screen.findByLabelText(/^Client/);
    // The last client is not among the first page's, and the form says how many it lists.
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(CLIENT_PAGE_SIZE_MAX + 1));
    expect(within(picker).queryByRole('option', { name: 'Zodwa Dlamini' })).toBeNull();
    expect(screen.getByText(`${CLIENT_PAGE_SIZE_MAX} clients shown`)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Search clients'), 'zodwa');
    await waitFor(() =>
      expect(asked).toContain(`/api/crm/clients?page_size=${CLIENT_PAGE_SIZE_MAX}&search=zodwa`),
    );
    const option = await within(picker).findByRole('option', { name: 'Zodwa Dlamini' });
    await userEvent.selectOptions(picker, option);
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Bring the price list');
    await userEvent.click(screen.getByRole('button', { name: 'Save Activity' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      client_id: CLIENT_PAGE_SIZE_MAX + 50,
      subject: 'Bring the price list',
    });
  });

  it('says so when the search finds nobody', async () => {
    stubServer(bookOf(CLIENT_PAGE_SIZE_MAX + 1));
    renderWithApp(<ActivityDialog onClose={() => undefined} onSaved={() => undefined} />);
    await userEvent.type(await screen.findByLabelText('Search clients'), 'nobody');
    expect(await screen.findByText('No clients match')).toBeTruthy();
  });
});
