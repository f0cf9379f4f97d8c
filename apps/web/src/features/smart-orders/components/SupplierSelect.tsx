import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../components/form';
import { Select } from '../../../components/ui/Field';
import { useSuppliers } from '../api';

/** The suppliers (GET /api/suppliers) as a select. */
export function SupplierSelect(control: ControlProps) {
  const { t } = useTranslation('smart_orders');
  const suppliers = useSuppliers();
  return (
    <Select {...control}>
      <option value="">{suppliers.isLoading ? t('form.loading') : t('form.choose_supplier')}</option>
      {suppliers.data?.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </Select>
  );
}
