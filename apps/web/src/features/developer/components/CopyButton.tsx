import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { useCopy } from '../../../lib/use-copy';
import { Button } from '../../../components/ui/Button';

/**
 * Copies a text, says so for two seconds (and to a screen reader), and selects the field it came from when the
 * browser gives no clipboard, so it can be copied by hand.
 */
export function CopyButton({
  text,
  fieldId,
  label,
  testId,
}: {
  text: string;
  fieldId: string;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation('developer');
  const { copied, copy } = useCopy(text, fieldId);
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="outline" onClick={() => void copy()} data-testid={testId}>
        {copied === 'done' ? (
          <Check aria-hidden className="size-4" />
        ) : (
          <Copy aria-hidden className="size-4" />
        )}
        {copied === 'done' ? t('copy.copied') : label}
      </Button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-green-800">
        {copied === 'done' ? t('copy.copied_message') : copied === 'failed' ? t('copy.failed') : ''}
      </p>
    </div>
  );
}
