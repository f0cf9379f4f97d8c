import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import enDuties from '../../locales/en/duties.json';
import enGovernance from '../../locales/en/governance.json';
import zuGovernance from '../../locales/zu/governance.json';
import { fakeApi, writes } from '../../test-support/fake-api';
import { renderWithApp } from '../../test-support/render';
import { FinancesTab } from './FinancesTab';
import { MeetingsTab } from './MeetingsTab';
import { VotingTab } from './VotingTab';

beforeAll(() => {
  i18n.addResourceBundle('en', 'governance', enGovernance);
  i18n.addResourceBundle('zu', 'governance', zuGovernance);
  i18n.addResourceBundle('en', 'duties', enDuties);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

/** A tab as the governance page shows it: its list from a query (empty here). */
function Tab({ which }: { which: 'finances' | 'meetings' | 'voting' }) {
  const query = useQuery({ queryKey: [which], queryFn: () => Promise.resolve([]) });
  if (which === 'finances')
    return <FinancesTab coopId={1} query={query} isCoordinator={false} isMember userId={7} />;
  if (which === 'meetings') return <MeetingsTab coopId={1} query={query} />;
  return <VotingTab coopId={1} query={query} userId={7} isCoordinator={false} />;
}

/** The text under a field (its aria-describedby), the way a screen reader reaches it. */
const messageOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the transaction form (finances tab)', () => {
  it('refuses an empty amount and description with the catalogue’s words, sending nothing', async () => {
    const sent = fakeApi({});
    renderWithApp(<Tab which="finances" />);
    await userEvent.click(screen.getByTestId('new-transaction'));
    await userEvent.click(screen.getByTestId('record-transaction'));
    await waitFor(() => expect(messageOf(screen.getByLabelText(/Amount/))).toBe('This field is required.'));
    expect(messageOf(screen.getByLabelText(/Description/))).toBe('This field is required.');
    await userEvent.type(screen.getByLabelText(/Amount/), '0');
    await waitFor(() => expect(messageOf(screen.getByLabelText(/Amount/))).toBe('Enter more than 0.'));
    expect(writes(sent)).toHaveLength(0);
  });

  it('puts the server’s refusal under its field and keeps what was typed', async () => {
    const sent = fakeApi({
      'POST /api/cooperatives/1/financial-transactions': () => [
        400,
        {
          error: {
            code: 'bad_request',
            message: 'Invalid amount',
            fields: { amount: 'English' },
            field_codes: { amount: { code: 'validation.too_big', params: { maximum: 10000000 } } },
          },
        },
      ],
    });
    renderWithApp(<Tab which="finances" />);
    await userEvent.click(screen.getByTestId('new-transaction'));
    await userEvent.type(screen.getByLabelText(/Amount/), '250');
    await userEvent.type(screen.getByLabelText(/Description/), 'Monthly share');
    await userEvent.click(screen.getByTestId('record-transaction'));
    await waitFor(() => expect(messageOf(screen.getByLabelText(/Amount/))).toBe('Enter at most 10000000.'));
    expect(screen.getByLabelText(/Description/)).toHaveProperty('value', 'Monthly share');
    expect(writes(sent)[0]?.body).toMatchObject({ amount: 250, description: 'Monthly share' });
  });

  it('records, then closes the form', async () => {
    const sent = fakeApi({ 'POST /api/cooperatives/1/financial-transactions': () => [201, { id: 1 }] });
    renderWithApp(<Tab which="finances" />);
    await userEvent.click(screen.getByTestId('new-transaction'));
    await userEvent.type(screen.getByLabelText(/Amount/), '12.50');
    await userEvent.type(screen.getByLabelText(/Description/), 'Stokvel share');
    await userEvent.click(screen.getByTestId('record-transaction'));
    await waitFor(() => expect(screen.queryByTestId('transaction-form')).toBeNull());
    expect(writes(sent)[0]?.body).toMatchObject({ amount: 12.5, description: 'Stokvel share' });
  });
});

describe('the meeting form', () => {
  it('puts the server’s refusal of the date under the date field', async () => {
    fakeApi({
      'POST /api/cooperatives/1/meetings': () => [
        400,
        {
          error: {
            code: 'bad_request',
            message: 'Invalid date',
            fields: { meeting_date: 'English' },
            field_codes: { meeting_date: { code: 'validation.date_time' } },
          },
        },
      ],
    });
    renderWithApp(<Tab which="meetings" />);
    await userEvent.click(screen.getByTestId('new-meeting'));
    await userEvent.type(screen.getByLabelText(/Title/), 'AGM');
    await userEvent.click(screen.getByTestId('schedule-meeting'));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/Date and time/))).toBe('Enter a valid date and time.'),
    );
    expect(screen.getByLabelText(/Title/)).toHaveProperty('value', 'AGM');
  });

  it('sends empty texts as null', async () => {
    const sent = fakeApi({ 'POST /api/cooperatives/1/meetings': () => [201, { id: 2 }] });
    renderWithApp(<Tab which="meetings" />);
    await userEvent.click(screen.getByTestId('new-meeting'));
    await userEvent.type(screen.getByLabelText(/Title/), 'AGM');
    await userEvent.click(screen.getByTestId('schedule-meeting'));
    await waitFor(() => expect(screen.queryByTestId('meeting-form')).toBeNull());
    expect(writes(sent)[0]?.body).toEqual({
      title: 'AGM',
      description: null,
      meeting_date: null,
      agenda: null,
    });
  });
});

describe('the vote form', () => {
  it('refuses a close before the opening under the close field, in English and isiZulu', async () => {
    const sent = fakeApi({});
    renderWithApp(<Tab which="voting" />);
    await userEvent.click(screen.getByTestId('new-vote'));
    await userEvent.type(screen.getByLabelText(/Title/), 'New treasurer');
    await userEvent.type(screen.getByLabelText(/Opens/), '2030-05-02T10:00');
    await userEvent.type(screen.getByLabelText(/Closes/), '2030-05-01T10:00');
    await userEvent.click(screen.getByTestId('create-vote'));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/Closes/))).toBe('The end must be after the start.'),
    );
    expect(writes(sent)).toHaveLength(0);

    await act(() => i18n.changeLanguage('zu'));
    await userEvent.click(screen.getByTestId('create-vote'));
    await waitFor(() =>
      expect(messageOf(document.getElementById('vote-end')!)).toBe('Isiphetho kumele sibe ngemva kokuqala.'),
    );
  });
});
