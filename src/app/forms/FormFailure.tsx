// What a refused or failed submit says, under the form's fields and read out at once; the form keeps what the shopper
// entered (useForm).

export function FormFailure({ failure }: { readonly failure: string | null | undefined }) {
  return failure ? (
    <p className="field-error" role="alert">
      {failure}
    </p>
  ) : null;
}
