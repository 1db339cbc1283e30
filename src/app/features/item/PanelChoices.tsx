// The choice groups of the item panel: the variation radio group and one group per modifier list (ordering.md
// section 5 "Item panel" and "Modifier lists"). Everything shown comes from `panelView`; gestures go back up.
import { useId } from 'react';
import type { PanelView } from '../../../domain/items/itemPanel';
import { OPTION_OUT_OF_STOCK, VARIATION_REQUIRED } from '../../../domain/items/messages';
import { choicesOf, listSelectionError, type ModifierChoices } from '../../../domain/items/modifierRules';
import { variationGroupLabel } from '../../../domain/items/variationLabel';
import { formatMoney } from '../../../domain/money';
import { ruleText } from './ruleText';

function RequiredMark() {
  return (
    <>
      <span className="item-required" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden"> required</span>
    </>
  );
}

export function VariationGroup({
  view,
  currency,
  tried,
  onChoose,
}: {
  readonly view: PanelView;
  readonly currency: string;
  readonly tried: boolean;
  readonly onChoose: (variationId: string) => void;
}) {
  const id = useId();
  const error = view.errors.includes(VARIATION_REQUIRED) ? VARIATION_REQUIRED : undefined;
  const label = variationGroupLabel(view.variations.map(({ variation }) => variation.Name));
  return (
    <fieldset
      className="item-group"
      aria-describedby={`${id}-rule${error ? ` ${id}-error` : ''}`}
      data-needs={error ? 'true' : undefined}
      data-invalid={error && tried ? 'true' : undefined}
    >
      <legend className="item-group-legend">
        <span className="item-group-name">
          {label}
          <RequiredMark />
        </span>
        {/* 'Choose one' already says how many. */}
        <span className={`item-group-rule${label === 'Choose one' ? ' visually-hidden' : ''}`} id={`${id}-rule`}>
          Choose 1
        </span>
      </legend>
      {error ? (
        <p className={`item-error${tried ? '' : ' is-hint'}`} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div className="item-options">
        {view.variations.map(({ variation, checked, soldOut }) => (
          // A sold-out variation cannot be chosen (the spec is silent): choosing it could only end in a stock warning.
          <label key={variation.Id} className={`item-option${checked ? ' is-checked' : ''}${soldOut && !checked ? ' is-disabled' : ''}`}>
            <input
              type="radio"
              name={`${id}-variation`}
              value={variation.Id}
              checked={checked}
              disabled={soldOut && !checked}
              onChange={() => onChoose(variation.Id)}
            />
            <span className="item-option-name">{variation.Name}</span>
            {soldOut ? <span className="item-option-stock">{OPTION_OUT_OF_STOCK}</span> : null}
            <span className="item-option-price price">{formatMoney(variation.Price, currency)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ModifierGroup({
  entry,
  errors,
  tried,
  choices,
  currency,
  onToggle,
}: {
  readonly entry: PanelView['lists'][number];
  readonly errors: readonly string[];
  /** The shopper pressed the button while something was missing: what is missing shows as an error. */
  readonly tried: boolean;
  readonly choices: ModifierChoices;
  readonly currency: string;
  readonly onToggle: (listId: string, modifierId: string) => void;
}) {
  const id = useId();
  const { list, rule, options } = entry;
  const listId = list.list.Id;
  // The view lists every message; this list's own one is shown under its heading too (none in a Remove).
  const own = listSelectionError(rule, list, choicesOf(choices, listId));
  const error = own !== undefined && errors.includes(own) ? own : undefined;
  return (
    <fieldset
      className="item-group"
      aria-describedby={`${id}-rule${error ? ` ${id}-error` : ''}`}
      data-needs={error ? 'true' : undefined}
      data-invalid={error && tried ? 'true' : undefined}
    >
      <legend className="item-group-legend">
        <span className="item-group-name">
          {list.list.Name}
          {rule.required ? <RequiredMark /> : null}
        </span>
        <span className="item-group-rule" id={`${id}-rule`}>
          {ruleText(rule)}
        </span>
      </legend>
      {error ? (
        <p className={`item-error${tried ? '' : ' is-hint'}`} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div className="item-options">
        {options.map(({ modifier, state }) => (
          <label key={modifier.Id} className={`item-option${state.checked ? ' is-checked' : ''}${state.disabled ? ' is-disabled' : ''}`}>
            <input
              type={rule.control}
              name={`${id}-${listId}`}
              value={modifier.Id}
              checked={state.checked}
              disabled={state.disabled}
              onChange={() => onToggle(listId, modifier.Id)}
            />
            <span className="item-option-name">{modifier.Name}</span>
            {state.outOfStock ? <span className="item-option-stock">{OPTION_OUT_OF_STOCK}</span> : null}
            {modifier.Price !== 0 ? <span className="item-option-price price">+{formatMoney(modifier.Price, currency)}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
