import type { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
// oidc-provider keeps the request it is serving in this AsyncLocalStorage (its own helper; the package
// exports no map, so the file is reachable as is, and it is the same module instance the provider imports).
import providerContext from 'oidc-provider/lib/helpers/als.js';

type Handler = (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * The embedded provider's requests, each in its AsyncLocalStorage, and that storage switched off again
 * once none is in flight.
 *
 * Why: on Node 20 the first `run()` of any AsyncLocalStorage turns on an async hook for the whole process,
 * and it stays on. Every promise, timer and tick of every request then pays for it, so one sign-in made
 * all later API requests dearer (a few per cent of the server's CPU under the client-search load,
 * and more garbage to collect). `disable()` on the last storage turns the hook off; the provider's next
 * request enters its storage again (`run()` re-enables it). Nothing of the provider's outlives its
 * response: its tokens, sessions and grants are saved before it answers.
 */
export function releasingProviderContext(handler: Handler): Handler {
  let inFlight = 0;
  return (request, response, next) => {
    inFlight += 1;
    // 'close' follows the end of every response, sent or cut off, once.
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) providerContext.disable();
    });
    handler(request, response, next);
  };
}

/** Whether the provider's storage (and so, with no other, Node's async hook) is on: for the tests. */
export function providerContextEnabled(): boolean {
  return (providerContext as AsyncLocalStorage<unknown> & { enabled?: boolean }).enabled === true;
}
