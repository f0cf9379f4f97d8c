import { useEffect, useState } from 'react';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * Passkeys in the browser, through @simplewebauthn/browser. The library is fetched by the screens that offer
 * passkeys (sign-in, profile) as they open, in a chunk of its own: the first screens never carry it, and a
 * click finds it there.
 */
const library = () => import('@simplewebauthn/browser');

/**
 * Whether this browser can make and use passkeys: undefined until the library has answered, and while it cannot
 * load (offline), so that a screen neither offers a passkey nor says the browser has none before it knows.
 */
export function useWebAuthnSupport(): boolean | undefined {
  const [supported, setSupported] = useState<boolean>();
  useEffect(() => {
    let open = true;
    library().then(
      (webauthn) => open && setSupported(webauthn.browserSupportsWebAuthn()),
      () => undefined,
    );
    return () => {
      open = false;
    };
  }, []);
  return supported;
}

// The server's options and the browser's answer travel as the domain's opaque WebAuthn JSON: the library on
// each side reads them, so the web neither checks nor copies their shape.
type WebAuthnJson = Record<string, unknown>;

/** The browser's prompt to make a passkey with the server's options; its answer, for the server to check. */
export async function makePasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startRegistration } = await library();
  const answer = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return answer as unknown as WebAuthnJson;
}

/** The browser's prompt to sign in with one of this site's passkeys (any: the server asks for none by name). */
export async function presentPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startAuthentication } = await library();
  const answer = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return answer as unknown as WebAuthnJson;
}

const nameOf = (error: unknown) => (error instanceof Error ? error.name : undefined);

/**
 * The person closed the browser's passkey prompt or let it time out (browsers say both the same way, on purpose):
 * their choice, not a failure to report.
 */
export const passkeyCancelled = (error: unknown) =>
  nameOf(error) === 'NotAllowedError' || nameOf(error) === 'AbortError';

/** The authenticator already holds a passkey of this account (the server's options list the account's own). */
export const passkeyAlreadyHere = (error: unknown) => nameOf(error) === 'InvalidStateError';
