/**
 * Spec section 2: the feed's previous and next buttons are hidden inside a mobile app's web view,
 * where the app offers its own navigation. Recognised by the bridge a React Native shell injects,
 * or by the "; wv)" mark of Android's WebView.
 */
export function isInAppWebView(win: Window = window): boolean {
  if ('ReactNativeWebView' in win) return true;
  return /; wv\)/.test(win.navigator.userAgent);
}
