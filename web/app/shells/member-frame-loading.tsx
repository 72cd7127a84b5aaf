import { LoadingScreen } from '@web/components/loading-screen';
import { useAuth } from '../auth/auth-context';
import { SignedInShell } from './members-frame';

/**
 * What a browser that was signed in sees while its session is checked: the members' frame at once,
 * with "Loading" where the screen will be. It shows nothing of the member until the server answers.
 */
export function MemberFrameLoading() {
  return (
    <SignedInShell>
      <LoadingScreen />
    </SignedInShell>
  );
}

/**
 * A shell route's fallback while the first screen's code loads: the members' frame for a member (or
 * a browser that was signed in), else "Loading" alone.
 */
export function FirstScreenFallback() {
  const { authenticated, memberExpected } = useAuth();
  return authenticated || memberExpected ? <MemberFrameLoading /> : <LoadingScreen />;
}
