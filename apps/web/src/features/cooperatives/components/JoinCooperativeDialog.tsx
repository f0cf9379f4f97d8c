import { useTranslation } from 'react-i18next';
import { COOP_SHARE_CENTS, formatRand, type Cooperative } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';

/**
 * Joining commits the member's share (issue 10 point 3): what it costs, when it is paid and what
 * membership means are said before the call is made.
 */
export function JoinCooperativeDialog({
  coop,
  open,
  onOpenChange,
  onConfirm,
  joining,
}: {
  coop: Cooperative;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  joining: boolean;
}) {
  const { t } = useTranslation('cooperatives');
  const share = formatRand(COOP_SHARE_CENTS);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('join_confirm.title', { name: coop.name })}
      closeLabel={t('join_confirm.close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={joining}>
            {t('common:common.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={joining} data-testid="confirm-join-coop">
            {t('join_confirm.submit', { amount: share })}
          </Button>
        </div>
      }
    >
      <div data-testid="join-coop-dialog">
        <div className="flex items-baseline justify-between gap-3 rounded-lg bg-stone-50 p-3">
          <span className="text-sm text-stone-600">{t('join_confirm.share')}</span>
          <span className="font-semibold whitespace-nowrap tabular-nums" data-testid="commit-share">
            {share}
          </span>
        </div>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-stone-700">
          <li>{t('join_confirm.when_paid')}</li>
          <li>{t('join_confirm.rights')}</li>
          {coop.status === 'pending' && <li>{t('join_confirm.pending', { count: coop.minimum_members })}</li>}
        </ul>
      </div>
    </Dialog>
  );
}
