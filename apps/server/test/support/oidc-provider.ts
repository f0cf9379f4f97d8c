import { generateKeyPairSync } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  name: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback: one confidential client, PKCE required, and an
 * interaction endpoint that signs the fixed account in and grants consent without a screen.
 */
export async function startTestProvider(options: {
  redirectUri: string;
  account: TestAccount;
}): Promise<TestProvider> {
  const clientId = 'township-trade-test';
  const clientSecret = 'test-client-secret-that-is-long-enough';
  let handler: RequestListener = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) =>
      id === options.account.sub
        ? { accountId: id, claims: () => ({ ...options.account, email_verified: true }) }
        : undefined,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-signing-key'] },
    // Our own key and lifetimes, so the provider does not print its quick-start notices.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });
  const callback = provider.callback();

  handler = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    void (async () => {
      const interaction = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: options.account.sub, clientId });
      grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: options.account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Follows the provider's redirects with real HTTP, keeping its cookies by hand, until it sends the browser to `stopAt`. */
export async function followToCallback(startUrl: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(startUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {},
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some(
        (a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now(),
      );
      if (!value || expired) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(
        `The provider answered ${url} with ${response.status} and no redirect: ${await response.text()}`,
      );
    }
    await response.body?.cancel();
    url = new URL(location, url);
    if (url.href.startsWith(stopAt)) return url;
  }
  throw new Error('Too many redirects before the callback');
}
