import type { JWK, JWTVerifyGetKey } from 'jose';
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { z } from 'zod';

export interface VerifiedToken {
  /** The provider's name for the person: the issuer and subject pair a user is linked to (users.oidc_*). */
  issuer: string;
  subject: string;
  /** The configured email claim, if the token has it: it serves only to link a user at their first sign-in. */
  email?: string;
  /** Whether that email may link a user: see IMMUTABLE_EMAIL_CLAIMS. */
  emailTrusted: boolean;
  /** The token's `exp`, in milliseconds: a connection opened with it must not outlive it. */
  expiresAt: number;
  /** The sign-in the token belongs to, when the provider says (the embedded one does, GRANT_ID_CLAIM). */
  grantId?: string;
}

/**
 * The embedded provider names the grant (one sign-in of one browser) in its access tokens, so that
 * what was opened with a token can be ended when that sign-in is revoked (sign-out).
 */
export const GRANT_ID_CLAIM = 'grant_id';

/**
 * Claims the provider assigns to the account itself (Entra ID's user principal name and object id), so that
 * nobody can set them to another person's address; any other email claim links a user only when the token
 * says the provider verified it (`email_verified: true`).
 */
export const IMMUTABLE_EMAIL_CLAIMS: ReadonlySet<string> = new Set(['upn', 'oid']);

/**
 * RFC 9068: a JWT access token's header says so; an ID token (typ JWT, or none) is refused even when its
 * audience happens to be ours.
 */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface TokenVerifier {
  /** Resolves the token's identity or throws TokenRejected. */
  verify(token: string): Promise<VerifiedToken>;
}

export class TokenRejected extends Error {}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  emailClaim: string;
  keys: JWTVerifyGetKey;
  /** The `typ` header access tokens must carry: ACCESS_TOKEN_TYPE unless the provider marks them otherwise. */
  tokenType?: string;
}

const VERIFIED_CACHE_LIMIT = 10_000;

/**
 * Signature (JWKS), issuer, audience and expiry, as any OpenID Connect resource server must.
 * A token's signature, issuer and audience never change, so a verified token is remembered until it
 * expires (its expiry is still checked on every use); failures are never remembered.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const verified = new Map<string, VerifiedToken>();
  const check = verifyOnce(options);
  return {
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAt > Date.now()) return { ...hit };
        verified.delete(token);
        throw new TokenRejected('Token expired');
      }
      const result = await check(token);
      if (verified.size >= VERIFIED_CACHE_LIMIT) verified.clear();
      verified.set(token, result);
      return { ...result };
    },
  };
}

function verifyOnce(options: TokenVerifierOptions) {
  return async (token: string): Promise<VerifiedToken> => {
    {
      try {
        const { payload } = await jwtVerify(token, options.keys, {
          issuer: options.issuer,
          audience: options.audience,
          typ: options.tokenType ?? ACCESS_TOKEN_TYPE,
          algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'],
          requiredClaims: ['exp', 'sub', 'iss'],
        });
        if (!payload.sub) throw new TokenRejected('Token has no subject');
        const email = payload[options.emailClaim];
        const grantId = payload[GRANT_ID_CLAIM];
        return {
          issuer: payload.iss!,
          subject: payload.sub,
          ...(typeof email === 'string' && email ? { email } : {}),
          emailTrusted: IMMUTABLE_EMAIL_CLAIMS.has(options.emailClaim) || payload.email_verified === true,
          expiresAt: payload.exp! * 1000,
          ...(typeof grantId === 'string' && grantId ? { grantId } : {}),
        };
      } catch (error) {
        if (error instanceof TokenRejected) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenRejected('Token expired');
        throw new TokenRejected('Invalid token');
      }
    }
  };
}

export function localKeys(publicKey: JWK): JWTVerifyGetKey {
  return createLocalJWKSet({ keys: [publicKey] });
}

const discoverySchema = z.object({ issuer: z.string(), jwks_uri: z.string().url() });

/**
 * External mode: the corporate provider's JWKS, found through its discovery document and cached by jose.
 * OpenID Connect Discovery §4.3: the document must name exactly the issuer it was fetched for; otherwise
 * its keys could be another issuer's (a misconfigured or impersonating host), so the server does not start.
 */
export async function discoverRemoteKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`OpenID discovery failed at ${url}: HTTP ${response.status}`);
  const document = discoverySchema.parse(await response.json());
  if (document.issuer !== issuer) {
    throw new Error(
      `OpenID discovery at ${url} names the issuer "${document.issuer}", not the configured OIDC_ISSUER "${issuer}": set OIDC_ISSUER to exactly the provider's issuer.`,
    );
  }
  return createRemoteJWKSet(new URL(document.jwks_uri));
}
