// The countertop CLI: developers exercise catalogs, support staff replay shoppers' logs.
// Exit codes: 0 success, 1 bad input or a failed check (one clear line per problem), 2 bad usage.
import { Command, CommanderError } from 'commander';
import { APP_VERSION } from './appVersion';
import { CliError, printable, warn } from './io';

type Register = (program: Command) => void;

// Each command's modules load only when that command runs, so `countertop lookup zip` does not load the property
// checker or the simulator. Help and unknown commands load them all.
const COMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  catalog: async () => (await import('./commands/catalog')).registerCatalog,
  price: async () => (await import('./commands/price')).registerPrice,
  slots: async () => (await import('./commands/slots')).registerSlots,
  lookup: async () => (await import('./commands/lookup')).registerLookup,
  check: async () => (await import('./commands/check')).registerCheck,
  replay: async () => (await import('./commands/replay')).registerReplay,
  simulate: async () => (await import('./commands/simulate')).registerSimulate,
  log: async () => (await import('./commands/logToTest')).withToTest((await import('./commands/log')).registerLog),
  serve: async () => (await import('./commands/serve')).registerServe,
  headers: async () => (await import('./commands/headers')).registerHeaders,
  support: async () => (await import('./commands/support')).registerSupport,
};

// `countertop replay big.log | head` closes our output early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const program = new Command('countertop')
  .description('Countertop storefront tools: exercise catalogs, replay session logs, serve the sandbox')
  .version(APP_VERSION)
  .showHelpAfterError('(run with --help for usage)')
  // Commander quotes arguments in its errors: they reach the terminal printable, as everything else does.
  .configureOutput({ writeOut: (text) => process.stdout.write(printable(text)), writeErr: (text) => process.stderr.write(printable(text)) });

const requested = process.argv[2];
const loaders = requested !== undefined && Object.hasOwn(COMMANDS, requested) ? [COMMANDS[requested]!] : Object.values(COMMANDS);
for (const register of await Promise.all(loaders.map((load) => load()))) register(program);

// Usage mistakes exit 2 everywhere (commander's default is 1).
program.exitOverride();
for (const command of program.commands) for (const sub of [command, ...command.commands]) sub.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CliError) {
    for (const line of error.lines) warn(line);
    process.exitCode = error.exitCode;
  } else if (error instanceof CommanderError) {
    const benign = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help';
    process.exitCode = benign ? 0 : 2;
  } else {
    warn(`countertop: unexpected error: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 70;
  }
}
