import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Crown, Sparkles } from 'lucide-react';
import { limitUsedPercent, planLimitSchema, type PlanLimit } from '@tt/domain';
import { Button, buttonClass } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';

export interface PlanLimitHit {
  feature: string;
  used: number;
  limit: number;
  /** What the refused write would have added, when known. */
  requested?: number | undefined;
}

/** The plan allowance a refused call hit (a 402 with code plan_limit), or null for any other failure. */
export function planLimitOf(error: unknown): PlanLimitHit | null {
  if (!(error instanceof ApiError) || error.code !== 'plan_limit') return null;
  const parsed = planLimitSchema.safeParse(error.body);
  if (!parsed.success) return null;
  const { feature, used, limit, requested }: PlanLimit = parsed.data;
  return { feature, used, limit, requested };
}

/** Which sentence fits the numbers: none included, all used, or this request is more than what is left. */
export function limitMessageKey(
  hit: PlanLimitHit,
): 'upgrade.not_included' | 'upgrade.reached' | 'upgrade.needs_more' {
  if (hit.limit === 0) return 'upgrade.not_included';
  if (hit.used >= hit.limit || hit.requested === undefined) return 'upgrade.reached';
  return 'upgrade.needs_more';
}

const amount = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Spec 2's upgrade dialog: which allowance was reached, how much of it is used (the numbers of the 402),
 * and the way to /subscription. The screen that opens it closes its own form first: one sheet at a time.
 */
export function UpgradeDialog({ hit, onClose }: { hit: PlanLimitHit | null; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  const feature = hit ? t(`features.${hit.feature}`, { defaultValue: hit.feature.replace(/_/g, ' ') }) : '';
  const percent = hit ? limitUsedPercent(hit.used, hit.limit) : 0;
  return (
    <Dialog
      open={hit !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('upgrade.title')}
      closeLabel={t('upgrade.close')}
      footer={
        <div className="flex flex-col gap-3">
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {t('upgrade.later')}
            </Button>
            <Link
              to={paths.subscription}
              onClick={onClose}
              className={buttonClass('primary')}
              data-testid="upgrade-link"
            >
              <Crown aria-hidden className="size-4" />
              {t('upgrade.view_plans')}
            </Link>
          </div>
          <p className="text-center text-xs text-stone-600">{t('upgrade.footer')}</p>
        </div>
      }
    >
      {hit && (
        <div data-testid="upgrade-dialog" data-feature={hit.feature}>
          <div className="flex items-start gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
              <Sparkles aria-hidden className="size-5" />
            </span>
            <p className="text-sm text-stone-700" data-testid="upgrade-message">
              {t(limitMessageKey(hit), {
                feature,
                used: amount(hit.used),
                limit: amount(hit.limit),
                requested: amount(hit.requested ?? 0),
              })}
            </p>
          </div>
          <div className="mt-4">
            <div className="mb-1 flex justify-between gap-3 text-xs text-stone-600">
              <span>{t('upgrade.used')}</span>
              <span className="tabular-nums" data-testid="upgrade-figures">
                {t('upgrade.figures', { used: amount(hit.used), limit: amount(hit.limit) })}
              </span>
            </div>
            <ProgressBar percent={percent} tone="red" label={t('upgrade.used')} testId="upgrade-bar" />
          </div>
          <p className="mt-4 text-sm text-stone-600">{t('upgrade.pitch')}</p>
        </div>
      )}
    </Dialog>
  );
}
