import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { randToCents, type PosCatalogue, type PosProduct } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';
import { useSaveMarkup, useSavePrice } from '../api';
import { searchProducts } from '../cart';

const amountOk = (text: string) => /^\d{1,7}([.,]\d{1,2})?$/.test(text.trim());
const toRand = (text: string) => randToCents(text.trim().replace(',', '.')) / 100;

function PriceRow({ product }: { product: PosProduct }) {
  const { t } = useTranslation('pos');
  const save = useSavePrice();
  const [text, setText] = useState(product.price.toFixed(2));
  const ok = amountOk(text);
  return (
    <li className="flex flex-wrap items-end gap-2 py-2">
      <div className="min-w-0 flex-1 basis-40">
        <p className="text-sm font-medium break-words text-stone-900">{product.name}</p>
        <p className="text-xs text-stone-600">
          {t('prices.cost', { amount: formatMoney(product.unit_cost) })} ·{' '}
          {product.price_is_default ? t('prices.default') : t('prices.own')}
        </p>
      </div>
      <label className="sr-only" htmlFor={`price-${product.id}`}>
        {t('prices.price_of', { name: product.name })}
      </label>
      <Input
        id={`price-${product.id}`}
        inputMode="decimal"
        className="w-24"
        value={text}
        aria-invalid={ok ? undefined : true}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        size="sm"
        disabled={!ok}
        loading={save.isPending}
        onClick={() => save.mutate({ id: product.id, price: toRand(text) })}
      >
        {t('prices.save')}
      </Button>
      {!product.price_is_default && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            save.mutate({ id: product.id, price: null }, { onSuccess: (p) => setText(p.price.toFixed(2)) })
          }
        >
          {t('prices.reset')}
        </Button>
      )}
    </li>
  );
}

/** Retail prices: the markup on cost for items without their own price, and each item's own price. */
export function PricesDialog({
  catalogue,
  onClose,
  initialSearch = '',
}: {
  catalogue: PosCatalogue;
  onClose: () => void;
  initialSearch?: string;
}) {
  const { t } = useTranslation('pos');
  const markup = useSaveMarkup();
  const [text, setText] = useState(String(catalogue.markup_percent));
  const [search, setSearch] = useState(initialSearch);
  const value = Number(text);
  const ok = /^\d{1,4}(\.\d{1,2})?$/.test(text.trim()) && value <= 1000;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('prices.title')}
      description={t('prices.hint')}
      closeLabel={t('close')}
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex-1 basis-40">
          <Field
            label={t('prices.markup')}
            htmlFor="pos-markup"
            error={ok ? undefined : t('prices.markup_invalid')}
          >
            <Input
              id="pos-markup"
              inputMode="decimal"
              value={text}
              aria-invalid={ok ? undefined : true}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
        </div>
        <Button disabled={!ok} loading={markup.isPending} onClick={() => markup.mutate(value)}>
          {t('prices.save')}
        </Button>
      </div>
      <label className="sr-only" htmlFor="pos-price-search">
        {t('search_label')}
      </label>
      <Input
        id="pos-price-search"
        type="search"
        className="mt-4"
        placeholder={t('search_placeholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="mt-2 divide-y divide-stone-100">
        {searchProducts(catalogue.products, search, 50).map((p) => (
          <PriceRow key={`${p.id}-${p.price}`} product={p} />
        ))}
      </ul>
    </Dialog>
  );
}
