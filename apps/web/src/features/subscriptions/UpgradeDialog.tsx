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
}

/** The plan allowance a refused call hit (a 402 with code plan_limit), or null for any other failure. */
export function planLimitOf(error: unknown): PlanLimitHit | null {
  if (!(error instanceof ApiError) || error.code !== 'plan_limit') return null;
  const parsed = planLimitSchema.safeParse(error.body);
  if (!parsed.success) return null;
  const { feature, used, limit }: PlanLimit = parsed.data;
  return { feature, used, limit };
}

/** Spec 2's upgrade dialog: which allowance was reached, how much of it is used, and the way to a bigger plan. */
export function UpgradeDialog({ hit, onClose }: { hit: PlanLimitHit | null; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  const feature = hit ? t(`features.${hit.feature}`, { defaultValue: hit.feature.replace(/_/g, ' ') }) : '';
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
          <p className="text-center text-xs text-stone-500">{t('upgrade.footer')}</p>
        </div>
      }
    >
      {hit && (
        <div data-testid="upgrade-dialog">
          <div className="flex items-start gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
              <Sparkles aria-hidden className="size-5" />
            </span>
            <p className="text-sm text-stone-700" data-testid="upgrade-message">
              {t('upgrade.reached', { feature, used: hit.used, limit: hit.limit })}
            </p>
          </div>
          <div className="mt-4">
            <div className="mb-1 flex justify-between text-xs text-stone-500">
              <span>{t('upgrade.used')}</span>
              <span className="tabular-nums">{limitUsedPercent(hit.used, hit.limit)}%</span>
            </div>
            <ProgressBar
              percent={limitUsedPercent(hit.used, hit.limit)}
              tone="red"
              label={t('upgrade.used')}
              testId="upgrade-bar"
            />
          </div>
          <p className="mt-4 text-sm text-stone-600">{t('upgrade.pitch')}</p>
        </div>
      )}
    </Dialog>
  );
}
