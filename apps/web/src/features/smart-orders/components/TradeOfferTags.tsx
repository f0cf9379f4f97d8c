import { useTranslation } from 'react-i18next';
import { Tags } from 'lucide-react';
import type { ProductTradeOffer } from '@tt/domain';
import { formatDate } from '../../../lib/format';
import { useOfferText } from './Cards';

/** The trade offers running on a product, as a buyer sees them on its card (checkout applies the best). */
export function TradeOfferTags({ offers }: { offers: readonly ProductTradeOffer[] }) {
  const { t, i18n } = useTranslation('smart_orders');
  const text = useOfferText();
  return (
    <ul className="space-y-1" data-testid="trade-offers">
      {offers.map((o) => (
        <li
          key={o.id}
          className="flex items-start gap-1.5 rounded-md bg-orange-50 px-2 py-1 text-xs text-orange-900"
          data-testid="trade-offer"
        >
          <Tags aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <span className="min-w-0">
            <span className="font-semibold">{text(o)}</span>
            <span className="sr-only"> · {t('product_offer')}</span>
            <span className="block truncate" title={o.offer_name}>
              {o.offer_name} · {t('product_offer_until', { date: formatDate(o.end_date, i18n.language) })}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
