// `npm start`: builds the SPA and the server when either is missing or older than its sources, then runs the
// compiled server (which migrates and, on first start, seeds the database; with DATABASE_URL it runs one
// process per CPU behind one port).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestMtime(path.join(target, name))));
}

/** The browser tests' build (`npm run build:e2e`) carries development pages that a served app must not. */
function isTestBuild() {
  const assets = path.join(root, 'apps/web/dist/assets');
  return fs.existsSync(assets) && fs.readdirSync(assets).some((name) => name.startsWith('data-table-demo'));
}

const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt || isTestBuild()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@casedesk/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverBuild = path.join(root, 'apps/server/dist/server.mjs');
const serverSources = ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', 'packages/contract/src'];
const serverBuiltAt = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
if (serverBuiltAt === 0 || Math.max(...serverSources.map(newestMtime)) > serverBuiltAt) {
  console.log('Building the server…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@casedesk/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBuild], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
