import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Provider (oidc-provider, certified) on this machine for the single sign-on tests
 * (docs/decisions/036). Its login step signs in whoever the test names (`signInAs`) without a form,
 * so a test can follow the redirects with fetch as well as in a browser. `tamper` lets a test make
 * the provider answer wrongly in ways a misconfigured or hostile provider would.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The e-mail (and its verification) the next sign-in vouches for. */
  signInAs(email: string, opts?: { emailVerified?: boolean; givenName?: string; familyName?: string }): void;
  /** The next ID token is re-signed (with the provider's own key) naming another audience. */
  tamper(change: 'audience' | null): void;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const clientId = 'store-test-client';
  const clientSecret = 'store-test-client-secret-0123456789';
  let account = {
    email: 'person@acme-sso.test',
    emailVerified: true,
    givenName: 'Pat',
    familyName: 'Person',
  };
  let tamper: 'audience' | null = null;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    features: { devInteractions: { enabled: false } },
    // The ID token carries the claims, so the store needs no userinfo call.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: account.email,
        email_verified: account.emailVerified,
        given_name: account.givenName,
        family_name: account.familyName,
      }),
    }),
    cookies: { keys: ['test-cookie-key-0123456789'] },
  };
  const provider = new Provider(issuer, configuration);

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || ctx.status !== 200 || !tamper) return;
    const body = ctx.body as { id_token?: string };
    if (!body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    const key = await importJWK(jwk, 'RS256');
    body.id_token = await new SignJWT({ ...claims, aud: 'someone-else' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(key);
    tamper = null;
  });

  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: `acct-${account.email}` } });
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        {
          mergeWithLastSubmission: true,
        },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(email, opts = {}) {
      account = {
        email,
        emailVerified: opts.emailVerified ?? true,
        givenName: opts.givenName ?? 'Pat',
        familyName: opts.familyName ?? 'Person',
      };
    },
    tamper(change) {
      tamper = change;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
