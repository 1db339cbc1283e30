/** The location picker modal (account-and-session.md section 2). */
export function LocationChooser(_props: { readonly open: boolean; readonly dismissible: boolean; readonly onClose: () => void }) {
  return null;
}
