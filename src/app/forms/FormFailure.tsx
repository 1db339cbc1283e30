// What a refused or failed submit says, under the form's fields and read out at once; the form keeps what the shopper
// entered (useForm).

export function FormFailure({ failure }: { readonly failure: string | null | undefined }) {
  return failure ? (
    <p className="field-error" role="alert">
      {failure}
    </p>
  ) : null;
}

/** A submit waiting for the network (useForm's `waitsForNetwork`): said plainly, not as an error. */
export function FormWaiting({ words }: { readonly words: string | null }) {
  return words ? (
    <p className="notice notice-info" role="status">
      {words}
    </p>
  ) : null;
}
