import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Textarea } from '../../../components/ui/Textarea';

/** Asks before a post is reported; the report may carry a reason for the admins. */
export function ReportDialog({
  busy,
  onConfirm,
  onClose,
}: {
  busy: boolean;
  onConfirm: (reason: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('community');
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={t('post.report')}
      confirmLabel={t('post.report')}
      danger={false}
      busy={busy}
      onClose={onClose}
      onConfirm={() => onConfirm(reason.trim() || null)}
    >
      <label htmlFor="report-reason" className="mb-1 block text-sm font-medium text-stone-700">
        {t('post.report_prompt')}
      </label>
      <Textarea
        id="report-reason"
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </ConfirmDialog>
  );
}
