import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReorderRule, ScheduledOrder, TradeOffer, TradeOfferStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatDate, formatMoney } from '../../../lib/format';

function Actions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('smart_orders');
  return (
    <div className="mt-auto flex gap-2 pt-2">
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('actions.edit_named', { name })}>
        <Pencil aria-hidden className="size-4" />
        {t('actions.edit')}
      </Button>
      <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t('actions.delete_named', { name })}>
        <Trash2 aria-hidden className="size-4" />
        {t('actions.delete')}
      </Button>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 text-sm">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-right font-medium text-stone-900 tabular-nums">{children}</dd>
    </div>
  );
}

export function RuleCard({
  rule: r,
  onEdit,
  onDelete,
}: {
  rule: ReorderRule;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('smart_orders');
  const low = r.available + r.on_order <= r.reorder_point + r.safety_stock;
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-4" data-testid="rule-card">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900">{r.product_name}</h3>
          <p className="text-xs text-stone-600">{t('card.from', { name: r.supplier_name })}</p>
        </div>
        <Badge tone={!r.is_active ? 'grey' : r.auto_reorder_enabled ? 'green' : 'blue'}>
          {t(!r.is_active ? 'card.paused' : r.auto_reorder_enabled ? 'card.automatic' : 'card.asks_first')}
        </Badge>
      </div>
      <dl className="space-y-1">
        <Row label={t('card.on_hand')}>
          <span className={low ? 'text-amber-700' : undefined}>{r.available}</span>
        </Row>
        <Row label={t('card.on_order')}>{r.on_order}</Row>
        <Row label={t('form.reorder_point')}>{r.reorder_point}</Row>
        <Row label={t('form.safety_stock')}>{r.safety_stock}</Row>
        <Row label={t('form.reorder_quantity')}>{r.reorder_quantity}</Row>
        <Row label={t('form.lead_time_days')}>{t('card.days', { count: r.lead_time_days })}</Row>
      </dl>
      <Actions name={r.product_name} onEdit={onEdit} onDelete={onDelete} />
    </Card>
  );
}

export function ScheduleCard({
  schedule: s,
  onEdit,
  onDelete,
}: {
  schedule: ScheduledOrder;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('smart_orders');
  const rose = s.items.some((i) => i.current_price > i.unit_price);
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-4" data-testid="schedule-card">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900">{s.order_name}</h3>
          <p className="text-xs text-stone-600">{t('card.from', { name: s.supplier_name })}</p>
        </div>
        <Badge tone={s.is_active ? 'green' : 'grey'}>{t(`frequency.${s.frequency}`)}</Badge>
      </div>
      <dl className="space-y-1">
        <Row label={t('card.next_order')}>
          {s.is_active ? formatDate(s.next_order_date, i18n.language) : t('card.paused')}
        </Row>
        {s.last_order_date && (
          <Row label={t('card.last_order')}>{formatDate(s.last_order_date, i18n.language)}</Row>
        )}
        <Row label={t('card.confirm')}>{t(s.auto_confirm ? 'card.automatic' : 'card.asks_first')}</Row>
      </dl>
      <ul className="space-y-0.5 border-t border-stone-100 pt-2 text-sm text-stone-700">
        {s.items.map((i) => (
          <li key={i.product_id} className="flex justify-between gap-2">
            <span className="min-w-0 truncate">
              {i.quantity} × {i.product_name}
            </span>
            <span className="shrink-0 tabular-nums">{formatMoney(i.current_price)}</span>
          </li>
        ))}
      </ul>
      {rose && <p className="text-xs text-amber-800">{t('card.price_rose')}</p>}
      {s.notes && <p className="text-xs break-words text-stone-600">{s.notes}</p>}
      <Actions name={s.order_name} onEdit={onEdit} onDelete={onDelete} />
    </Card>
  );
}

const offerTone: Record<TradeOfferStatus, Tone> = {
  inactive: 'grey',
  scheduled: 'blue',
  active: 'green',
  expired: 'yellow',
  used_up: 'orange',
};

/** "12.5% off", "R 2.50 off each", "buy 2 get 1 free", "free delivery"... */
export function useOfferText() {
  const { t } = useTranslation('smart_orders');
  return (
    o: Pick<TradeOffer, 'offer_type' | 'discount_value' | 'min_quantity' | 'buy_quantity' | 'get_quantity'>,
  ) => {
    switch (o.offer_type) {
      case 'percentage_discount':
        return t('offer_text.percentage', { value: o.discount_value });
      case 'fixed_discount':
        return t('offer_text.fixed', { value: formatMoney(o.discount_value) });
      case 'bulk_discount':
        return t('offer_text.bulk', { value: o.discount_value, count: o.min_quantity });
      case 'buy_x_get_y':
        return t('offer_text.buy_x_get_y', { x: o.buy_quantity, y: o.get_quantity });
      case 'free_shipping':
        return t('offer_text.free_shipping');
    }
  };
}

export function OfferCard({
  offer: o,
  onEdit,
  onDelete,
}: {
  offer: TradeOffer;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('smart_orders');
  const text = useOfferText();
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-4" data-testid="offer-card">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900">{o.offer_name}</h3>
          <p className="text-xs text-stone-600">{t(`offer_types.${o.offer_type}`)}</p>
        </div>
        <Badge tone={offerTone[o.status]}>{t(`offer_status.${o.status}`)}</Badge>
      </div>
      <p className="text-lg font-bold text-brand-800">{text(o)}</p>
      <dl className="space-y-1">
        <Row label={t('card.runs')}>
          {formatDate(o.start_date, i18n.language)} – {formatDate(o.end_date, i18n.language)}
        </Row>
        {o.minimum_order_value > 0 && (
          <Row label={t('form.minimum_order_value')}>{formatMoney(o.minimum_order_value)}</Row>
        )}
        <Row label={t('card.uses')}>
          {o.max_uses === null
            ? o.current_uses
            : t('card.uses_of', { used: o.current_uses, max: o.max_uses })}
        </Row>
        <Row label={t('form.products')}>
          {o.products.length === 0
            ? t('card.all_products')
            : t('card.products', { count: o.products.length })}
        </Row>
      </dl>
      {o.description && <p className="text-sm break-words text-stone-700">{o.description}</p>}
      <Actions name={o.offer_name} onEdit={onEdit} onDelete={onDelete} />
    </Card>
  );
}
