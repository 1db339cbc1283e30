// The shopper's page at the shopper's width. The storefront's styles switch layouts by the window's width (@media
// (max-width: 600px) and the like), and in the console the window is the console's. So once the console has the
// storefront's styles, each width rule of theirs becomes the same rule asked of the replayed page's frame instead
// (@container replay (max-width: 600px)), in place, so the cascade keeps its order; the frame is laid out at the
// width the log recorded (DeviceSeen) and scaled to fit (ScaledFrame). The console's own rules (.support) stay
// @media. `containerCondition` is pure.

/** A media condition as a container condition, when it asks only about width; null when it asks anything else. */
export function containerCondition(media: string): string | null {
  const condition = media
    .trim()
    .replace(/^(only\s+)?(screen|all)\s+and\s+/i, '')
    .trim();
  if (!/^\(/.test(condition)) return null;
  // Every feature asked is a width: (min-width: x), (max-width: x), (width <= x), joined by and.
  const features = condition.split(/\)\s+and\s+\(/i);
  const width = /^\(?\s*((min-|max-)width\s*:\s*[\d.]+(px|rem|em)|width\s*(<=|>=|<|>)\s*[\d.]+(px|rem|em))\s*\)?$/i;
  return features.every((feature) => width.test(feature)) ? condition : null;
}

const moved = new WeakSet<CSSStyleSheet>();

/** The console's own rules, which stay with the console's window. */
const consoleOwn = (rule: CSSMediaRule) => [...rule.cssRules].some((inner) => inner instanceof CSSStyleRule && inner.selectorText.includes('.support'));

/** Moves the width rules of every stylesheet not moved yet onto the replayed page's frame. */
export function askWidthOfTheFrame(doc: Document = document): void {
  for (const sheet of [...doc.styleSheets]) {
    if (moved.has(sheet)) continue;
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet: not the storefront's
    }
    moved.add(sheet);
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i];
      if (!(rule instanceof CSSMediaRule) || consoleOwn(rule)) continue;
      const condition = containerCondition(rule.conditionText);
      if (condition === null) continue;
      const inner = [...rule.cssRules].map((r) => r.cssText).join('\n');
      try {
        sheet.insertRule(`@container replay ${condition} {\n${inner}\n}`, i);
        sheet.deleteRule(i + 1);
      } catch {
        // A rule the browser will not take as a container rule stays as it was.
      }
    }
  }
}
