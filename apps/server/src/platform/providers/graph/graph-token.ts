/**
 * The identity platform refused or could not be reached for a Microsoft Graph token. `transient` ones (its
 * outages, throttling, the network) are worth retrying; the others (a bad secret, an unknown tenant) need a
 * person. Each Graph adapter turns it into its own error type.
 */
export class GraphTokenError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'GraphTokenError';
  }
}

export interface GraphCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Microsoft identity platform's v2 token endpoint of the tenant, unless given. */
  tokenUrl?: string;
  /** The resource the token is for: `${origin of the Graph base URL}/.default`. */
  scope: string;
  fetch: typeof fetch;
  now: () => number;
}

export interface GraphTokenSource {
  /** A valid token; rejects with GraphTokenError. */
  token(): Promise<string>;
  /** Graph answered 401: the token was revoked or rotated early; the next call fetches a new one. */
  invalidate(): void;
}

/** Refresh a minute early: a token that expires while a request is on its way is refused with 401. */
const EXPIRY_MARGIN_MS = 60_000;

export const defaultTokenUrl = (tenantId: string) =>
  `https://login.microsoftonline.com/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;

/**
 * OAuth 2.0 client credentials for Microsoft Graph (one app registration; the calendar needs the application
 * permission Calendars.ReadWrite, the directory sync User.Read.All): one token for every call, cached until
 * shortly before it expires; concurrent callers share one request for it.
 */
export function graphTokenSource(credentials: GraphCredentials): GraphTokenSource {
  let cached: { token: string; expiresAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  async function requestToken(): Promise<string> {
    const url = credentials.tokenUrl ?? defaultTokenUrl(credentials.tenantId);
    let response: Response;
    try {
      response = await credentials.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          scope: credentials.scope,
          grant_type: 'client_credentials',
        }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new GraphTokenError(`Token request failed: ${(error as Error).message}`, 0, 'network', true);
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!response.ok || !body.access_token) {
      // invalid_client and friends need a person; the identity platform's own outages are worth a retry.
      const transient = response.status >= 500 || response.status === 429;
      throw new GraphTokenError(
        `Token request refused (${response.status} ${body.error ?? ''})`.trim(),
        response.status,
        body.error ?? null,
        transient,
      );
    }
    cached = {
      token: body.access_token,
      expiresAt: credentials.now() + Number(body.expires_in ?? 3600) * 1000 - EXPIRY_MARGIN_MS,
    };
    return body.access_token;
  }

  return {
    async token(): Promise<string> {
      if (cached && cached.expiresAt > credentials.now()) return cached.token;
      inFlight ??= requestToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    /** Graph answered 401: the token was revoked or rotated early; the next call fetches a new one. */
    invalidate(): void {
      cached = undefined;
    },
  };
}
