import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyContracts, userContracts, type ProfilePatch, type ResponseOf } from '@tt/domain';
import { ApiError, call } from '../../lib/api';
import { loadErrorTranslations, SHOWN_IN_PLACE } from '../../lib/errors';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';
import { makePasskey } from '../../lib/webauthn';
import { useForgetMe, useUpdateMe } from '../auth/api';

type PasskeyList = ResponseOf<typeof passkeyContracts.list>;

export const profileKeys = {
  all: [queryRoots.profile] as const,
  passkeys: () => [...profileKeys.all, 'passkeys'] as const,
};

/** PUT /api/users/profile with only the fields that changed: the server changes only what it is sent. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const updateMe = useUpdateMe();
  return useMutation({
    mutationFn: (update: ProfilePatch) => call(userContracts.updateProfile, { body: update }),
    onSuccess: (user) => {
      updateMe(user);
      void invalidateAfter(queryClient, 'profile.saved');
    },
  });
}

/** Where the personal-data download lives (a plain link: the browser saves the attachment). */
export const exportUrl = (format: 'json' | 'csv') => `/api/users/me/export?format=${format}`;

/** POST /api/users/me/close: the account is closed and every session ends, so the user is signed out here. */
export function useCloseAccount() {
  const forgetMe = useForgetMe();
  return useMutation({
    mutationFn: () => call(userContracts.closeAccount, { body: { confirm: true } }),
    onSuccess: forgetMe,
  });
}

/** The account's passkeys, oldest first. Not asked for a shared demo account, which cannot have any. */
export function usePasskeys(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.passkeys(),
    queryFn: () => call(passkeyContracts.list),
    enabled,
  });
}

/** Each added or removed passkey changes the list and is a security event of the account. */
function usePasskeysChanged() {
  const queryClient = useQueryClient();
  return (change: (list: PasskeyList) => PasskeyList) => {
    queryClient.setQueryData<PasskeyList>(profileKeys.passkeys(), (list) => list && change(list));
    void queryClient.invalidateQueries({ queryKey: profileKeys.passkeys() });
    void invalidateAfter(queryClient, 'passkey.changed');
  };
}

/**
 * Adds a passkey: the server's options, the browser's prompt, then its answer, with the name the person typed.
 * Without one the server names the passkey after the device. The card says a refusal in place, and a closed
 * prompt is not one (lib/webauthn.ts tells them apart), so none of it is toasted.
 */
export function useAddPasskey() {
  const changed = usePasskeysChanged();
  return useMutation({
    mutationFn: async (name: string | undefined) => {
      try {
        const { options } = await call(passkeyContracts.registrationOptions);
        const response = await makePasskey(options);
        return await call(passkeyContracts.add, { body: name ? { response, name } : { response } });
      } catch (error) {
        if (error instanceof ApiError) await loadErrorTranslations();
        throw error;
      }
    },
    onSuccess: (added) => changed((list) => ({ passkeys: [...list.passkeys, added] })),
    meta: SHOWN_IN_PLACE,
  });
}

export function useRemovePasskey() {
  const changed = usePasskeysChanged();
  return useMutation({
    mutationFn: (id: number) => call(passkeyContracts.remove, { params: { id } }),
    onSuccess: (_none, id) => changed((list) => ({ passkeys: list.passkeys.filter((p) => p.id !== id) })),
  });
}
