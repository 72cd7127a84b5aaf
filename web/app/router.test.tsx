import { describe, expect, it } from 'vitest';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { buildRoutes, signedInHome } from './router';

const screen = (shell: FeatureRoute['shell'], path: string): FeatureRoute => ({ shell, path, element: null });

describe('route assembly', () => {
  it("places each feature's routes in its shell", () => {
    const [root] = buildRoutes([
      screen('auth', '/signin'),
      screen('signed-in', '/x'),
      screen('signed-in-bare', '/upload'),
    ]);
    const [auth, publicShell, adaptive, framed, bare, unknown] = root!.children!;
    expect(auth!.children!.map((route) => route.path)).toEqual(['/signin']);
    expect(publicShell!.children).toEqual([]);
    expect(adaptive!.children).toEqual([]);
    // Inside the members' frame, the first screen's wait has its own fallback, below the frame.
    const [screens] = framed!.children!;
    expect(screens!.hydrateFallbackElement).toBeTruthy();
    expect(screens!.children!.map((route) => route.path)).toEqual(['/x']);
    expect(bare!.children!.map((route) => route.path)).toEqual(['/upload']);
    expect(unknown!.path).toBe('*');
    // The shell name is not passed on to React Router.
    expect(auth!.children![0]).not.toHaveProperty('shell');
  });

  it("a member's home is the timeline once it exists, else the invitations screen", () => {
    expect(signedInHome([screen('signed-in', '/invitations')])).toEqual({
      to: '/invitations',
      label: 'app.notFound.toInvitations',
    });
    expect(signedInHome([screen('signed-in', '/invitations'), screen('signed-in', '/dashboard')])).toEqual({
      to: '/dashboard',
      label: 'app.notFound.backToTimeline',
    });
  });
});
