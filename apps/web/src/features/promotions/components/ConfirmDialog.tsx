import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';

/** A yes/no question before a change that cannot be undone (delete, cancel). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('promotions');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('keep')}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="confirm-action">
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <p className="text-sm text-stone-700">{message}</p>
    </Dialog>
  );
}
