// What the item panel calls its variation group, in the shopper's words rather than the catalog's ('Variation').
// The item's own variation names tell what they are: when every one names a size ('Small (12 oz)', '16"', 'Side',
// '6 pieces'), the group is 'Size'; otherwise the panel cannot know (flavours, colours, kinds) and says 'Choose one'.

export type VariationGroupLabel = 'Size' | 'Choose one';

/** Size words, alone or before a measure: 'Small', 'Large (20 oz)', 'Extra Large'. */
const SIZE_WORD =
  /^(extra[ -]?)?(x{0,2}-?small|x{0,2}-?large|mini|small|medium|large|regular|tall|grande|venti|kids?|personal|family|party|half|whole|side|full|single|double|triple|xs|s|m|l|xl|xxl)\b/i;

/** A quantity with a unit: '12"', '10 wings', '6 pieces', '500 ml', '3-pack', 'Set of 5'. */
const MEASURE = /^(\d+(\.\d+)?\s*(["”″]|-?(in|inch|inches|cm|mm|oz|fl oz|ml|l|lb|lbs|g|kg|pc|pcs|piece|pieces|pack|ct|count|wings?|slices?)\b)|set of \d+\b)/i;

/** Whether a variation's name names a size. */
export function namesASize(name: string): boolean {
  const trimmed = name.trim();
  return SIZE_WORD.test(trimmed) || MEASURE.test(trimmed);
}

export function variationGroupLabel(variationNames: readonly string[]): VariationGroupLabel {
  return variationNames.length > 0 && variationNames.every(namesASize) ? 'Size' : 'Choose one';
}

/**
 * The variation's name as a line shows it beside its item's: nothing when the item's name already says it ('Cheese
 * Slice' with its variation 'Slice' is not 'Cheese Slice, Slice'), the name otherwise.
 */
export function variationShownWith(itemName: string, variationName: string): string {
  const variation = variationName.trim();
  if (variation === '') return '';
  const words = itemName.toLowerCase().split(/\s+/);
  const said = variation.toLowerCase().split(/\s+/);
  for (let start = 0; start + said.length <= words.length; start++) {
    if (said.every((word, i) => words[start + i] === word)) return '';
  }
  return variation;
}
