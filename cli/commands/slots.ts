// `countertop slots --catalog FILE --location ID --now ISO-INSTANT [--json]`: open state, ASAP and pickup days.
import type { Command } from 'commander';
import { CLOSED_NOTICE } from '../../src/domain/time/messages';
import { isOpenAt } from '../../src/domain/time/openState';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import { fail, locationOf, print, readCatalog, stableJson } from '../io';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function registerSlots(program: Command): void {
  program
    .command('slots')
    .description('open state, ASAP and the pickup days with their 15-minute slots at a given moment')
    .requiredOption('--catalog <file>', 'catalog JSON')
    .requiredOption('--location <id>', 'location id')
    .requiredOption('--now <instant>', 'ISO-8601 instant with a zone, e.g. 2026-11-18T15:00:00Z')
    .option('--json', 'print {"open","asap","days":[{"date","slots":[{"at","label"}]}]}')
    .action((options: { catalog: string; location: string; now: string; json?: boolean }) => {
      if (!INSTANT.test(options.now) || Number.isNaN(Date.parse(options.now)))
        fail(`--now: expected an ISO-8601 instant like 2026-11-18T15:00:00Z, got "${options.now}"`, 2);
      const now = Date.parse(options.now);
      const index = readCatalog(options.catalog);
      const location = locationOf(index, options.location, options.catalog).location;
      const schedule = pickupSchedule(location, now);
      const open = isOpenAt(location, now);
      if (options.json) {
        print(
          stableJson({
            open,
            asap: schedule.asap ? { at: schedule.asap.at, label: schedule.asap.label } : null,
            days: schedule.days.map((d) => ({ date: d.date, slots: d.slots.map((s) => ({ at: s.at, label: s.label })) })),
          }),
        );
        return;
      }
      print(`${location.Name} (${location.Timezone}) at ${new Date(now).toISOString()}`);
      print(open ? 'Open now' : `Closed now: ${CLOSED_NOTICE.heading} ${CLOSED_NOTICE.message}`);
      print(schedule.asap ? `ASAP: ${schedule.asap.label} (${schedule.asap.at})` : 'ASAP: not offered');
      if (schedule.days.length === 0) print('No scheduled pickup times in the next 7 days.');
      for (const day of schedule.days) {
        print(`${day.label} (${day.date}): ${day.slots.length} slots`);
        for (let i = 0; i < day.slots.length; i += 8)
          print(
            `  ${day.slots
              .slice(i, i + 8)
              .map((s) => s.label.padStart(8))
              .join(' ')}`,
          );
      }
    });
}
