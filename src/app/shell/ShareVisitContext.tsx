// 'Share this visit with support' from anywhere (the footer, a refused order, a declined card, a locked sign-in): the
// dialog the root provides (its code loads when first opened), and whether this tab is sharing already (a share
// kept in the tab's session storage resumes after a reload; src/app/runtime/visitShare.ts).
import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';

/** Where a tab keeps its share's code and upload secret (never in the log). */
export const SHARE_STORAGE_KEY = 'countertop.share';

export interface ShareVisitApi {
  readonly open: () => void;
}

const ShareVisitContext = createContext<ShareVisitApi>({ open: () => undefined });

export type ShareVisitDialogComponent = ComponentType<{ readonly open: boolean; readonly onClose: () => void }>;

export function ShareVisitProvider({ Dialog, children }: { readonly Dialog: ShareVisitDialogComponent; readonly children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted once asked for, then kept: the share goes on while the tab stays open, the dialog closed or not.
  const [wanted, setWanted] = useState(() => hasKeptShare());
  const show = useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ open: show }), [show]);
  return (
    <ShareVisitContext.Provider value={api}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <Dialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </ShareVisitContext.Provider>
  );
}

function hasKeptShare(): boolean {
  try {
    return window.sessionStorage.getItem(SHARE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function useShareVisit(): ShareVisitApi {
  return useContext(ShareVisitContext);
}
