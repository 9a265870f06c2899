import type { AppInstance } from '../../src/platform/http/app-instance.ts';

/**
 * "METHOD /path" for every route Fastify has, read from `printRoutes` (Fastify 5 has no route-list
 * API). The fuzz suite compares this with the OpenAPI document, because a route whose schema says
 * `hide: true` (or has no schema at all) would otherwise be missing from the document and never fuzzed.
 */
export function registeredRoutes(app: AppInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    // "│   ├── /updateDashboard (PUT)": four columns of tree drawing per level, then the segment.
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${stack[depth - 1] ?? ''}${match[2] ?? ''}`;
    stack[depth] = path;
    stack.length = depth + 1;
    const methods = (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m && m !== 'HEAD');
    // OpenAPI writes Fastify's ":id" as "{id}".
    const documented = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of methods) routes.push(`${method} ${documented}`);
  }
  return routes;
}
