import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplierSummary } from '@tt/domain';
import type { ControlProps } from '../../../components/form';
import { Select } from '../../../components/ui/Field';
import { useSuppliers } from '../api';
import { PickerSearch } from '../../../components/ui/PickerSearch';
import { PickerStatus, useRemembered, withChosen } from './Picker';

/**
 * The suppliers (GET /api/suppliers) as a select: the first page by name. When there are more than a
 * page, a search box above it asks the server; the supplier already chosen stays an option, selected,
 * whatever the search finds.
 */
export function SupplierSelect({
  control,
  value,
  initial,
  onPicked,
}: {
  control: ControlProps;
  /** The supplier chosen now (the form's value). */
  value: number | undefined;
  /** An edited record's supplier, named before any page holds it. */
  initial?: SupplierSummary | undefined;
  /** After the choice changed (the form clears what belonged to the previous supplier). */
  onPicked?: () => void;
}) {
  const { t } = useTranslation('smart_orders');
  const [find, setFind] = useState('');
  const found = useDeferredValue(find.trim());
  const suppliers = useSuppliers(found);
  const { known, remember } = useRemembered(initial ? [initial] : []);
  const page = suppliers.data?.suppliers ?? [];
  const options = withChosen(page, value ? [value] : [], known);
  const searchable = find !== '' || (suppliers.data ? suppliers.data.total > page.length : false);

  return (
    <div className="space-y-2">
      {searchable && (
        <PickerSearch
          id={`${control.id}-search`}
          label={t('form.search_suppliers')}
          placeholder={t('form.search_suppliers_placeholder')}
          value={find}
          onChange={setFind}
        />
      )}
      <Select
        {...control}
        // Held by the form's value, not by which option node is selected: the options change with
        // every search, and the chosen one moves between the top and its place in the page.
        value={value ?? ''}
        onChange={(e) => {
          remember(options.find((s) => s.id === Number(e.target.value)));
          void control.onChange(e);
          onPicked?.();
        }}
      >
        <option value="">{t('form.choose_supplier')}</option>
        {options.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
      <PickerStatus
        query={suppliers}
        shown={(data) => data.suppliers.length}
        search={found}
        noMatch={t('form.no_supplier_match', { search: found })}
        testId={`${control.id}-list`}
      />
    </div>
  );
}
