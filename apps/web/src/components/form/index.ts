export { useContractForm } from './useContractForm';
export { FormField, type ControlProps } from './FormField';
export { useFormSubmit } from './useFormSubmit';
export { FormActions } from './FormActions';
export { fieldMessage } from './field-message';
export { asNumber, toNumber, toNumberOrNull } from './numbers';
