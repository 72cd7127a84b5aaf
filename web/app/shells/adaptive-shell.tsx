import { LoadingScreen } from '@web/components/loading-screen';
import { useAuth } from '../auth/auth-context';
import { PublicShell } from './public-shell';
import { SignedInShell } from './signed-in-shell';

/**
 * Unprotected screens members also reach (the public face, the privacy policy): their shell if signed
 * in, else the public one. "Loading" only while a returning member's session is checked.
 */
export function AdaptiveShell() {
  const { authenticated, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  return authenticated ? <SignedInShell /> : <PublicShell />;
}
