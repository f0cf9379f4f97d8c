import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog, DialogActions } from './Dialog';

/**
 * The one yes/no question before a change that cannot be undone (delete, cancel, report): the message
 * (or the children, e.g. a reason to give), Cancel and the confirming button. Danger unless told not to.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  danger = true,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  message?: string;
  confirmLabel: string;
  /** Defaults to "Cancel"; say "Keep it" where cancelling is itself the question. */
  cancelLabel?: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      closeLabel={t('common.close')}
      footer={
        <DialogActions>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={busy}
            data-testid="confirm-action"
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      }
    >
      {message && <p className="text-sm text-stone-700">{message}</p>}
      {children}
    </Dialog>
  );
}
