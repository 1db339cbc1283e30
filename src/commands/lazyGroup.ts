// A group of commands whose code loads on its first call, so the first page does not carry it: favorites and the
// account's gift cards, loyalty and curbside commands. Their names are listed where the table is made (a duplicate is still caught
// there), and tests/commands/table.test.ts checks the list against the group itself.

type Group = Record<string, (...args: never[]) => Promise<unknown>>;

export function lazyGroup<G extends Group>(load: () => Promise<G>, names: readonly (keyof G & string)[]): G {
  let loaded: Promise<G> | null = null;
  const group: Record<string, unknown> = {};
  for (const name of names) {
    group[name] = async (...args: unknown[]) => {
      loaded ??= load();
      const command = (await loaded)[name] as unknown as (...a: unknown[]) => Promise<unknown>;
      return command(...args);
    };
  }
  return group as G;
}
