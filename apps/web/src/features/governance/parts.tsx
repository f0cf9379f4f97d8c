import { useTranslation } from 'react-i18next';

/** A form's error text: the domain's `validation.*` keys translated (this area first, then common). */
export function useFieldMessage() {
  const { t } = useTranslation('governance');
  return (m: string | undefined) =>
    m ? (m.startsWith('validation.') ? t([m, `common:${m}`]) : m) : undefined;
}
