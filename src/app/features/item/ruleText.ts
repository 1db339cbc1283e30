// The line under a modifier list's heading that tells the shopper how many to pick (ordering.md section 5 names the
// limits, not the words): "Choose 1", "Choose up to 3", "Choose 1 to 4".
import type { ModifierListRule } from '../../../domain/items/modifierRules';

export function ruleText(rule: Pick<ModifierListRule, 'min' | 'max'>): string {
  if (rule.min === rule.max) return `Choose ${rule.max}`;
  if (rule.min === 0) return `Choose up to ${rule.max}`;
  return `Choose ${rule.min} to ${rule.max}`;
}
