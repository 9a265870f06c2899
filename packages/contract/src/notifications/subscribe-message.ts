import { z } from 'zod';
import { SUBSCRIBABLE_TYPES } from './live-socket.ts';

/** Client → server, once the socket is open (SPEC §4). */
export const subscribeMessageSchema = z
  .object({
    notificationTypes: z.array(z.enum(SUBSCRIBABLE_TYPES)).max(SUBSCRIBABLE_TYPES.length),
    userId: z.uuid(),
  })
  .strict();
export type SubscribeMessage = z.infer<typeof subscribeMessageSchema>;
