// `countertop log validate LOG` and `countertop log redact LOG`.
import type { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import { checkLog } from '../../src/store/logCheck';
import { redactLog } from '../../src/store/transfer';
import { CliError, fileLines, print, write } from '../io';

export function registerLog(program: Command): void {
  const log = program.command('log').description('check and share session logs');
  log
    .command('validate')
    .argument('<log>', 'session log (NDJSON)')
    .description('check every line; one line per problem, with its line number')
    .action(async (path: string) => {
      // The same check replay makes, reading on after a problem so every bad line is named.
      const check = checkLog();
      const problems: string[] = [];
      let events = 0;
      let catalogs = 0;
      const skipped = new Map<string, number>();
      for await (const text of fileLines(path)) {
        const item = await check.line(text);
        if (E.isLeft(item)) problems.push(...item.left);
        else if (item.right?.kind === 'catalog') catalogs++;
        else if (item.right?.kind === 'event') {
          events++;
          const decoded = item.right.decoded;
          if (decoded.kind === 'skipped') skipped.set(decoded.type, (skipped.get(decoded.type) ?? 0) + 1);
        }
      }
      problems.push(...check.finish());
      if (problems.length > 0) throw new CliError(problems.map((p) => `${path}: ${p}`));
      const skippedText =
        skipped.size > 0 ? `; skipped (an unknown type, or a newer version than this app reads): ${[...skipped].map(([t, n]) => `${t} x${n}`).join(', ')}` : '';
      print(`${path}: valid log, ${events} events, ${catalogs} catalog snapshot${catalogs === 1 ? '' : 's'}${skippedText}`);
    });
  log
    .command('redact')
    .argument('<log>', 'session log (NDJSON)')
    .description('print the log with names, emails, phones and addresses replaced by stable placeholders')
    .action(async (path: string) => {
      // Only a log that validates is redacted: a damaged one is named, not passed on half-redacted.
      const result = await redactLog(fileLines(path));
      if (E.isLeft(result)) throw new CliError(result.left.map((p) => `${path}: ${p}`));
      write(`${result.right.join('\n')}\n`);
    });
}
