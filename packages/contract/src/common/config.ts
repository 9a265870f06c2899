import { z } from 'zod';

/** GET /api/config: what the SPA needs to sign in, so one build serves any identity provider. */
export const clientConfigSchema = z.object({
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  resource: z.string().nullable(),
  localMode: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
