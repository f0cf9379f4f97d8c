export { useContractForm } from './useContractForm';
export { FormField, type ControlProps } from './FormField';
export { SelectField, type SelectOption } from './SelectField';
export { useFormSubmit } from './useFormSubmit';
export { FormActions } from './FormActions';
export { fieldMessage } from './field-message';
export { asNumber, toDecimal, toNumber, toNumberOrNull } from './numbers';
export { DiscountField, DiscountLimitFields, type DiscountKind } from './DiscountFields';
