// The axe-core rules that can find a serious or critical violation: the only ones `seriousViolations` reports. A rule's
// impact is the highest of its checks' (axe's own metadata), so a rule whose checks are at most moderate (landmarks,
// region, heading order, ...) can never change what the tests see, and running it only costs time: about a sixth of
// every check, on two busy cores, across some 250 checks in the browser files. Rules axe leaves off by default (and its
// experimental ones, which naming a rule would turn on) stay off.
import { createRequire } from 'node:module';

const RANK: Readonly<Record<string, number>> = { minor: 1, moderate: 2, serious: 3, critical: 4 };

interface AxeCheck {
  readonly id?: string;
}
interface AxeRule {
  readonly id: string;
  readonly enabled?: boolean;
  readonly tags: readonly string[];
  readonly impact?: string;
  readonly any: readonly (string | AxeCheck)[];
  readonly all: readonly (string | AxeCheck)[];
  readonly none: readonly (string | AxeCheck)[];
}
interface AxeAudit {
  readonly rules: readonly AxeRule[];
  readonly checks: Readonly<Record<string, { readonly metadata?: { readonly impact?: string }; readonly impact?: string }>>;
}

/** Enabled rules whose checks can report a serious or critical violation, from the installed axe-core's metadata. */
export function seriousRuleIds(): readonly string[] {
  const axe = createRequire(import.meta.url)('axe-core') as { readonly _audit: AxeAudit };
  const { rules, checks } = axe._audit;
  const ids = rules
    // What axe runs by default: not the rules it leaves off, nor the experimental ones.
    .filter((rule) => rule.enabled !== false && !rule.tags.includes('experimental'))
    .filter((rule) => {
      const impacts = [...rule.any, ...rule.all, ...rule.none].map((check) => {
        const found = checks[typeof check === 'string' ? check : (check.id ?? '')];
        return found?.metadata?.impact ?? found?.impact;
      });
      return Math.max(RANK[rule.impact ?? ''] ?? 0, ...impacts.map((impact) => RANK[impact ?? ''] ?? 0)) >= RANK.serious!;
    })
    .map((rule) => rule.id);
  // axe's metadata is not its public API: an upgrade that moves it must fail here, not check nothing.
  for (const needed of ['color-contrast', 'button-name', 'label', 'aria-valid-attr-value', 'link-name']) {
    if (!ids.includes(needed))
      throw new Error(`axe-core ${String((axe as { version?: string }).version)}: no impact found for ${needed}; re-read seriousRuleIds`);
  }
  return ids;
}
