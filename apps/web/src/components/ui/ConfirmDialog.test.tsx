import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderWithApp } from '../../test-support/render';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const ask = (over: Partial<React.ComponentProps<typeof ConfirmDialog>> = {}) => {
  const props = {
    title: 'Delete promotion',
    message: 'This cannot be undone.',
    confirmLabel: 'Delete',
    busy: false,
    onConfirm: vi.fn(),
    onClose: vi.fn(),
    ...over,
  };
  renderWithApp(<ConfirmDialog {...props} />);
  return props;
};

describe('ConfirmDialog', () => {
  it('asks, and only the confirming button goes ahead', async () => {
    const props = ask();
    const dialog = screen.getByRole('dialog', { name: 'Delete promotion' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(props.onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('confirm-action'));
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
  });

  it('waits while the change is under way: neither button can be pressed twice', () => {
    ask({ busy: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('confirm-action')).toHaveProperty('disabled', true);
  });

  it('says Cancel and Close in the user’s language, or the caller’s own cancel words', async () => {
    await act(() => i18n.changeLanguage('zu'));
    ask();
    expect(screen.getByRole('button', { name: 'Khansela' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vala' })).toBeTruthy();
  });

  it('carries extra content (a reason to give) and a named cancel', () => {
    ask({ message: undefined, cancelLabel: 'Keep it', children: <label>Why?</label> });
    expect(screen.getByText('Why?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy();
  });
});
