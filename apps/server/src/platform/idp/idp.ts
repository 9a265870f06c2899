import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import { GRANT_ID_CLAIM } from '../auth/token-verifier.ts';
import type { Db } from '../db/database.ts';
import { createAdapterFactory } from './idp-adapter.ts';
import type { IdpSecrets } from './idp-secrets.ts';
import { findAccountById } from './idp.repository.ts';

const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 3600;

/** Where the SPA may return after sign-in and sign-out: the site root (SPEC §1) and the Vite dev server. */
function spaOrigins(config: Config): string[] {
  const origins = [config.publicUrl];
  if (config.NODE_ENV !== 'production') origins.push('http://localhost:5173');
  return origins;
}

/** The embedded OpenID Connect provider of local mode (DESIGN §1), mounted at /idp. */
export function createIdentityProvider(config: Config, db: Db, secrets: IdpSecrets): Provider {
  const audience = config.OIDC_AUDIENCE;
  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: spaOrigins(config).map((o) => `${o}/`),
        post_logout_redirect_uris: spaOrigins(config).map((o) => `${o}/logged-out`),
      },
    ],
    jwks: { keys: [secrets.signingKey as never] },
    cookies: { keys: secrets.cookieKeys },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    async findAccount(_ctx, id) {
      const account = await findAccountById(db, id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({ sub: account.id, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // The access token carries the email (OIDC_EMAIL_CLAIM), which links the user at their first sign-in,
    // and its grant, so that sign-out can close the live sockets of this sign-in (and of no other). The
    // email is verified: a local account is the user's own row (sub is users.id, email users.mail), so
    // nobody can claim an address here that the product did not give them.
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const account = await findAccountById(db, token.accountId);
      if (!account) return undefined;
      return {
        [config.OIDC_EMAIL_CLAIM]: account.email,
        email_verified: true,
        ...(token.grantId ? { [GRANT_ID_CLAIM]: token.grantId } : {}),
      };
    },
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only its own tokens (sign-out revokes the refresh token, SPEC §1).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'openid profile email offline_access',
          audience,
          accessTokenTTL: config.ACCESS_TOKEN_TTL_SECONDS,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // DESIGN §7: short access tokens, rotated refresh tokens (reuse of a rotated one revokes the grant).
    ttl: {
      AccessToken: config.ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Session: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
    },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // First-party client: the firm's own app needs no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addOIDCClaims(['sub', 'email', 'email_verified', 'name']);
      grant.addResourceScope(audience, 'openid profile email offline_access');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError(ctx, out) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Sign-in failed: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`;
    },
  };
  const provider = new Provider(config.issuer, configuration);
  // Koa believes X-Forwarded-Proto and -Host (secure cookies, redirects) from every caller once this is on,
  // so only when TRUST_PROXY says a proxy stands in front; addresses are taken from Fastify (app.ts).
  provider.proxy = config.trustedProxies !== false;
  return provider;
}
