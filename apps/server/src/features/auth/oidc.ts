import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

type OidcSettings = NonNullable<Config['oidc']>;

/** An OpenID Connect relying party: authorization code with PKCE, discovered from the issuer once. */
export function createOidcClient(settings: OidcSettings, redirectUri: string) {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration() {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        settings.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined; // a provider that was down may be up on the next try
        throw error;
      });
    return discovered;
  }

  return {
    async start() {
      const config = await configuration();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      return { url: url.href, verifier, state };
    },

    async finish(
      params: { code: string; state?: string | undefined; iss?: string | undefined },
      pending: { verifier: string; state: string },
    ) {
      const config = await configuration();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', params.code);
      if (params.state) callback.searchParams.set('state', params.state);
      if (params.iss) callback.searchParams.set('iss', params.iss);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no ID token');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let name = typeof claims.name === 'string' ? claims.name : undefined;
      if (!email || !name) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email ??= info.email;
        name ??= info.name;
      }
      return { sub: claims.sub, email, name };
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
