import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShowMore } from './ShowMore';

describe('ShowMore', () => {
  it('says how much of the list is shown and asks for the next page', async () => {
    const onMore = vi.fn();
    render(<ShowMore more shown={20} total={45} loading={false} onMore={onMore} testId="more" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (20 of 45)' }));
    expect(onMore).toHaveBeenCalledOnce();
  });

  it('is not there when there is no next page', () => {
    render(<ShowMore more={false} shown={45} total={45} loading={false} onMore={() => undefined} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
