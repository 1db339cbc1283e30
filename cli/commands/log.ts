// `countertop log validate LOG` and `countertop log redact LOG`.
import type { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog } from '../../src/domain/catalog/catalogIndex';
import { decodeEvent } from '../../src/events/envelope';
import { readLogLine } from '../../src/store/logFile';
import { redactLines } from '../../src/store/transfer';
import { CliError, fileLines, print, readText } from '../io';

export function registerLog(program: Command): void {
  const log = program.command('log').description('check and share session logs');
  log
    .command('validate')
    .argument('<log>', 'session log (NDJSON)')
    .description('check every line; one line per problem, with its line number')
    .action(async (path: string) => {
      const problems: string[] = [];
      let lineNo = 0;
      let header = false;
      let events = 0;
      let catalogs = 0;
      const skipped = new Map<string, number>();
      for await (const text of fileLines(path)) {
        lineNo++;
        const item = readLogLine(text, lineNo, !header);
        if (E.isLeft(item)) {
          problems.push(item.left);
          header = true;
          continue;
        }
        const read = item.right;
        if (read === null) continue;
        if (read.kind === 'header') header = true;
        else if (read.kind === 'catalog') {
          catalogs++;
          const decoded = decodeCatalog(read.catalog);
          if (E.isLeft(decoded)) problems.push(...decoded.left.map((p) => `line ${lineNo}: catalog ${read.hash}: ${p}`));
        } else {
          events++;
          const decoded = decodeEvent(read.raw, read.seq);
          if (E.isLeft(decoded)) problems.push(`line ${lineNo}: ${read.raw.type}: ${decoded.left.join('; ')}`);
          else if (decoded.right.kind === 'skipped') skipped.set(read.raw.type, (skipped.get(read.raw.type) ?? 0) + 1);
        }
      }
      if (!header) problems.push('line 1: the file is empty; expected a countertop-log header');
      if (problems.length > 0) throw new CliError(problems.map((p) => `${path}: ${p}`));
      const skippedText = skipped.size > 0 ? `; skipped as unknown or newer: ${[...skipped].map(([t, n]) => `${t} x${n}`).join(', ')}` : '';
      print(`${path}: valid log, ${events} events, ${catalogs} catalog snapshot${catalogs === 1 ? '' : 's'}${skippedText}`);
    });
  log
    .command('redact')
    .argument('<log>', 'session log (NDJSON)')
    .description('print the log with names, emails, phones and addresses replaced by stable placeholders')
    .action((path: string) => {
      const result = redactLines(
        readText(path)
          .split('\n')
          .filter((line, i, all) => line !== '' || i < all.length - 1),
      );
      if (E.isLeft(result)) throw new CliError([`${path}: ${result.left}`]);
      process.stdout.write(`${result.right.join('\n')}\n`);
    });
}
