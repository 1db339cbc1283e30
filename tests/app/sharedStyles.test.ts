// A shared component (components/, forms/, shell/, layout/) is styled by shared style sheets, never by a feature's
// alone: a feature's styles load with that feature's code, so a page that uses the component without having opened
// the feature (the saved cards before checkout, the password reset before checkout) showed it unstyled or otherwise
// laid out, and the support console, which has every page's styles, showed it otherwise than the shopper saw it.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APP = join(ROOT, 'src/app');

const isFeature = (file: string) => relative(APP, file).startsWith('features/');

/** Each class a style sheet under src/app styles, with the sheets that style it. */
function styledClasses(): Map<string, string[]> {
  const classes = new Map<string, string[]>();
  for (const sheet of filesUnder(APP, /\.css$/)) {
    const text = readFileSync(sheet, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, name] of text.matchAll(/\.([a-zA-Z][\w-]*)/g)) classes.set(name!, [...new Set([...(classes.get(name!) ?? []), sheet])]);
  }
  return classes;
}

/**
 * The class names written in a component's className attributes: a literal string's, and a template literal's text
 * with the strings inside its expressions (`btn ${current ? 'btn-secondary' : 'btn-primary'}`).
 */
function classNamesIn(source: string): string[] {
  const names: string[] = [];
  const words = (text: string) => text.match(/[a-zA-Z][\w-]*/g) ?? [];
  for (const [, value] of source.matchAll(/className=\{?\s*("[^"]*"|'[^']*'|`[^`]*`)/g)) {
    const text = value!.slice(1, -1);
    names.push(...words(text.replace(/\$\{[^}]*\}/g, ' ')));
    for (const [, inner] of text.matchAll(/\$\{([^}]*)\}/g)) for (const [, quoted] of inner!.matchAll(/'([^']*)'/g)) names.push(...words(quoted!));
  }
  return names;
}

describe('shared components', () => {
  it("are styled by shared style sheets, not by a feature's", () => {
    const classes = styledClasses();
    const problems: string[] = [];
    for (const file of filesUnder(APP, /\.tsx$/).filter((f) => !isFeature(f)))
      for (const name of new Set(classNamesIn(readFileSync(file, 'utf8')))) {
        // A state's modifier (is-selected, is-out) is styled with the class it modifies, which is checked itself.
        if (name.startsWith('is-')) continue;
        const sheets = classes.get(name);
        if (sheets !== undefined && sheets.every(isFeature))
          problems.push(`${relative(ROOT, file)}: .${name} is styled only in ${sheets.map((s) => relative(ROOT, s)).join(', ')}`);
      }
    expect(problems).toEqual([]);
  });

  it('are found by the check: a class styled only by a feature is named', () => {
    expect(classNamesIn("<p className={`field-hint ${over ? ' is-over' : ''}`}><b className=\"card-line\">")).toEqual(['field-hint', 'is-over', 'card-line']);
    const classes = styledClasses();
    expect(classes.get('checkout-place-button')?.every(isFeature)).toBe(true);
    expect(classes.get('checkout-choice')?.some((sheet) => !isFeature(sheet))).toBe(true);
  });
});
