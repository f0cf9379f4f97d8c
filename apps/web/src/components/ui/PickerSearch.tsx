import { SEARCH_TEXT_MAX } from '@tt/domain';
import { Input } from './Field';

/**
 * The search box above a picker inside a form (a promotion's products, a smart order's supplier or products,
 * an activity's client): it asks the server as it is typed, takes no more than the server does, and Enter never
 * submits the form around it.
 */
export function PickerSearch({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  /** Also the test id. */
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={value}
        maxLength={SEARCH_TEXT_MAX}
        autoComplete="off"
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        data-testid={id}
      />
    </div>
  );
}
