import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import { quantityBounds, quantityProblem, type CartLine } from '@tt/domain';

/**
 * The cart line's quantity: typed, or one step at a time, always within the product's minimum order and
 * its stock (DECISIONS 4). A value out of range is said under the field and not sent.
 */
export function QuantityField({
  line,
  busy,
  onChange,
  refusal,
}: {
  line: CartLine;
  busy: boolean;
  onChange: (quantity: number) => void;
  refusal: string | null;
}) {
  const { t } = useTranslation('cart');
  const id = useId();
  const { min, max } = quantityBounds(line);
  const [text, setText] = useState(String(line.quantity));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setText(String(line.quantity));
  }, [line.quantity]);

  const commit = () => {
    const value = Number(text.trim());
    const issue = text.trim() === '' ? 'not_whole' : quantityProblem(value, line);
    if (issue) {
      setProblem(t(`quantity_errors.${issue}`, { min, max }));
      return;
    }
    setProblem(null);
    if (value !== line.quantity) onChange(value);
  };
  const step = (value: number) => {
    setProblem(null);
    onChange(value);
  };
  const message = problem ?? refusal;

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {t('quantity')}
      </label>
      <div className="flex w-fit items-center rounded-lg border border-stone-300">
        <button
          type="button"
          className="grid size-10 place-items-center text-stone-700 hover:bg-stone-100 disabled:text-stone-400 disabled:hover:bg-transparent"
          aria-label={t('decrease')}
          disabled={busy || line.quantity <= min}
          onClick={() => step(line.quantity - 1)}
          data-testid="quantity-minus"
        >
          <Minus aria-hidden className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-range`}
          className="h-10 w-16 [appearance:textfield] border-x border-stone-300 px-1 text-center text-sm font-semibold tabular-nums focus:ring-2 focus:ring-brand-200 focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
          data-testid="quantity-input"
        />
        <button
          type="button"
          className="grid size-10 place-items-center text-stone-700 hover:bg-stone-100 disabled:text-stone-400 disabled:hover:bg-transparent"
          aria-label={t('increase')}
          disabled={busy || line.quantity >= max}
          onClick={() => step(line.quantity + 1)}
          data-testid="quantity-plus"
        >
          <Plus aria-hidden className="size-4" />
        </button>
      </div>
      {/* Why the steppers stop: the range is always in view, not only in a tooltip. */}
      <p id={`${id}-range`} className="mt-1 text-xs text-stone-600" data-testid="quantity-range">
        {max < min ? t('quantity_range.none', { min, max }) : t('quantity_range.between', { min, max })}
      </p>
      {message && (
        <p className="mt-1 text-xs font-medium text-red-700" role="alert" data-testid="quantity-error">
          {message}
        </p>
      )}
    </div>
  );
}
