import { useTranslation } from 'react-i18next';
import { FUNDING_METHODS, type FundingMethod } from '@tt/domain';
import { Field, Select } from '../../../components/ui/Field';

/** How money is recorded as paid (DECISIONS 17: chosen, never charged): adding funds and recording an instalment. */
export function MethodSelect({
  id,
  label,
  value,
  onChange,
  required,
}: {
  id: string;
  label: string;
  value: FundingMethod;
  onChange: (method: FundingMethod) => void;
  required?: boolean;
}) {
  const { t } = useTranslation('betacrowd');
  return (
    <Field htmlFor={id} label={label} {...(required ? { required } : {})}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as FundingMethod)}>
        {FUNDING_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`methods.${m}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
