import { z } from 'zod';

/** What one sync with the firm's directory (Microsoft Graph) did, user by user. */
export const directorySyncCountsSchema = z.object({
  /** New users: they arrive without permissions. */
  created: z.number().int(),
  /** Known users whose name, mail, title, office or status changed (disabled ones are counted apart). */
  updated: z.number().int(),
  /** Users disabled in the directory: their sign-ins end and their sockets close. */
  disabled: z.number().int(),
  /** Users removed from the directory: disabled here, never deleted (history names them). */
  deleted: z.number().int(),
  unchanged: z.number().int(),
  /** Users the sync could not take (e.g. no mail and no userPrincipalName, or a mail another user holds). */
  failed: z.number().int(),
});
export type DirectorySyncCounts = z.infer<typeof directorySyncCountsSchema>;

export const DIRECTORY_SYNC_TRIGGERS = ['manual', 'nightly'] as const;
export const DIRECTORY_SYNC_MODES = ['full', 'delta'] as const;

/** The answer of `POST /user/syncWithAD`: the sync just run. */
export const directorySyncResultSchema = z.object({
  trigger: z.enum(DIRECTORY_SYNC_TRIGGERS),
  /** `full` reads every user (the first sync, or after Graph expired the stored delta link); `delta` only changes. */
  mode: z.enum(DIRECTORY_SYNC_MODES),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  counts: directorySyncCountsSchema,
});
export type DirectorySyncResult = z.infer<typeof directorySyncResultSchema>;

/** The settings a directory sync from Microsoft Graph needs (the app registration's credentials). */
export const GRAPH_DIRECTORY_SETTINGS = ['GRAPH_TENANT_ID', 'GRAPH_CLIENT_ID', 'GRAPH_CLIENT_SECRET'] as const;

export const DIRECTORY_SYNC_MESSAGES = {
  notConfigured:
    'Directory sync with Microsoft Graph is not configured. Set GRAPH_TENANT_ID, GRAPH_CLIENT_ID and ' +
    'GRAPH_CLIENT_SECRET (an Entra ID app registration with the application permission User.Read.All and admin ' +
    'consent) and restart the server.',
  running: 'A directory sync is already running. Try again when it has finished.',
} as const;

/** The answer of `GET /user/syncWithAD`: whether Graph is set up, and how the last sync went. */
export const directorySyncStatusSchema = z.object({
  configured: z.boolean(),
  /** Settings still to set before a sync can run; empty when configured. */
  missingSettings: z.array(z.enum(GRAPH_DIRECTORY_SETTINGS)),
  message: z.string().nullable(),
  running: z.boolean(),
  /** Whether the next sync reads only changes (a delta link is stored). */
  hasDeltaLink: z.boolean(),
  lastSync: z
    .object({
      trigger: z.enum(DIRECTORY_SYNC_TRIGGERS),
      mode: z.enum(DIRECTORY_SYNC_MODES),
      startedAt: z.iso.datetime(),
      finishedAt: z.iso.datetime().nullable(),
      counts: directorySyncCountsSchema.nullable(),
      /** Status and code only (never a Graph message body). */
      error: z.string().nullable(),
    })
    .nullable(),
});
export type DirectorySyncStatus = z.infer<typeof directorySyncStatusSchema>;
