import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Textarea } from '../../../components/ui/Textarea';

/** Asks before a post is deleted or reported; a report may carry a reason for the admins. */
export function ConfirmDialog({
  title,
  text,
  confirm,
  withReason,
  busy,
  danger,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirm: string;
  withReason?: boolean;
  busy: boolean;
  danger?: boolean;
  onConfirm: (reason: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('community');
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={withReason ? undefined : text}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            loading={busy}
            onClick={() => onConfirm(reason.trim() || null)}
            data-testid="confirm"
          >
            {confirm}
          </Button>
        </div>
      }
    >
      {withReason && (
        <div>
          <label htmlFor="report-reason" className="mb-1 block text-sm font-medium text-stone-700">
            {text}
          </label>
          <Textarea
            id="report-reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
    </Dialog>
  );
}
