import { useTranslation } from 'react-i18next';
import { CheckCircle2, Lightbulb } from 'lucide-react';
import type { PerformanceReport } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { metricFigure } from './labels';

const IMPACT_TONE = { high: 'red', medium: 'yellow', low: 'blue' } as const;
/** The unit a tip's figure is in, where it names a metric's value. */
const TIP_UNIT = {
  slow_responses: 'ms',
  failures: '%',
  slow_database: 'ms',
  busy_event_loop: 'ms',
  jobs_waiting: 's',
  memory: '%',
} as const;

/** What to do about the figures, from the domain's rule (the most pressing first). */
export function TipsTab({ report }: { report: PerformanceReport }) {
  const { t, i18n } = useTranslation('performance');
  return (
    <ul className="grid gap-3" data-testid="performance-tips">
      {report.tips.map((tip) => {
        const unit = TIP_UNIT[tip.kind as keyof typeof TIP_UNIT];
        const value =
          tip.value === null ? '' : unit ? metricFigure(tip.value, unit, i18n.language) : String(tip.value);
        const good = tip.kind === 'all_good';
        return (
          <li key={tip.kind} data-testid={`tip-${tip.kind}`}>
            <Card className="flex gap-3 p-4">
              <span
                className={`grid size-9 shrink-0 place-items-center rounded-lg ${good ? 'bg-green-100 text-green-700' : 'bg-brand-100 text-brand-700'}`}
              >
                {good ? (
                  <CheckCircle2 aria-hidden className="size-5" />
                ) : (
                  <Lightbulb aria-hidden className="size-5" />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="font-medium text-stone-900">
                    {t(`tip.${tip.kind}.title`, { count: tip.value ?? 0 })}
                  </h2>
                  {!good && <Badge tone={IMPACT_TONE[tip.impact]}>{t(`impact.${tip.impact}`)}</Badge>}
                </div>
                <p className="mt-1 text-sm text-stone-700">
                  {t(`tip.${tip.kind}.body`, { value, count: tip.value ?? 0 })}
                </p>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
