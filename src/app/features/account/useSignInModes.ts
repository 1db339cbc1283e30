// The business's sign-in modes (email or phone; a chosen password or a one-time code), from the catalog.
import { signInModes, type SignInModes } from '../../../domain/forms/signInModes';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';

export function useSignInModes(): SignInModes {
  const catalog = useView(useViews().catalog);
  return signInModes(catalog?.catalog ?? {});
}
