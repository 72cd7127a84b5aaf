// Hearth: starts the first calls of a member's timeline or post page while the page's code is still
// on its way (docs/decisions/062-first-calls-from-the-page-head.md). On a phone's network the code,
// then the session and the screen's data, then its photos would each wait for the one before; here
// the screen's code, the session check and the screen's data leave with the page itself. The app's API client
// (web/lib/first-calls.ts) takes each answer once instead of asking again. The screens are those
// web/app/first-screen.ts starts; an answer nobody takes within ten seconds is dropped there.
(function () {
  var path = window.location.pathname;
  var returning = false;
  try {
    returning = window.localStorage.getItem('hearthSignedIn') === '1';
  } catch {
    // Storage refused (a private window): only the members' own addresses start their calls.
  }
  var post =
    /^\/post\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/photo\/[0-9]+)?$/i.exec(
      path,
    );
  // The chunks of each screen's code, written in by the build (vite.config.ts, firstScreenCode).
  var code = /* hearth:first-screen-code */ {};
  var urls;
  var screen;
  if (post) {
    urls = ['/api/auth', '/api/posts/' + post[1]];
    screen = 'post';
  } else if (path === '/dashboard' || (returning && (path === '/' || path === '/signin'))) {
    urls = ['/api/auth', '/api/posts'];
    screen = 'timeline';
  } else return;
  (code[screen] || []).forEach(function (file) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.appendChild(link);
  });
  if (typeof window.fetch !== 'function') return;
  var calls = {};
  urls.forEach(function (url) {
    var call = window.fetch(url, {
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    // A failure is the app's to report when it takes the answer; none goes unhandled here.
    call.catch(function () {});
    calls[url] = call;
  });
  window.__hearthFirstCalls = { at: Date.now(), calls: calls };
})();
