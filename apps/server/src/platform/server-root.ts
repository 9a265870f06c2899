import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found by walking up from this module to the package.json that
 * names it. The same code runs as TypeScript source (src/platform/) and bundled (dist/server.mjs), where a
 * path relative to the module's own file would differ.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@casedesk/server') {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The @casedesk/server package folder was not found above this module');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
/** The repository's root: .data and the web build live there by default. */
export const repoRoot = path.resolve(serverRoot, '../..');
