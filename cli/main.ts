// The countertop CLI: developers exercise catalogs; support staff replay shoppers' logs.
import { Command } from 'commander';

const program = new Command('countertop').description('Countertop storefront tools').version('0.1.0');
await program.parseAsync(process.argv);
