import { createHash, randomBytes } from 'node:crypto';
import type { HttpClient, HttpResponse } from './http-client.ts';

export interface CodeFlowOptions {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password: string;
  resource?: string;
  scope?: string;
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
}

/** Keeps cookies across the redirects of one browser-less sign-in (path rules do not matter here). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: HttpResponse) {
    const raw = response.headers['set-cookie'];
    for (const line of ([] as string[]).concat(typeof raw === 'number' ? [] : (raw ?? []))) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function pathOf(url: string, issuerOrigin: string): string {
  return url.startsWith(issuerOrigin) ? url.slice(issuerOrigin.length) : url;
}

/**
 * The authorization code flow with PKCE, as the SPA runs it, through the real login form:
 * authorize → interaction (login form post) → resume → redirect with code → token.
 */
export async function signInWithCodeFlow(http: HttpClient, options: CodeFlowOptions): Promise<TokenSet> {
  const origin = new URL(options.issuer).origin;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const params = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    ...(options.resource ? { resource: options.resource } : {}),
  });
  const jar = new CookieJar();
  let response = await http({ method: 'GET', url: pathOf(`${options.issuer}/auth?${params}`, origin) });
  jar.take(response);
  for (let hop = 0; hop < 10; hop++) {
    const location = String(response.headers.location ?? '');
    if (!location) throw new Error(`Sign-in stopped at HTTP ${response.status}: ${response.body.slice(0, 300)}`);
    const next = new URL(location, origin);
    if (`${next.origin}${next.pathname}` === options.redirectUri) {
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`No code in redirect: ${location}`);
      return exchangeCode(http, origin, options, code, verifier);
    }
    const target = pathOf(location, origin);
    if (/^\/interaction\/[^/]+$/.test(target)) {
      response = await http({
        method: 'POST',
        url: `${target}/login`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
        body: new URLSearchParams({ email: options.email, password: options.password }).toString(),
      });
      if (response.status === 401) throw new Error('Email or password is incorrect.');
    } else {
      response = await http({ method: 'GET', url: target, headers: { cookie: jar.header() } });
    }
    jar.take(response);
  }
  throw new Error('Too many redirects during sign-in');
}

async function exchangeCode(
  http: HttpClient,
  origin: string,
  options: CodeFlowOptions,
  code: string,
  verifier: string,
): Promise<TokenSet> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: options.redirectUri,
    client_id: options.clientId,
    code_verifier: verifier,
    ...(options.resource ? { resource: options.resource } : {}),
  });
  const response = await http({
    method: 'POST',
    url: pathOf(`${options.issuer}/token`, origin),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  if (response.status !== 200) throw new Error(`Token exchange failed: ${response.status} ${response.body}`);
  return JSON.parse(response.body) as TokenSet;
}

export async function refreshTokens(
  http: HttpClient,
  options: Pick<CodeFlowOptions, 'issuer' | 'clientId' | 'resource'>,
  refreshToken: string,
): Promise<HttpResponse> {
  const origin = new URL(options.issuer).origin;
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: options.clientId,
    ...(options.resource ? { resource: options.resource } : {}),
  });
  return http({
    method: 'POST',
    url: pathOf(`${options.issuer}/token`, origin),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
}
