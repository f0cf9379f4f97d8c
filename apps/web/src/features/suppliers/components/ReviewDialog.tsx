import { useTranslation } from 'react-i18next';
import { applicationReviewSchema, type ReviewDecision, type SupplierApplication } from '@tt/domain';
import { FormField, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Textarea } from '../../../components/ui/Textarea';
import { useReview } from '../api';

/** Confirms a review move with its notes (required to reject: the applicant reads why). */
export function ReviewDialog({
  application,
  decision,
  onClose,
}: {
  application: SupplierApplication;
  decision: ReviewDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation('suppliers');
  const review = useReview(application.id);
  const form = useContractForm(applicationReviewSchema, {
    defaultValues: { status: decision, review_notes: '' },
  });
  const submit = useFormSubmit(form, review.mutateAsync, { keepValues: true, onSuccess: onClose });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`decide.${decision}.title`, { company: application.company_name })}
      description={t(`decide.${decision}.text`, {
        name: application.applicant_name,
        role: t(`roles.${application.role_applied_for}`),
      })}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={review.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            form="review-form"
            variant={decision === 'rejected' ? 'danger' : 'primary'}
            loading={review.isPending}
            data-testid="confirm-review"
          >
            {t(`decide.${decision}.confirm`)}
          </Button>
        </div>
      }
    >
      <form id="review-form" onSubmit={submit} noValidate>
        <FormField
          form={form}
          name="review_notes"
          id="review-notes"
          label={t('fields.review_notes')}
          required={decision === 'rejected'}
          hint={t(decision === 'rejected' ? 'decide.notes_required' : 'decide.notes_optional')}
        >
          {(control) => <Textarea rows={4} {...control} />}
        </FormField>
      </form>
    </Dialog>
  );
}
