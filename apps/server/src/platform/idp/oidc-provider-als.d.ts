// The provider's own AsyncLocalStorage (idp-async-context.ts); oidc-provider declares no types for its files.
declare module 'oidc-provider/lib/helpers/als.js' {
  import type { AsyncLocalStorage } from 'node:async_hooks';
  const providerContext: AsyncLocalStorage<unknown>;
  export default providerContext;
}
