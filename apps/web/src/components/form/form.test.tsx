import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { renderWithApp } from '../../test-support/render';
import { Button } from '../ui/Button';
import { FormActions, FormField, toNumber, toNumberOrNull, useContractForm, useFormSubmit } from '.';

const stockSchema = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }).max(60),
  quantity: z.coerce.number().int().min(1),
});

function StockForm({
  send,
  onSuccess,
}: {
  send: (v: z.output<typeof stockSchema>) => Promise<unknown>;
  onSuccess?: () => void;
}) {
  const form = useContractForm(stockSchema, { defaultValues: { name: '', quantity: 1 } });
  const submit = useFormSubmit(form, send, { onSuccess });
  return (
    <form onSubmit={submit} noValidate>
      <FormField form={form} name="name" label="Name" required />
      <FormField form={form} name="quantity" label="Quantity" type="number" />
      <Button type="submit">Save</Button>
    </form>
  );
}

const refused = (fields: Record<string, { code: string; params?: Record<string, number> }>) =>
  new ApiError(
    400,
    'bad_request',
    'Invalid name',
    Object.fromEntries(Object.keys(fields).map((k) => [k, 'English'])),
    {
      error: { code: 'bad_request', message: 'Invalid name', field_codes: fields },
    },
  );

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the form kit', () => {
  it("refuses with the domain schema's words under the field, and sends nothing", async () => {
    const send = vi.fn(() => Promise.resolve());
    renderWithApp(<StockForm send={send} />);
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = await screen.findByLabelText(/Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This field is required.',
    );
    // The bound comes from the schema, rendered by the same catalogue as the server's refusals.
    expect(screen.getByText('Enter at least 1.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it("speaks the user's language: isiZulu under the field", async () => {
    await act(() => i18n.changeLanguage('zu'));
    renderWithApp(<StockForm send={() => Promise.resolve()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Le ndawo iyadingeka.')).toBeTruthy();
  });

  it("puts the server's refusal under its field, translated, and keeps what was typed", async () => {
    const send = vi.fn(() => Promise.reject(refused({ name: { code: 'validation.name_taken' } })));
    const onSuccess = vi.fn();
    renderWithApp(<StockForm send={send} onSuccess={onSuccess} />);
    const name = screen.getByLabelText(/Name/);
    await userEvent.type(name, 'Spaza One');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This name is already taken. Choose another.')).toBeTruthy();
    expect(send).toHaveBeenCalledWith({ name: 'Spaza One', quantity: 1 });
    expect((name as HTMLInputElement).value).toBe('Spaza One');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('sends what the schema made of the fields, then resets and reports success', async () => {
    const send = vi.fn(() => Promise.resolve({ id: 7 }));
    const onSuccess = vi.fn();
    renderWithApp(<StockForm send={send} onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText(/Name/), '  Sugar 2 kg  ');
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith({ id: 7 }, { name: 'Sugar 2 kg', quantity: 12 }),
    );
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('');
  });
});

const priceSchema = z.object({ price: z.number({ message: 'validation.number' }).positive() });

/** A dialog's form: the footer's buttons stand outside the form and name it. */
function PriceDialogForm({
  send,
  onCancel,
}: {
  send: (v: { price: number }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useContractForm(priceSchema, { defaultValues: {} });
  const submit = useFormSubmit(form, send);
  return (
    <>
      <form id="price-form" onSubmit={submit} noValidate>
        <FormField
          form={form}
          name="price"
          label="Price"
          type="number"
          registerOptions={{ setValueAs: toNumber }}
        />
      </form>
      <FormActions
        formId="price-form"
        submitLabel="Save price"
        busy={false}
        onCancel={onCancel}
        testId="save-price"
      />
    </>
  );
}

describe('the kit’s number fields and form actions', () => {
  it('reads an empty number box as not given, not as 0', () => {
    expect(toNumber('')).toBeUndefined();
    expect(toNumber(null)).toBeUndefined();
    expect(toNumber('12.5')).toBe(12.5);
    expect(toNumberOrNull('')).toBeNull();
    expect(toNumberOrNull('0')).toBe(0);
  });

  it('submits the named form from a footer outside it, and Cancel cancels', async () => {
    const send = vi.fn(() => Promise.resolve());
    const onCancel = vi.fn();
    renderWithApp(<PriceDialogForm send={send} onCancel={onCancel} />);
    // Empty: the schema refuses it as a missing number; nothing is sent.
    await userEvent.click(screen.getByTestId('save-price'));
    expect(await screen.findByText('Enter a number.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Price'), '19.99');
    await userEvent.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ price: 19.99 }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
