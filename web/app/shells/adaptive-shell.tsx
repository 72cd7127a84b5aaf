import { useLocation } from 'react-router';
import { LoadingScreen } from '@web/components/loading-screen';
import { sendsMembersHome } from '@web/lib/auth-paths';
import { useAuth } from '../auth/auth-context';
import { PublicShell } from './public-shell';
import { SignedInShell } from './members-frame';

/**
 * Unprotected screens members also reach (the public face, the privacy policy): their shell if signed
 * in, else the public one. While a returning member's session is checked, their frame shows at once
 * with "Loading" inside; at / a member is on their way to the Timeline, so the frame keeps "Loading".
 */
export function AdaptiveShell() {
  const { authenticated, loading } = useAuth();
  const { pathname } = useLocation();
  if (loading || authenticated) {
    // One element either way, so the frame stays mounted when the check answers.
    const waiting = loading || sendsMembersHome(pathname);
    return <SignedInShell>{waiting ? <LoadingScreen /> : undefined}</SignedInShell>;
  }
  return <PublicShell />;
}
