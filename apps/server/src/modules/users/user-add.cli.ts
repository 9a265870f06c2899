import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from '../../platform/db/open-configured.ts';
import { prepareDatabase } from '../../seed/prepare-database.ts';
import { addLocalUser } from './user-add.ts';

/**
 * `npm run user:add -- --email you@firm.com --role ADMIN [--name "Your Name"]`: asks for the password
 * (not echoed; read from standard input when it is not a terminal, for scripts) and adds the account.
 */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  // The terminal's echo goes to a stream that drops it: nothing shows while the password is typed.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input, output: silent, terminal: input.isTTY });
  if (input.isTTY) process.stdout.write(prompt);
  const answer = await new Promise<string>((resolve) => lines.once('line', resolve));
  lines.close();
  if (input.isTTY) process.stdout.write('\n');
  return answer;
}

const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email || !values.role) {
  console.error('Usage: npm run user:add -- --email you@firm.com --role ADMIN [--name "Your Name"]');
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config, { setup: true });
try {
  await prepareDatabase(config, database);
  const password = await readPassword('Password: ');
  const user = await addLocalUser(database.db, {
    email: values.email,
    role: values.role,
    password,
    ...(values.name ? { displayName: values.name } : {}),
  });
  console.log(`Added ${user.mail} (${values.role}).`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
