import { importJWK, SignJWT } from 'jose';
import { ACCESS_TOKEN_TYPE } from '../../src/platform/auth/token-verifier.ts';
import { loadOrCreateIdpSecrets } from '../../src/platform/idp/idp-secrets.ts';
import type { TestApp } from './test-app.ts';

export interface EmbeddedTokenClaims {
  subject: string;
  /** Claims beside iss, sub, aud, iat and exp: the email claim, email_verified, … */
  claims?: Record<string, unknown>;
}

/**
 * An access token as the embedded provider signs them (its key, issuer, audience, `typ: at+jwt`, five
 * minutes), carrying the identity a test chooses: for what no sign-in through the login form produces,
 * such as another subject with a user's address or an unverified email.
 */
export async function signEmbeddedAccessToken(t: TestApp, token: EmbeddedTokenClaims): Promise<string> {
  const { signingKey } = await loadOrCreateIdpSecrets(t.db());
  return new SignJWT(token.claims ?? {})
    .setProtectedHeader({ alg: 'RS256', typ: ACCESS_TOKEN_TYPE, kid: signingKey.kid })
    .setIssuer(t.config.issuer)
    .setAudience(t.config.OIDC_AUDIENCE)
    .setSubject(token.subject)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 300)
    .sign(await importJWK(signingKey, 'RS256'));
}
