// Which of the build's files the offline worker keeps from the start (its precache): the page and every file of code
// and style the page can reach, but those reached only through the parts the manifest keeps when seen
// (src/app/root/parts.ts, `cached: 'when seen'`: the support console, the ZIP tables, the map). Read by the build
// (vite.config.ts); the worker keeps those others as they are fetched (rules.ts, `code`).

/** A file of the build as the bundler describes it: its name, the modules it holds and the files it asks for. */
export interface BuiltFile {
  readonly fileName: string;
  readonly isEntry: boolean;
  /** The module the file stands for, when it is a part's own file (the bundler's facadeModuleId). */
  readonly facade: string | null;
  /** Files it imports statically, and those it may import on demand. */
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  /** The style sheets that load with it. */
  readonly css: readonly string[];
}

/**
 * The files kept from the start: what the entries reach through imports of either kind, never entering the file of
 * one of the parts in `whenSeen` (files with their extension, matched at the end of the file's own module id, or a package's name).
 */
export function precachedFiles(files: readonly BuiltFile[], whenSeen: readonly string[]): Set<string> {
  const byName = new Map(files.map((file) => [file.fileName, file]));
  const heldBack = ({ facade }: BuiltFile) =>
    facade !== null && whenSeen.some((module) => facade.endsWith(module) || facade.includes(`/node_modules/${module}/`));
  const kept = new Set<string>();
  const pending = files.filter((file) => file.isEntry).map((file) => file.fileName);
  while (pending.length > 0) {
    const file = byName.get(pending.pop()!);
    if (file === undefined || kept.has(file.fileName) || (!file.isEntry && heldBack(file))) continue;
    kept.add(file.fileName);
    for (const css of file.css) kept.add(css);
    pending.push(...file.imports, ...file.dynamicImports);
  }
  return kept;
}
