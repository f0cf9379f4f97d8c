export { useContractForm } from './useContractForm';
export { FormField, type ControlProps } from './FormField';
export { SelectField, type SelectOption } from './SelectField';
export { useFormSubmit } from './useFormSubmit';
export { FormActions } from './FormActions';
export { fieldMessage } from './field-message';
export { asNumber, toNumber, toNumberOrNull } from './numbers';
