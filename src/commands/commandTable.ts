// Joining groups of commands into one table: a name two groups define is an error, never one replacing the other.

type Intersect<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Joins groups of commands into one table, refusing a name that two groups define. */
export function commandTable<G extends Record<string, object>>(groups: G): Intersect<G[keyof G]> {
  const table: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const [group, commands] of Object.entries(groups)) {
    for (const [name, command] of Object.entries(commands)) {
      const first = owner.get(name);
      if (first !== undefined) throw new Error(`The command "${name}" is defined twice: by ${first} and by ${group}.`);
      owner.set(name, group);
      table[name] = command;
    }
  }
  return table as Intersect<G[keyof G]>;
}
