import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { SHOWN_IN_PLACE } from '../lib/errors';
import { attachToaster } from '../lib/toast';
import enErrors from '../locales/en/errors.json';
import { createQueryClient } from './queryClient';

const refusal = (code: string) => () => Promise.reject(new ApiError(409, code, 'Refused'));

describe('the query client', () => {
  it('says a failed call in a toast, except where its screen says it in place', async () => {
    const shown: string[] = [];
    const detach = attachToaster((item) => shown.push(item.message));
    try {
      const client = createQueryClient();
      const mutations = client.getMutationCache();
      const quiet = mutations.build(client, {
        mutationFn: refusal('auth.invalid_credentials'),
        meta: SHOWN_IN_PLACE,
      });
      const loud = mutations.build(client, { mutationFn: refusal('auth.identifier_taken') });
      await quiet.execute(undefined).catch(() => undefined);
      await loud.execute(undefined).catch(() => undefined);
      await client
        .fetchQuery({
          queryKey: ['quiet'],
          queryFn: refusal('auth.invitation_invalid'),
          meta: SHOWN_IN_PLACE,
          retry: false,
        })
        .catch(() => undefined);
      await client
        .fetchQuery({ queryKey: ['loud'], queryFn: refusal('auth.account_suspended'), retry: false })
        .catch(() => undefined);
      // Toasts other files left queued arrive too when a toaster attaches (the files share one module graph).
      await waitFor(() => expect(shown).toContain(enErrors.auth.account_suspended));
      expect(shown).toContain(enErrors.auth.identifier_taken);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(shown).not.toContain(enErrors.auth.invalid_credentials);
      expect(shown).not.toContain(enErrors.auth.invitation_invalid);
    } finally {
      detach();
    }
  });
});
