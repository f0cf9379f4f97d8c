import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Boxes, CircleCheck, Package, Tag, TrendingUp, Undo2, X, type LucideIcon } from 'lucide-react';
import type { AiInsights, Recommendation } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { toastError } from '../../../lib/toast';
import { useDismissal } from '../api';
import { NoSales } from './NoSales';

const TYPE: Record<Recommendation['type'], { icon: LucideIcon; tone: string }> = {
  inventory: { icon: Package, tone: 'bg-blue-100 text-blue-800' },
  pricing: { icon: Tag, tone: 'bg-orange-100 text-orange-800' },
  marketing: { icon: TrendingUp, tone: 'bg-purple-100 text-purple-800' },
  sales: { icon: Boxes, tone: 'bg-green-100 text-green-800' },
};
const IMPACT_TONE: Record<Recommendation['impact'], Tone> = { high: 'red', medium: 'yellow', low: 'grey' };

/** The screen that acts on a recommendation (only working screens; ADR 053). */
export function actionPath(action: Recommendation['action']): string {
  const search = action.search ? encodeURIComponent(action.search) : '';
  if (action.screen === 'marketplace') return search ? `${paths.products}?q=${search}` : paths.products;
  if (action.screen === 'till_prices') return `${paths.pos}?prices=${search}`;
  return search ? `${paths.inventory}?search=${search}` : paths.inventory;
}

/** The words of a card: its figures, formatted, under the names its sentences use. */
function useWords() {
  const { t, i18n } = useTranslation('ai_insights');
  return (r: Recommendation) => {
    const f = r.figures;
    const money = (key: string) => formatMoney(Number(f[key] ?? 0));
    const params = {
      name: r.name ?? '',
      available: f.available,
      rate: f.rate,
      days_left: f.days_left,
      run_out: typeof f.run_out === 'string' ? formatDate(f.run_out, i18n.language) : '',
      lead: f.lead_time,
      order: f.order_quantity,
      units: f.units,
      rank: f.rank,
      takings: money('takings'),
      count: Number(f.items ?? 0),
      value: money('value'),
      slow_days: f.slow_days,
      top: f.top,
      price: money('price'),
      net_price: money('net_price'),
      cost: money('unit_cost'),
      loss: money('loss_per_unit'),
      margin: f.margin_percent,
      shop_margin: f.shop_margin_percent,
      days: r.days,
      evidence: r.evidence_days,
      at_stake: formatMoney(r.at_stake),
    };
    return {
      title: t(`rec.${r.kind}.title`, params),
      // Stock already gone is said as such, not as "runs out in 0 days".
      text: t(
        r.kind === 'reorder' && f.days_left === 0 ? 'rec.reorder.text_out' : `rec.${r.kind}.text`,
        params,
      ),
      how: t(`rec.${r.kind}.how`, params),
      confidence: t('rec.confidence_how', params),
      action: t(`rec.${r.kind}.action`, params),
    };
  };
}

/** Spec 2's recommendation cards, from the domain's rules: Take Action opens the screen that acts, Dismiss keeps. */
export function RecommendationsTab({ data }: { data: AiInsights }) {
  const { t } = useTranslation('ai_insights');
  const dismissal = useDismissal();
  const [undo, setUndo] = useState<Recommendation | null>(null);
  const words = useWords();
  const active = data.recommendations.filter((r) => !r.dismissed);
  const dismissed = data.recommendations.filter((r) => r.dismissed);
  const set = (r: Recommendation, dismiss: boolean) =>
    dismissal.mutate(
      { key: r.key, dismissed: dismiss },
      {
        onSuccess: () => setUndo(dismiss ? r : null),
        onError: (error) => toastError(errorMessage(error, t)),
      },
    );

  return (
    <div className="grid gap-3">
      {!data.has_sales && <NoSales what="recommendations" />}
      {undo && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-100 px-4 py-2 text-sm text-stone-800"
          data-testid="dismissed-notice"
        >
          <span>{t('rec.dismissed_notice', { title: words(undo).title })}</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => set(undo, false)}
            disabled={dismissal.isPending}
            data-testid="undo-dismiss"
          >
            <Undo2 aria-hidden className="size-4" />
            {t('rec.undo')}
          </Button>
        </div>
      )}
      {data.has_sales && active.length === 0 && (
        <Card>
          <EmptyState
            icon={CircleCheck}
            title={t('rec.none_title')}
            message={t('rec.none_message')}
            testId="no-recommendations"
          />
        </Card>
      )}
      {active.length > 0 && (
        <ul className="grid gap-3" data-testid="recommendations">
          {active.map((r) => {
            const { icon: Icon, tone } = TYPE[r.type];
            const w = words(r);
            return (
              <li key={r.key}>
                <Card
                  className="flex flex-col gap-3 p-4"
                  data-testid="recommendation"
                  data-key={r.key}
                  data-kind={r.kind}
                >
                  <div className="flex items-start gap-3">
                    <span className={`grid size-10 shrink-0 place-items-center rounded-lg ${tone}`}>
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold text-stone-900">{w.title}</h3>
                      <div className="mt-1 flex flex-wrap gap-1.5">
                        <Badge tone="blue">{t(`type.${r.type}`)}</Badge>
                        <Badge tone={IMPACT_TONE[r.impact]}>{t(`impact.${r.impact}`)}</Badge>
                        <span data-testid="confidence">
                          <Badge>{t('rec.confidence', { percent: r.confidence })}</Badge>
                        </span>
                      </div>
                    </div>
                  </div>
                  <p className="text-sm text-stone-700">{w.text}</p>
                  <details className="text-sm text-stone-600">
                    <summary className="cursor-pointer font-medium text-stone-700">
                      {t('rec.how_title')}
                    </summary>
                    <p className="mt-1">{w.how}</p>
                    <p className="mt-1">{w.confidence}</p>
                    <p className="mt-1" data-testid="at-stake">
                      {t('rec.at_stake', {
                        amount: formatMoney(r.at_stake),
                        impact: t(`impact.${r.impact}`),
                      })}
                    </p>
                  </details>
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={actionPath(r.action)}
                      className={buttonClass('primary', 'sm')}
                      data-testid="take-action"
                    >
                      {w.action}
                    </Link>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => set(r, true)}
                      disabled={dismissal.isPending}
                      data-testid="dismiss"
                    >
                      <X aria-hidden className="size-4" />
                      {t('rec.dismiss')}
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {dismissed.length > 0 && (
        <details className="rounded-lg border border-stone-200 bg-white p-4" data-testid="dismissed-list">
          <summary className="cursor-pointer text-sm font-medium text-stone-800">
            {t('rec.dismissed_title', { count: dismissed.length })}
          </summary>
          <p className="mt-2 text-sm text-stone-600">{t('rec.dismissed_help')}</p>
          <ul className="mt-2 grid gap-2">
            {dismissed.map((r) => (
              <li
                key={r.key}
                className="flex flex-wrap items-center justify-between gap-2 text-sm"
                data-key={r.key}
              >
                <span className="min-w-0 text-stone-800">{words(r).title}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => set(r, false)}
                  disabled={dismissal.isPending}
                  data-testid="restore"
                >
                  <Undo2 aria-hidden className="size-4" />
                  {t('rec.restore')}
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
