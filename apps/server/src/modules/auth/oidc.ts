import * as oidc from 'openid-client';
import type { Database } from '@myeai/db';
import { normaliseReferralCode } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import type { OidcSettings } from '../../env.ts';
import { insertOidcLoginAttempt, takeOidcLoginAttempt } from './auth.queries.ts';
import type { OidcIdentity } from './users.service.ts';

const ATTEMPT_TTL_MS = 10 * 60_000;

/** OpenID Connect code flow with PKCE; the pending state lives in the database so any instance can finish it. */
export class OidcSignIn {
  #configuration: Promise<oidc.Configuration> | undefined;
  readonly settings: OidcSettings;

  constructor(settings: OidcSettings) {
    this.settings = settings;
  }

  #discover(): Promise<oidc.Configuration> {
    this.#configuration ??= oidc
      .discovery(new URL(this.settings.issuer), this.settings.clientId, this.settings.clientSecret, undefined, {
        execute: this.settings.allowInsecureHttp ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.#configuration = undefined;
        throw error;
      });
    return this.#configuration;
  }

  async start(db: Database, clock: Clock, params: { redirectUri: string; ref: string | undefined }): Promise<string> {
    const configuration = await this.#discover();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const now = clock.now();
    await insertOidcLoginAttempt(db, {
      state,
      codeVerifier,
      nonce,
      referralCode: normaliseReferralCode(params.ref),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
    });
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: params.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    }).href;
  }

  /** Exchanges the code; the pending attempt is consumed whatever happens, so a callback URL works once. */
  async finish(db: Database, clock: Clock, callbackUrl: URL): Promise<{ identity: OidcIdentity; ref: string | null }> {
    const state = callbackUrl.searchParams.get('state');
    if (!state) throw new Error('callback without state');
    const attempt = await takeOidcLoginAttempt(db, state, clock.now());
    if (!attempt) throw new Error('unknown or expired sign-in attempt');
    const configuration = await this.#discover();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token in the token response');
    let { email, name, picture, email_verified: emailVerified } = claims as Record<string, unknown>;
    if (!email && tokens.access_token) {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      ({ email, name, picture, email_verified: emailVerified } = info as Record<string, unknown>);
    }
    return {
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof email === 'string' ? email : undefined,
        emailVerified: emailVerified === true,
        name: typeof name === 'string' ? name : undefined,
        picture: typeof picture === 'string' ? picture : undefined,
      },
      ref: attempt.referralCode,
    };
  }
}
