import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountContracts,
  authContracts,
  passkeyContracts,
  normaliseReferralCode,
  REFERRAL_COOKIE,
  SIGNED_IN_COOKIE,
} from '@tt/domain';
import { fail } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { createOidcClient } from './oidc.ts';
import { checkPassword, invitationOffer, setPasswordWithToken, signUpWithPassword } from './accounts.ts';
import {
  addPasskey,
  checkPasskey,
  keepChallenge,
  useChallenge,
  type Ceremony,
  loginOptions,
  passkeysOf,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
} from './passkeys.ts';
import {
  clientOf,
  demoSignInOn,
  findDemoUser,
  recordSecurityEvent,
  SESSION_COOKIE,
  signIn,
  signOut,
  toAppUser,
  upsertOidcUser,
  type UserRow,
} from './service.ts';

const OIDC_COOKIE = 'tt_oidc';
/** A passkey ceremony's challenge, between its options and its answer (signed, five minutes). */
const WEBAUTHN_COOKIE = 'tt_webauthn';
const WEBAUTHN_PATH = '/api/auth';
const PASSKEY_PARTY_NAME = 'Township Trade';

export async function authRoutes(app: FastifyInstance) {
  const { config } = app;
  // Secure when the app is published over https, or when this request came over https (directly, or
  // through a proxy TRUST_PROXY names: request.protocol believes X-Forwarded-Proto only from those).
  const secureFor = (request: FastifyRequest) =>
    config.publicUrl.startsWith('https://') || request.protocol === 'https';
  const oidc = config.oidc ? createOidcClient(config.oidc, `${config.publicUrl}/auth/callback`) : undefined;
  const signInLimit = { max: config.signInRateLimit, timeWindow: '1 minute' };

  const sessionCookie = (request: FastifyRequest) =>
    ({ httpOnly: true, sameSite: 'lax', secure: secureFor(request), path: '/' }) as const;

  async function openSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    method: 'demo' | 'oidc' | 'password' | 'passkey',
  ) {
    // A new sign-in rotates the session: the browser's earlier one ends, so a session id that was
    // planted or seen before the sign-in is worth nothing after it. The sign-in is recorded with it (ADR 054).
    const { token, expiresAt } = await signIn(
      app.db,
      user,
      config.sessionDays,
      clientOf(request, user),
      request.cookies[SESSION_COOKIE],
      method,
    );
    reply.setCookie(SESSION_COOKIE, token, { ...sessionCookie(request), expires: expiresAt });
    // Readable by the web app, for as long as the session: whether its landing page asks about a user at all.
    reply.setCookie(SIGNED_IN_COOKIE, '1', {
      ...sessionCookie(request),
      httpOnly: false,
      expires: expiresAt,
    });
  }

  /** A sign-in that failed before any account was known: the deployment's event (the route is rate limited). */
  const failedSignIn = (request: FastifyRequest, code: string) =>
    recordSecurityEvent(app.db, {
      userId: null,
      type: 'failed_login',
      status: 'failed',
      client: clientOf(request),
      details: code,
    });

  defineRoute(app, authContracts.options, async () => ({
    external: oidc !== undefined,
    demo: await demoSignInOn(app.db, config),
  }));

  defineRoute(app, authContracts.me, async ({ user }) => toAppUser(user));

  defineRoute(
    app,
    authContracts.logout,
    async ({ request, reply }) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await signOut(app.db, token, clientOf(request));
      reply.clearCookie(SESSION_COOKIE, sessionCookie(request));
      reply.clearCookie(SIGNED_IN_COOKIE, { ...sessionCookie(request), httpOnly: false });
      return { ok: true as const };
    },
    // A GET that ends the session: another site must not be able to sign the user out.
    { config: { changesState: true } },
  );

  defineRoute(
    app,
    authContracts.demoLogin,
    async ({ body, request, reply }) => {
      if (!(await demoSignInOn(app.db, config))) throw fail('auth.demo_disabled');
      const role = body?.role ?? 'retailer';
      const user = await findDemoUser(app.db, role);
      if (!user) throw fail('auth.demo_account_missing', { role });
      await openSession(request, reply, user, 'demo');
      return toAppUser(user);
    },
    { config: { rateLimit: signInLimit } },
  );

  defineRoute(
    app,
    authContracts.redirectUrl,
    async ({ request, reply }) => {
      if (!oidc) throw fail('auth.provider_not_configured');
      let started;
      try {
        started = await oidc.start();
      } catch (error) {
        app.log.error({ err: error }, 'OpenID Connect discovery failed');
        throw fail('auth.provider_unreachable');
      }
      reply.setCookie(OIDC_COOKIE, JSON.stringify({ verifier: started.verifier, state: started.state }), {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureFor(request),
        path: '/api/sessions',
        signed: true,
        maxAge: 10 * 60,
      });
      return { redirectUrl: started.url };
    },
    { config: { rateLimit: signInLimit } },
  );

  defineRoute(
    app,
    authContracts.exchange,
    async ({ body, request, reply }) => {
      if (!oidc) throw fail('auth.provider_not_configured');
      const raw = request.cookies[OIDC_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      const pending = unsigned?.valid && unsigned.value ? parsePending(unsigned.value) : undefined;
      if (!pending) {
        await failedSignIn(request, 'auth.sign_in_expired');
        throw fail('auth.sign_in_expired');
      }
      let claims;
      try {
        claims = await oidc.finish(body, pending);
      } catch (error) {
        request.log.warn({ err: error }, 'OpenID Connect code exchange failed');
        await failedSignIn(request, 'auth.sign_in_rejected');
        throw fail('auth.sign_in_rejected');
      } finally {
        reply.clearCookie(OIDC_COOKIE, {
          httpOnly: true,
          sameSite: 'lax',
          secure: secureFor(request),
          path: '/api/sessions',
        });
      }
      // The join page's invitation cookie travels with the first sign-in, which records the referral.
      const referralCode = normaliseReferralCode(request.cookies[REFERRAL_COOKIE]);
      const user = await upsertOidcUser(app.db, claims, { referralCode });
      if (request.cookies[REFERRAL_COOKIE] !== undefined) {
        reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
      }
      await openSession(request, reply, user, 'oidc');
      return toAppUser(user);
    },
    { config: { rateLimit: signInLimit } },
  );

  /** The referral code a sign-up came with: sent with it, or the join page's cookie (which is then cleared). */
  const referralOf = (request: FastifyRequest, reply: FastifyReply, sent: string | undefined) => {
    const cookie = request.cookies[REFERRAL_COOKIE];
    if (cookie !== undefined) reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
    return normaliseReferralCode(sent) ?? normaliseReferralCode(cookie);
  };

  defineRoute(
    app,
    accountContracts.signup,
    async ({ body, request, reply }) => {
      const user = await signUpWithPassword(
        app.db,
        {
          identifier: body.identifier,
          password: body.password,
          name: body.name,
          company_name: body.company_name,
          business_type: body.business_type,
          state: body.state,
          referralCode: referralOf(request, reply, body.ref),
          invitationToken: body.invitation_token,
        },
        clientOf(request),
      );
      await openSession(request, reply, user, 'password');
      return toAppUser(user);
    },
    { config: { rateLimit: signInLimit } },
  );

  defineRoute(
    app,
    accountContracts.login,
    async ({ body, request, reply }) => {
      const user = await checkPassword(app.db, body.identifier, body.password, clientOf(request));
      await openSession(request, reply, user, 'password');
      return toAppUser(user);
    },
    { config: { rateLimit: signInLimit } },
  );

  defineRoute(
    app,
    accountContracts.setPassword,
    async ({ body, request }) => {
      await setPasswordWithToken(app.db, body.token, body.password, clientOf(request));
      return { ok: true as const };
    },
    { config: { rateLimit: signInLimit } },
  );

  // Without email on this deployment nothing can carry a link: an administrator issues it from the People screen.
  // The answer is the same whether or not the account exists, so it tells nobody who has one.
  defineRoute(app, accountContracts.requestReset, async () => ({ email_sent: false }), {
    config: { rateLimit: signInLimit },
  });

  defineRoute(
    app,
    accountContracts.checkInvitation,
    async ({ body }) => invitationOffer(app.db, body.token),
    { config: { rateLimit: signInLimit } },
  );

  const rp = relyingPartyOf(config.publicUrl, PASSKEY_PARTY_NAME);
  const challengeCookie = (request: FastifyRequest) =>
    ({ httpOnly: true, sameSite: 'strict', secure: secureFor(request), path: WEBAUTHN_PATH }) as const;

  /** Keeps a ceremony's challenge for its answer, bound to its purpose (and to the account adding a passkey). */
  const giveChallenge = async (
    request: FastifyRequest,
    reply: FastifyReply,
    challenge: string,
    purpose: Ceremony,
    userId?: number,
  ) => {
    await keepChallenge(app.db, challenge, purpose, userId ?? null);
    reply.setCookie(WEBAUTHN_COOKIE, JSON.stringify({ c: challenge, p: purpose, u: userId }), {
      ...challengeCookie(request),
      signed: true,
      maxAge: 5 * 60,
    });
  };

  /** The challenge this browser was given for this purpose, used up now; refused when used or expired. */
  const takeChallenge = async (
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: Ceremony,
    userId?: number,
  ): Promise<string> => {
    const raw = request.cookies[WEBAUTHN_COOKIE];
    reply.clearCookie(WEBAUTHN_COOKIE, challengeCookie(request));
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    const kept = unsigned?.valid && unsigned.value ? parseChallenge(unsigned.value) : undefined;
    if (!kept || kept.p !== purpose || kept.u !== userId) throw fail('auth.passkey_expired');
    if (!(await useChallenge(app.db, kept.c, purpose, userId ?? null))) throw fail('auth.passkey_expired');
    return kept.c;
  };

  defineRoute(app, passkeyContracts.registrationOptions, async ({ user, request, reply }) => {
    const options = await registrationOptions(app.db, user, rp);
    await giveChallenge(request, reply, options.challenge, 'register', user.id);
    return { options: options as unknown as Record<string, unknown> };
  });

  defineRoute(app, passkeyContracts.add, async ({ user, body, request, reply }) =>
    addPasskey(
      app.db,
      user,
      body.response,
      await takeChallenge(request, reply, 'register', user.id),
      rp,
      body.name,
      clientOf(request, user),
      request.headers['user-agent'],
    ),
  );

  defineRoute(app, passkeyContracts.list, async ({ user }) => ({
    passkeys: await passkeysOf(app.db, user.id),
  }));

  defineRoute(app, passkeyContracts.remove, async ({ user, params, request }) => {
    await removePasskey(app.db, user, params.id, clientOf(request, user));
  });

  defineRoute(
    app,
    passkeyContracts.loginOptions,
    async ({ request, reply }) => {
      const options = await loginOptions(rp);
      await giveChallenge(request, reply, options.challenge, 'login');
      return { options: options as unknown as Record<string, unknown> };
    },
    { config: { rateLimit: signInLimit } },
  );

  defineRoute(
    app,
    passkeyContracts.login,
    async ({ body, request, reply }) => {
      const challenge = await takeChallenge(request, reply, 'login');
      const user = await checkPasskey(app.db, body.response, challenge, rp, clientOf(request));
      await openSession(request, reply, user, 'passkey');
      return toAppUser(user);
    },
    { config: { rateLimit: signInLimit } },
  );
}

function parseChallenge(value: string): { c: string; p: 'register' | 'login'; u?: number } | undefined {
  try {
    const parsed = z
      .object({
        c: z.string().min(16).max(256),
        p: z.enum(['register', 'login']),
        u: z.number().int().optional(),
      })
      .safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function parsePending(value: string): { verifier: string; state: string } | undefined {
  try {
    const parsed = z.object({ verifier: z.string(), state: z.string() }).safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
