/** E2E_PORT lets two runs (or a run and CI) share a machine. */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * token-refresh.spec.ts has a server of its own on the next port (playwright.config.ts): its access
 * tokens live 10 s, the main server's the default 10 minutes.
 */
export const REFRESH_PORT = MAIN_PORT + 1;

export const serverUrl = (port: number) => `http://localhost:${port}`;
