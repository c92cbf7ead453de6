import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account } from 'oidc-provider';

export type TestAccount = { email: string; email_verified: boolean; name: string; picture?: string };

export type TestIdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next login interaction signs in (what a person would type on the provider's page). */
  loginAs: (accountId: string) => void;
  /** Interactions the provider asked for, in order ('login', 'consent'). */
  prompts: string[];
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on a random localhost port, with one
 * confidential client that must use PKCE. Its login and consent pages are replaced by a handler
 * that signs in the account chosen with loginAs and grants `openid email profile`.
 */
export async function startTestIdentityProvider(options: {
  redirectUris: string[];
  accounts: Record<string, TestAccount>;
}): Promise<TestIdentityProvider> {
  // The provider needs the server's port for its issuer URL, so the listener is set after listen().
  const routing: { handle?: RequestListener } = {};
  const server: Server = createServer((req, res) => routing.handle!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'myeai-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
      const account = options.accounts[sub];
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
  });

  let nextAccount: string | undefined;
  const prompts: string[] = [];
  const providerHandler = provider.callback();
  routing.handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return providerHandler(req, res);
    void (async () => {
      const interaction = await provider.interactionDetails(req, res);
      prompts.push(interaction.prompt.name);
      if (interaction.prompt.name === 'login') {
        if (!nextAccount) throw new Error('call loginAs() before starting a sign-in');
        await provider.interactionFinished(req, res, { login: { accountId: nextAccount } }, { mergeWithLastSubmission: false });
      } else if (interaction.prompt.name === 'consent') {
        const grant = interaction.grantId
          ? (await provider.Grant.find(interaction.grantId))!
          : new provider.Grant({ accountId: interaction.session!.accountId, clientId: interaction.params.client_id });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      } else {
        throw new Error(`unexpected prompt ${interaction.prompt.name}`);
      }
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    prompts,
    loginAs: (accountId) => {
      nextAccount = accountId;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
