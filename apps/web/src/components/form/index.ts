export { useContractForm } from './useContractForm';
export { FormField, type ControlProps } from './FormField';
export { useFormSubmit } from './useFormSubmit';
export { fieldMessage } from './field-message';
