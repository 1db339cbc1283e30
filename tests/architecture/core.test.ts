// The core that guarantees replay stays plain (ARCHITECTURE.md, "Rules that make replay trustworthy"): the domain and
// the events keep no module variable (a memo belongs to the fold that made it), the domain, events and store import
// in no circle, selectors read the state without reaching into the reducers, and nothing there is exported for no one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EventData } from '../../src/events/catalogue';
import { filesUnder } from '../support/files';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORE = ['src/domain', 'src/events', 'src/store'];

const sourceFiles = (dir: string) => filesUnder(dir, /\.(ts|tsx|mts)$/).filter((file) => !file.endsWith('.d.ts'));

/** Every TypeScript file of the project that may import the core: the app, the CLI, the tests, the build's config. */
const everyFile = [...['src', 'cli', 'tests'].flatMap((dir) => sourceFiles(join(ROOT, dir))), join(ROOT, 'vite.config.ts')];
const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (source === undefined) parsed.set(file, (source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)));
  return source;
}

const name = (file: string) => relative(ROOT, file);
const inCore = (file: string, folders = CORE) => folders.some((folder) => name(file).startsWith(`${folder}/`));

const resolved = new Map<string, string | null>();

/** The file a relative module name points at, or null for a package. */
function resolve(from: string, target: string): string | null {
  if (!target.startsWith('.')) return null;
  const base = join(dirname(from), target);
  let path = resolved.get(base);
  if (path === undefined) {
    path = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile()) ?? null;
    resolved.set(base, path);
  }
  return path;
}

/** A module's static imports and re-exports: the file each names, and whether only types come from it. */
function importsOf(file: string): { readonly path: string; readonly typeOnly: boolean }[] {
  const found: { path: string; typeOnly: boolean }[] = [];
  for (const statement of parse(file).statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
    const path = resolve(file, specifier.text);
    if (path === null) continue;
    const typeOnly = ts.isImportDeclaration(statement) ? (statement.importClause?.isTypeOnly ?? false) : statement.isTypeOnly;
    found.push({ path, typeOnly });
  }
  return found;
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
const declared = (declaration: ts.VariableDeclaration) => (ts.isIdentifier(declaration.name) ? declaration.name.text : '(a pattern)');

describe('the core keeps nothing outside the fold', () => {
  it('no module-level let or var in src/domain and src/events: a memo belongs to its fold, a late constant to once()', () => {
    const found: string[] = [];
    for (const file of everyFile.filter((f) => inCore(f, ['src/domain', 'src/events']))) {
      for (const statement of parse(file).statements) {
        if (!ts.isVariableStatement(statement) || (statement.declarationList.flags & ts.NodeFlags.Const) !== 0) continue;
        for (const declaration of statement.declarationList.declarations) found.push(`${name(file)}: ${declared(declaration)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no module-level Map or WeakMap in the reducers and selectors: what they work out from the state is the fold memo', () => {
    const found: string[] = [];
    for (const file of everyFile.filter((f) => inCore(f, ['src/events/reducers', 'src/events/selectors']))) {
      for (const statement of parse(file).statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const made = declaration.initializer;
          if (made !== undefined && ts.isNewExpression(made) && ts.isIdentifier(made.expression) && /^(Weak)?Map$/.test(made.expression.text)) {
            found.push(`${name(file)}: ${declared(declaration)}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('the core imports one way', () => {
  it('no import cycles in src/domain, src/events and src/store', () => {
    const files = everyFile.filter((f) => inCore(f));
    const next = new Map(files.map((file) => [file, importsOf(file).flatMap(({ path }) => (inCore(path) ? [path] : []))]));
    const cycles: string[] = [];
    // Depth first: a module met again while it is still being walked closes a cycle.
    const state = new Map<string, 'walking' | 'done'>();
    const trail: string[] = [];
    const walk = (file: string): void => {
      state.set(file, 'walking');
      trail.push(file);
      for (const target of next.get(file) ?? []) {
        if (state.get(target) === 'walking') cycles.push([...trail.slice(trail.indexOf(target)), target].map(name).join(' -> '));
        else if (!state.has(target)) walk(target);
      }
      trail.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) walk(file);
    expect(cycles).toEqual([]);
  });

  it('selectors never import reducers: what the page shows is read from the state and the domain', () => {
    const reducers = (path: string) => inCore(path, ['src/events/reducers']) || name(path) === 'src/events/reduce.ts';
    const found = everyFile
      .filter((f) => inCore(f, ['src/events/selectors']))
      .flatMap((file) => importsOf(file).flatMap(({ path }) => (reducers(path) ? [`${name(file)} imports ${name(path)}`] : [])));
    expect(found).toEqual([]);
  });
});

/** What each module exports as a value (functions, constants, classes; types are part of the signatures they describe). */
function valueExports(file: string): string[] {
  const names: string[] = [];
  for (const statement of parse(file).statements) {
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.push(element.name.text);
    }
    if (!hasModifier(statement, ts.SyntaxKind.ExportKeyword)) continue;
    if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) names.push('default');
    else if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) names.push(declared(d));
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
      names.push(statement.name.text);
    }
  }
  return names;
}

/** The names each file is asked for by another ('*' for all: a namespace import, `export *`, `import()`). */
function namesAsked(): Map<string, Set<string>> {
  const asked = new Map<string, Set<string>>();
  const ask = (path: string | null, wanted: string) => {
    if (path === null) return;
    let names = asked.get(path);
    if (names === undefined) asked.set(path, (names = new Set()));
    names.add(wanted);
  };
  for (const file of everyFile) {
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const path = resolve(file, node.moduleSpecifier.text);
        const clause = node.importClause;
        if (clause?.name) ask(path, 'default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) ask(path, '*');
        if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) ask(path, (element.propertyName ?? element.name).text);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const path = resolve(file, node.moduleSpecifier.text);
        if (node.exportClause && ts.isNamedExports(node.exportClause)) {
          for (const element of node.exportClause.elements) ask(path, (element.propertyName ?? element.name).text);
        } else ask(path, '*');
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [target] = node.arguments;
        if (target !== undefined && ts.isStringLiteral(target)) ask(resolve(file, target.text), '*');
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        ask(resolve(file, node.argument.literal.text), '*');
      }
      if (deep) ts.forEachChild(node, visit);
    };
    const source = parse(file);
    // Only a file that has an `import(...)` (a call or a type) needs walking past its top-level statements.
    const deep = source.text.includes('import(');
    if (deep) visit(source);
    else source.statements.forEach(visit);
  }
  return asked;
}

describe('nothing in the core is exported for no one', () => {
  it('every value src/domain, src/events and src/store export is imported somewhere (the app, the CLI, a test)', () => {
    const asked = namesAsked();
    const dead: string[] = [];
    for (const file of everyFile.filter((f) => inCore(f))) {
      const names = asked.get(file) ?? new Set<string>();
      if (names.has('*')) continue;
      for (const exported of valueExports(file)) if (!names.has(exported)) dead.push(`${name(file)}: ${exported}`);
    }
    expect(dead).toEqual([]);
  });
});

describe('every event is named by a test', () => {
  it('each event type of the catalogue appears in a test, so none is left to the reducers alone', () => {
    const tests = everyFile
      .filter((f) => name(f).startsWith('tests/') && !name(f).startsWith('tests/architecture/'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unnamed = Object.keys(EventData).filter((type) => !new RegExp(`\\b${type}\\b`).test(tests));
    expect(unnamed).toEqual([]);
  });
});
