// The business's sign-in modes (email or phone; a chosen password or a one-time code) and whether it offers text
// notifications (account-and-session.md section 1), from the catalog.
import { signInModes, type SignInModes } from '../../../domain/forms/signInModes';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';

export function useSignInModes(): SignInModes {
  const catalog = useView(useViews().catalog);
  return signInModes(catalog?.catalog ?? {});
}

/** Whether the business offers text notifications (HasTextNotifications): only then is the opt-in asked. */
export function useOffersTexts(): boolean {
  const catalog = useView(useViews().catalog);
  return catalog?.catalog.HasTextNotifications === true;
}
