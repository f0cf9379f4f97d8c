import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PackageSearch } from 'lucide-react';
import type { AppUser, ProductTradeOffer } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Loading } from '../../../components/ui/Loading';
import { cn } from '../../../components/ui/cn';
import { useProductTradeOffers } from '../../smart-orders/api';
import { useProductPromotions } from '../../promotions/api';
import type { useProducts } from '../api';
import { ProductCard, type ProductView } from './ProductCard';
import { formatTotal } from './useProductFilters';

/** The cards of the widest grid's first row (four columns): the ones in view when the screen opens. */
const FIRST_ROW_CARDS = 4;

/**
 * The listing: loading, a first load that failed (Reload), no results (for the filters, or none at all),
 * or the cards with "showing n of m" and Load more; above them, when the words as typed matched nothing, what
 * was searched for instead ("suger": sugar).
 */
export function ProductResults({
  products,
  search,
  filtered,
  view,
  user,
}: {
  products: ReturnType<typeof useProducts>;
  /** The search asked for, as typed. */
  search: string | undefined;
  /** A search, department or price band is set: an empty answer reads as "no results". */
  filtered: boolean;
  view: ProductView;
  user: AppUser;
}) {
  const { t, i18n } = useTranslation('products');
  const first = products.data?.pages[0];
  const items = useMemo(() => products.data?.pages.flatMap((p) => p.products) ?? [], [products.data]);
  // Trade offers running on the products shown (smart orders; priced at checkout, DECISIONS 21).
  const offers = useProductTradeOffers(items.slice(0, 500).map((p) => p.id));
  // By product, once per answer: a card whose offers did not change is not drawn again (ProductCard is memo).
  const offersOf = useMemo(() => {
    const byProduct = new Map<number, ProductTradeOffer[]>();
    for (const offer of offers.data ?? []) {
      const list = byProduct.get(offer.product_id);
      if (list) list.push(offer);
      else byProduct.set(offer.product_id, [offer]);
    }
    return byProduct;
  }, [offers.data]);
  // Running promotions by the page's product ids, after the listing (the listing's query is untouched).
  const promotions = useProductPromotions(items.map((p) => p.id));

  if (products.isPending) return <Loading label={t('common:common.loading')} />;
  if (products.isError && items.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={PackageSearch}
          title={t('common:errors.screen_title')}
          action={
            <Button variant="outline" onClick={() => void products.refetch()}>
              {t('common:common.reload')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (items.length === 0) {
    return (
      <Card>
        {filtered ? (
          <EmptyState
            icon={PackageSearch}
            title={t('empty.no_results')}
            message={t('empty.no_results_text')}
          />
        ) : (
          <EmptyState icon={PackageSearch} title={t('empty.none_available')} />
        )}
      </Card>
    );
  }
  return (
    <>
      {first?.corrected && (
        <p className="mb-3 text-sm text-stone-700" data-testid="search-corrected">
          {t('search_corrected', { typed: search ?? '', corrected: first.corrected })}
        </p>
      )}
      <ul
        data-testid="product-list"
        data-view={view}
        className={cn(
          view === 'grid'
            ? 'grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4'
            : 'flex flex-col gap-2.5',
        )}
      >
        {items.map((product, index) => (
          <li
            key={product.id}
            // Issue 9: a card below the first row is laid out and painted when it nears the screen, not all 24
            // when the list first draws (the estimate is a card's height; once drawn, its own is remembered).
            className={cn(
              'min-w-0',
              index >= FIRST_ROW_CARDS &&
                (view === 'grid'
                  ? '[contain-intrinsic-size:auto_420px] [content-visibility:auto]'
                  : '[contain-intrinsic-size:auto_120px] [content-visibility:auto]'),
            )}
          >
            <ProductCard
              priority={index < FIRST_ROW_CARDS}
              product={product}
              view={view}
              user={user}
              offers={offersOf.get(product.id)}
              promotions={promotions.get(product.id)}
            />
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-col items-center gap-2">
        <p className="text-sm text-stone-500">
          {t('showing', {
            shown: items.length,
            total: first?.total_capped
              ? `${formatTotal(first.total, i18n.resolvedLanguage)}+`
              : (first?.total ?? items.length),
          })}
        </p>
        {products.hasNextPage && (
          <Button
            variant="outline"
            loading={products.isFetchingNextPage}
            onClick={() => void products.fetchNextPage()}
            data-testid="load-more"
          >
            {t('load_more')}
          </Button>
        )}
      </div>
    </>
  );
}
