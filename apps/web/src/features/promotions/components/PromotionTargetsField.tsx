import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PackageSearch } from 'lucide-react';
import { PROMOTION_TARGETS_MAX } from '@tt/domain';
import { PickerSearch } from '../../../components/ui/PickerSearch';
import { QueryState } from '../../../components/ui/QueryState';
import { cn } from '../../../components/ui/cn';
import { usePromotableProducts } from '../api';

interface Named {
  id: number;
  name: string;
  /** Known when it was ticked from a search; an existing promotion's targets carry only names. */
  sku?: string | undefined;
}

/**
 * The products a promotion covers: the chosen ones first (so they stay ticked, and can be unticked,
 * whatever the search shows), then a page of the seller's other products that match the search. A
 * seller with hundreds of products searches by name, brand or SKU instead of scrolling past a cap.
 */
export function PromotionTargetsField({
  selected,
  initial,
  onChange,
}: {
  selected: number[];
  /** The names of the products already chosen (an existing promotion's targets). */
  initial: Named[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('promotions');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const results = usePromotableProducts(deferred);
  // The chosen products as last seen, which the current page may no longer hold.
  const [known, setKnown] = useState(() => new Map<number, Named>(initial.map((p) => [p.id, p])));
  const full = selected.length >= PROMOTION_TARGETS_MAX;
  const page = results.data;
  const capped = page !== undefined && page.total > page.products.length;

  const toggle = (product: Named) => {
    if (selected.includes(product.id)) {
      onChange(selected.filter((id) => id !== product.id));
      return;
    }
    setKnown((seen) => new Map(seen).set(product.id, product));
    onChange([...selected, product.id]);
  };
  const chosen = selected.map(
    (id): Named => known.get(id) ?? page?.products.find((p) => p.id === id) ?? { id, name: `#${id}` },
  );

  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{t('form.targets')}</legend>
      <p className="text-xs text-stone-600">{t('form.targets_hint')}</p>
      <PickerSearch
        id="promotion-product-search"
        label={t('form.search_products')}
        placeholder={t('form.search_placeholder')}
        value={search}
        onChange={setSearch}
        className="mt-2"
      />
      <div role="status" aria-live="polite" className="text-xs text-stone-600">
        {capped && (
          <p className="mt-1" data-testid="promotion-products-capped">
            {t('form.capped', { shown: page.products.length, total: page.total })}
          </p>
        )}
        {full && <p className="mt-1">{t('form.targets_max', { max: PROMOTION_TARGETS_MAX })}</p>}
      </div>
      <div
        className={cn(
          'mt-2 max-h-64 min-w-0 overflow-y-auto overscroll-contain rounded-lg border border-stone-200 p-2',
          results.isPlaceholderData && 'opacity-70',
        )}
        data-testid="promotion-products"
      >
        {chosen.length > 0 && (
          <>
            <p className="mb-1 text-xs font-medium text-stone-700">
              {t('form.chosen', { count: chosen.length })}
            </p>
            <ul className="space-y-1" data-testid="promotion-chosen">
              {chosen.map((p) => (
                <Choice key={p.id} product={p} checked onToggle={() => toggle(p)} />
              ))}
            </ul>
            <hr className="my-2 border-stone-200" />
          </>
        )}
        <QueryState query={results} icon={PackageSearch} compact>
          {(data) => {
            const others = data.products.filter((p) => !selected.includes(p.id));
            if (data.total === 0) {
              return (
                <p className="py-2 text-sm text-stone-600" data-testid="promotion-products-none">
                  {deferred ? t('form.no_match', { search: deferred }) : t('form.no_products')}
                </p>
              );
            }
            return (
              <ul className="space-y-1" data-testid="promotion-results">
                {others.map((p) => (
                  <Choice key={p.id} product={p} checked={false} disabled={full} onToggle={() => toggle(p)} />
                ))}
              </ul>
            );
          }}
        </QueryState>
      </div>
    </fieldset>
  );
}

function Choice({
  product,
  checked,
  disabled = false,
  onToggle,
}: {
  product: Named;
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <li>
      <label className="flex min-h-9 items-start gap-2 py-1 text-sm">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={onToggle}
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
        />
        <span className="min-w-0 flex-1 break-words">{product.name}</span>
        {product.sku && <span className="shrink-0 text-xs text-stone-600">{product.sku}</span>}
      </label>
    </li>
  );
}
