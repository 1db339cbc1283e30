// The manifest's one guard (parts.ts, `guard: 'signedIn'`): account pages are for signed-in shoppers; a signed-out
// visitor goes to / (account-and-session.md section 2).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useStateSlice } from '../hooks/useStateSlice';

export function RequireSignedIn({ children }: { readonly children: ReactNode }) {
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  return signedIn ? <>{children}</> : <Navigate to="/" replace />;
}
