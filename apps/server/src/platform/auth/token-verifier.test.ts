import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTokenVerifier, TokenRejected } from './token-verifier.ts';

const ISSUER = 'https://login.example.com/tenant/v2.0';
const AUDIENCE = 'api://casedesk';

async function setup() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const keys = createLocalJWKSet({ keys: [jwk] });
  const token = (typ: string) =>
    new SignJWT({ upn: 'avery@firm.example' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('subject-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  return { keys, token };
}

describe('the access token type', () => {
  it('is at+jwt by default (an ID token says JWT and is refused)', async () => {
    const { keys, token } = await setup();
    const verifier = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, emailClaim: 'upn', keys });
    await expect(verifier.verify(await token('JWT'))).rejects.toBeInstanceOf(TokenRejected);
    expect((await verifier.verify(await token('at+jwt'))).subject).toBe('subject-1');
  });

  it('follows OIDC_ACCESS_TOKEN_TYPE for a provider that marks its access tokens JWT (Entra ID)', async () => {
    const { keys, token } = await setup();
    const verifier = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      emailClaim: 'upn',
      keys,
      tokenType: 'JWT',
    });
    expect((await verifier.verify(await token('JWT'))).subject).toBe('subject-1');
  });

  it('another type needs an API audience other than the client id, or an ID token would pass', () => {
    const entra = { OIDC_ISSUER: ISSUER, OIDC_ACCESS_TOKEN_TYPE: 'JWT' };
    expect(() => loadConfig({ ...entra, OIDC_AUDIENCE: 'casedesk-web' })).toThrow(
      /OIDC_AUDIENCE other than OIDC_CLIENT_ID/,
    );
    expect(loadConfig({ ...entra, OIDC_AUDIENCE: AUDIENCE }).OIDC_ACCESS_TOKEN_TYPE).toBe('JWT');
  });
});
