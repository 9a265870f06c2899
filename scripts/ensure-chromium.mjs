// Before `npm test`: the browser tests run in Debian's Chromium at /usr/bin/chromium (DESIGN §9: never a
// downloaded browser). When it is missing, root installs it here, as CI does; anyone else is told the one
// command to run, at once, rather than after the unit and API suites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get install -y chromium';

if (!fs.existsSync(CHROMIUM)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = fs.existsSync('/usr/bin/apt-get');
  if (!root || !apt) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}. Install it, then run npm test again:\n\n  sudo ${INSTALL}\n`,
    );
    process.exit(1);
  }
  console.log(`Installing Chromium for the browser tests (${INSTALL})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
