import { runSimulate } from './simulate-command.ts';

// `npm run simulate -- sms|call|status …` (see SIMULATE_USAGE): the local simulator from a terminal.
process.exitCode = await runSimulate(process.argv.slice(2), process.env, {
  log: (message) => console.log(message),
  error: (message) => console.error(message),
});
