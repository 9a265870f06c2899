import type { PermissionRequirement } from '@casedesk/contract/access/permissions';
import type { RouteOptions } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import type { RecordKind } from './record-scope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** [permissionType, accessType] the caller must hold (DESIGN §3). */
    permission?: PermissionRequirement;
    /**
     * Any one of these requirements suffices: a screen that several permission types open (SPEC §6 names two
     * reporting types). The service then scopes by the permissions the caller holds among them.
     */
    anyPermission?: readonly [PermissionRequirement, PermissionRequirement, ...PermissionRequirement[]];
    /** Any signed-in, enabled user; the service narrows further (e.g. own record only). */
    signedIn?: boolean;
    /** No token needed. Must be said explicitly. */
    public?: boolean;
    /**
     * The firm's directory provisioning users (SCIM): its own bearer token from configuration, not a user's
     * sign-in, so no actor; the service audits the directory as the author.
     */
    directoryToken?: boolean;
  }
  interface FastifyRequest {
    actor?: Actor;
  }
}

export type RouteAccess = 'public' | 'signed-in' | 'directory-token' | `${string}:${string}`;

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The record ids the route takes and the kind each names (config.records), for the object-level test. */
  records?: Readonly<Record<string, RecordKind>>;
}

/** Paths under our own control; static files and the embedded provider's endpoints are not API routes. */
export const GUARDED_PREFIXES = ['/api/', '/hooks/', '/ws', '/metrics', '/interaction/', '/scim/'];

interface AccessConfig {
  permission?: PermissionRequirement;
  anyPermission?: readonly PermissionRequirement[];
  signedIn?: boolean;
  public?: boolean;
  directoryToken?: boolean;
}

/** The requirements a route's caller must meet one of: its permission, or each of its anyPermission. */
export function requirementsOf(config: AccessConfig | undefined): readonly PermissionRequirement[] {
  if (config?.permission) return [config.permission];
  return config?.anyPermission ?? [];
}

/** How the route table names a route's access; anyPermission as 'A:READ|B:READ'. */
export function accessOf(route: Pick<RouteOptions, 'config'>): RouteAccess | undefined {
  const config = route.config as AccessConfig | undefined;
  const declared = [
    config?.permission,
    config?.anyPermission,
    config?.signedIn,
    config?.public,
    config?.directoryToken,
  ].filter(Boolean).length;
  if (declared !== 1) return undefined;
  // One alternative is a plain permission, and a route that declares none opens to nobody: both refused.
  if (config?.anyPermission && config.anyPermission.length < 2) return undefined;
  const requirements = requirementsOf(config);
  if (requirements.length > 0) return requirements.map(([type, level]) => `${type}:${level}`).join('|') as RouteAccess;
  if (config?.directoryToken) return 'directory-token';
  return config?.signedIn ? 'signed-in' : 'public';
}

export function isGuardedPath(url: string): boolean {
  return GUARDED_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}
