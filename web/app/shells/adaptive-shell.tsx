import { useAuth } from '../auth/auth-context';
import { PublicShell } from './public-shell';
import { SignedInShell } from './signed-in-shell';

/** Unprotected screens members also reach (the privacy policy): their shell if signed in, else the public one. */
export function AdaptiveShell() {
  const { authenticated } = useAuth();
  return authenticated ? <SignedInShell /> : <PublicShell />;
}
