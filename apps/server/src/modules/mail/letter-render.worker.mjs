// A letter-printing thread (letter-render-pool.ts). Threads do not inherit the server's TypeScript loader, so
// this plain module registers tsx before loading the TypeScript that prints.
import { register } from 'tsx/esm/api';

register();
await import('./letter-render.worker.ts');
