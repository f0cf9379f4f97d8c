import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountContracts as c, passkeyContracts, type AppUser, type BodyIn } from '@tt/domain';
import { call } from '../../lib/api';
import { loadErrorTranslations, SHOWN_IN_PLACE } from '../../lib/errors';
import { presentPasskey } from '../../lib/webauthn';
import { authKeys } from './api';

/*
 * The account screens' calls (sign-up, sign-in with a password, password links, invitations). Kept apart from
 * api.ts, which the landing page loads first: these screens are lazy, and their contracts bring zod with them.
 * Each screen says its refusals beside its form, so none of them is toasted as well (SHOWN_IN_PLACE); a refusal
 * arrives once its words in the person's language are there to say it with.
 */
const said = async <T>(answer: Promise<T>): Promise<T> => {
  try {
    return await answer;
  } catch (error) {
    await loadErrorTranslations();
    throw error;
  }
};

export const accountKeys = {
  invitation: (token: string) => [...authKeys.all, 'invitation', token] as const,
};

/** Someone has just signed in: nothing read before (another account's, a visitor's) is kept. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: AppUser) => {
    queryClient.clear();
    queryClient.setQueryData(authKeys.me(), user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.login>) => said(call(c.login, { body })),
    onSuccess: signedIn,
    meta: SHOWN_IN_PLACE,
  });
}

/**
 * Signing in with a passkey alone: the server's options (no account named: the passkey says whose it is), the
 * browser's prompt, then its answer. A closed prompt rejects too; the screen tells it from a refusal.
 */
async function passkeySignIn() {
  const { options } = await call(passkeyContracts.loginOptions);
  const response = await presentPasskey(options);
  return call(passkeyContracts.login, { body: { response } });
}

export function usePasskeyLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: () => said(passkeySignIn()),
    onSuccess: signedIn,
    meta: SHOWN_IN_PLACE,
  });
}

export function useSignup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.signup>) => said(call(c.signup, { body })),
    onSuccess: signedIn,
    meta: SHOWN_IN_PLACE,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.requestReset>) => said(call(c.requestReset, { body })),
    meta: SHOWN_IN_PLACE,
  });
}

/**
 * Sets a password from a link. The server ends every session of the account, this browser's among them when it
 * was signed in to it: the user and what was read for them go here too.
 */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.setPassword>) => said(call(c.setPassword, { body })),
    onSuccess: async () => {
      await queryClient.cancelQueries();
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    },
    meta: SHOWN_IN_PLACE,
  });
}

/** What an invitation link offers; asked once per token (it does not change while the page is open). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: accountKeys.invitation(token),
    queryFn: () => said(call(c.checkInvitation, { body: { token } })),
    staleTime: Infinity,
    meta: SHOWN_IN_PLACE,
  });

export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQuery(token ?? ''), enabled: token !== null });
}
