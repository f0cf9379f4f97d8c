import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage, loadErrorTranslations } from '../../../lib/errors';

/**
 * A refusal said in the dialog that asked (the last administrator, a seller's open listings and orders), in the
 * reader's language, where the person who has to decide what next is looking (the mutations ask the query client
 * for no toast). A refusal of the form's own fields is left to those fields, where useFormSubmit puts it.
 */
export function useRefusal(formFields: readonly string[] = []) {
  const [error, setError] = useState<unknown>(null);
  const show = useCallback(
    (refused: unknown) => {
      if (refused instanceof ApiError) {
        const fields = [...Object.keys(refused.fields), ...Object.keys(refused.fieldCodes)];
        if (fields.length > 0 && fields.every((field) => formFields.includes(field))) return;
      }
      // The error texts load with the first refusal; until then only the server's English could be shown.
      void loadErrorTranslations().then(() => setError(refused));
    },
    [formFields],
  );
  const clear = useCallback(() => setError(null), []);
  return { error, show, clear };
}

export function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation('people');
  const ref = useRef<HTMLParagraphElement>(null);
  // Under a long form on a phone the refusal would appear below the fold, out of sight of the button just pressed.
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  if (!error) return null;
  return (
    <p
      ref={ref}
      role="alert"
      className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
      data-testid="refusal"
    >
      {errorMessage(error, t)}
    </p>
  );
}
