import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { DialogActions } from '../ui/Dialog';

/**
 * A form's Cancel and submit buttons, as a dialog's footer (the form is named by `formId`, since the
 * footer stands outside it) or under a form on a page. While `busy` the submit shows its spinner and
 * Cancel waits.
 */
export function FormActions({
  formId,
  submitLabel,
  busy,
  onCancel,
  cancelLabel,
  testId,
  disabled,
  row,
}: {
  formId?: string;
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  /** The submit button's test id (the e2e specs press it). */
  testId?: string;
  disabled?: boolean;
  /** One row on phones too (a sticky bar under a long form, where two stacked buttons hide the fields). */
  row?: boolean;
}) {
  const { t } = useTranslation('common');
  const Layout = row ? RowActions : DialogActions;
  return (
    <Layout>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button type="submit" form={formId} loading={busy} disabled={disabled} data-testid={testId}>
        {submitLabel}
      </Button>
    </Layout>
  );
}

function RowActions({ children }: { children: React.ReactNode }) {
  return <div className="flex justify-end gap-2">{children}</div>;
}
