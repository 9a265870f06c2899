import { createHash, timingSafeEqual } from 'node:crypto';
import { hasAccess } from '@casedesk/contract/access/permissions';
import { SCIM_MESSAGES as DIRECTORY_MESSAGES } from '@casedesk/contract/directory/scim';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { ResolvedUser, UserResolver } from '../auth/actor.ts';
import { IdentityRefused } from '../auth/actor.ts';
import type { TokenVerifier, VerifiedToken } from '../auth/token-verifier.ts';
import { TokenRejected } from '../auth/token-verifier.ts';
import type { RouteAccessEntry } from './route-access.ts';
import { accessOf, isGuardedPath, requirementsOf } from './route-access.ts';
import { undeclaredIds } from './record-scope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every guarded route and who may reach it; snapshot-tested (DESIGN §3). */
    routeAccessTable: RouteAccessEntry[];
  }
  interface FastifyRequest {
    /** The verified token's expiry and sign-in, for what lives longer than the request (the live socket). */
    credential?: Pick<VerifiedToken, 'expiresAt' | 'grantId'>;
  }
}

export interface AccessControlOptions {
  db: Db;
  verifier: TokenVerifier;
  resolveUser: UserResolver;
  /** The directory's bearer token (SCIM_TOKEN); without it, directory routes refuse every call. */
  directoryToken?: string;
}

/** The same length-independent comparison for any token: no timing tells how much of it was right. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The one gate every route passes (DESIGN §3): the route must declare its access at registration
 * (the app refuses to start otherwise), and each request is checked against it before its body is read.
 */
export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  const table: RouteAccessEntry[] = [];
  const routes: RouteOptions[] = [];
  app.decorate('routeAccessTable', table);

  // Judged when the app is ready, after plugins' own onRoute hooks have had their say.
  app.addHook('onRoute', (route) => {
    if (isGuardedPath(route.url)) routes.push(route);
  });

  app.addHook('onReady', async () => {
    const undeclared: string[] = [];
    const unscopedIds: string[] = [];
    for (const route of routes) {
      const access = accessOf(route);
      const ids = undeclaredIds(route);
      for (const method of ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD')) {
        const records = route.config?.records;
        if (access) table.push({ method, url: route.url, access, ...(records ? { records } : {}) });
        else undeclared.push(`${method} ${route.url}`);
        if (ids.length > 0) unscopedIds.push(`${method} ${route.url} (${ids.join(', ')})`);
      }
    }
    if (undeclared.length > 0) {
      throw new Error(`Routes without a declared permission or public: true: ${undeclared.join(', ')}`);
    }
    if (unscopedIds.length > 0) {
      throw new Error(
        `Routes taking ids that declare neither the record each names (config.records) nor why no office ` +
          `decides it (config.unscopedIds): ${unscopedIds.join('; ')}`,
      );
    }
    table.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Unknown routes fall through to the not-found handler; public ones need nothing.
    if (!request.routeOptions.url || config.public) return;
    if (config.directoryToken) {
      if (!options.directoryToken) throw AppError.unauthorized(DIRECTORY_MESSAGES.notConfigured);
      const given = bearerToken(request);
      if (!given || !sameToken(given, options.directoryToken)) {
        await auditDenied(options.db, request, null, 'DIRECTORY_TOKEN');
        throw AppError.unauthorized(DIRECTORY_MESSAGES.badToken);
      }
      return;
    }

    const token = bearerToken(request);
    if (!token) throw AppError.unauthorized();
    let verified: VerifiedToken;
    try {
      verified = await options.verifier.verify(token);
    } catch (error) {
      if (error instanceof TokenRejected) throw AppError.unauthorized(error.message);
      throw error;
    }
    const { email, expiresAt, grantId } = verified;

    let user: ResolvedUser | undefined;
    try {
      user = await options.resolveUser(verified);
    } catch (error) {
      if (!(error instanceof IdentityRefused)) throw error;
      await auditDenied(options.db, request, null, error.reason, email, verified.subject);
      throw AppError.unauthorized(error.message);
    }
    if (!user || !user.accountEnabled) {
      const reason = user ? 'ACCOUNT_INACTIVE' : 'MISSING_PERMISSION';
      await auditDenied(options.db, request, user?.id ?? null, reason, email);
      throw AppError.forbidden(reason);
    }
    request.actor = {
      userId: user.id,
      role: user.role,
      officeId: user.officeId,
      permissions: user.permissions,
      self: user.user,
      ip: request.ip,
      requestId: request.id,
    };
    request.credential = { expiresAt, grantId };
    const required = requirementsOf(config);
    if (required.length > 0 && !required.some(([type, level]) => hasAccess(user.permissions, type, level))) {
      const named = required.map((r) => r.join(':')).join('|');
      await auditDenied(options.db, request, user.id, `MISSING_PERMISSION ${named}`);
      throw AppError.forbidden('MISSING_PERMISSION');
    }
  });
}

async function auditDenied(
  db: Db,
  request: FastifyRequest,
  actorId: string | null,
  reason: string,
  email?: string,
  subject?: string,
) {
  await recordAudit(db, {
    actorId,
    action: 'auth.denied',
    ip: request.ip,
    requestId: request.id,
    detail: {
      route: `${request.method} ${request.routeOptions.url}`,
      reason,
      ...(email && !actorId ? { email } : {}),
      ...(subject ? { subject } : {}),
    },
  });
}
