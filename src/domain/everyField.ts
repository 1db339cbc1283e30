// For objects written out field by field rather than spread (the bag, a bag line, the checkout: one shape for the
// engine, see bagWithKey): the literal must name every field of the type, optional ones too, so a field added to the
// type later is a type error there instead of being dropped from every copy without a word.

export type EveryField<T> = { readonly [K in keyof Required<T>]: T[K] };
