import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { SearchFilters } from './SearchFilters';

function Tickets({ onChange }: { onChange: (search: string, status: string) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'open' | 'closed' | ''>('');
  onChange(search, status);
  return (
    <SearchFilters
      search={{
        label: 'Search tickets',
        placeholder: 'Subject or number',
        value: search,
        onChange: setSearch,
      }}
      filters={[
        {
          label: 'Status',
          value: status,
          onChange: setStatus,
          allLabel: 'All statuses',
          options: [
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
          ],
        },
      ]}
    />
  );
}

describe('SearchFilters', () => {
  it('names the box and each filter for screen readers, and hands back what was typed and chosen', async () => {
    const onChange = vi.fn();
    renderWithApp(<Tickets onChange={onChange} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'till');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(onChange).toHaveBeenLastCalledWith('till', 'closed');
    // "All statuses" is the empty choice: no filter.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    expect(onChange).toHaveBeenLastCalledWith('till', '');
  });
});
