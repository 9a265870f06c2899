import type { RealtimeBus, RealtimeMessage } from '../../platform/realtime/realtime-bus.ts';

/**
 * A bus that holds live messages until the transaction that wrote their notifications has committed: a socket
 * told of a notification before the commit would fetch a list without it.
 */
export function heldLiveMessages(): { bus: RealtimeBus; flush(target: RealtimeBus): Promise<void> } {
  const held: RealtimeMessage[] = [];
  return {
    bus: {
      async publish(message) {
        held.push(message);
      },
      subscribe() {
        return () => undefined;
      },
      async close() {},
    },
    async flush(target) {
      for (const message of held.splice(0)) await target.publish(message);
    },
  };
}
