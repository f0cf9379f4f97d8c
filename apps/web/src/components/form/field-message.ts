/**
 * The text under a field. Both kinds of refusal arrive translated: the schema's through the form's
 * resolver (useContractForm), the server's through applyServerErrors.
 */
export function fieldMessage(error: { message?: unknown } | undefined): string | undefined {
  return error && typeof error.message === 'string' && error.message ? error.message : undefined;
}
