// Compiles the server for production (`npm start`): one ES module bundle of our TypeScript and the contract
// package's, with every npm dependency left to Node's own resolution. Node then starts without the TypeScript
// loader transforming some 500 files on each cold start (tsx stays for `npm run dev`, the tests and the CLIs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// SERVER_BUILD_DIR: elsewhere than dist/ (the test of what the start loads builds into a folder of its own).
const outdir = process.env.SERVER_BUILD_DIR
  ? path.resolve(process.env.SERVER_BUILD_DIR)
  : path.join(serverRoot, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
// The contract is TypeScript source (its exports point at .ts files), so it is compiled into the bundle.
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@casedesk/contract');

fs.rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: serverRoot,
  entryPoints: {
    server: 'src/server.ts',
    // Beside server.mjs under the name the pool asks for (letter-render-pool.ts: ./letter-render.worker.mjs).
    'letter-render.worker': 'src/modules/mail/letter-render.worker.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
// What each output file imports, statically or on demand, and from where.
fs.writeFileSync(path.join(outdir, 'metafile.json'), JSON.stringify(metafile));
console.log(`Built the server into ${path.relative(process.cwd(), outdir) || outdir}`);
