// Hearth: puts <html class="dark"> in place before the first paint, so a dark page never flashes
// white. The same rule as web/lib/theme.ts, which takes over once the app has loaded.
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('hearth.theme');
  } catch {
    // Storage refused (a private window): follow the system.
  }
  var systemDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var dark = choice === 'dark' || (choice !== 'light' && systemDark);
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#0f0d0c' : '#fafaf9');
})();
