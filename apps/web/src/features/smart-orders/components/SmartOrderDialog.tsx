import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReorderRule, ScheduledOrder, TradeOffer } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { OfferForm } from './OfferForm';
import { RuleForm } from './RuleForm';
import { ScheduleForm } from './ScheduleForm';

export type Editing =
  | { kind: 'rule'; rule?: ReorderRule | undefined }
  | { kind: 'schedule'; schedule?: ScheduledOrder | undefined }
  | { kind: 'offer'; offer?: TradeOffer | undefined };

const FORM_ID = 'smart-order-form';

/** Spec 3: one modal serves the three create forms (and their edits). */
export function SmartOrderDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('smart_orders');
  const [pending, setPending] = useState(false);
  const isEdit =
    (editing.kind === 'rule' && editing.rule) ||
    (editing.kind === 'schedule' && editing.schedule) ||
    (editing.kind === 'offer' && editing.offer);
  const saved = (name: string) => onSaved(t('saved', { name }));
  const props = { formId: FORM_ID, onSaved: saved, onPending: setPending };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`dialog.${editing.kind}.${isEdit ? 'edit' : 'create'}`)}
      description={t(`dialog.${editing.kind}.text`)}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={pending} data-testid="save-smart-order">
            {t('save')}
          </Button>
        </div>
      }
    >
      {editing.kind === 'rule' && <RuleForm rule={editing.rule} {...props} />}
      {editing.kind === 'schedule' && <ScheduleForm schedule={editing.schedule} {...props} />}
      {editing.kind === 'offer' && <OfferForm offer={editing.offer} {...props} />}
    </Dialog>
  );
}
