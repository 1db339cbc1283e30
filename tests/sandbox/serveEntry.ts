// The serve command alone, the way cli/main.ts registers it, so the test can run it as a process and press Ctrl-C.
import { Command } from 'commander';
import { registerServe } from '../../cli/commands/serve';

const program = new Command('countertop');
registerServe(program);
await program.parseAsync(process.argv);
