/* global window, document, matchMedia */
// Applies the saved colour theme (and the browser bar's colour) before the first paint
// (lib/theme.ts owns the key and keeps it applied afterwards). A classic script in <head>: the
// CSP allows no inline script, and a module would run only after the page has painted in the
// light theme.
(function () {
  var theme = 'system';
  try {
    theme = localStorage.getItem('theme') || 'system';
  } catch (e) {
    // Storage blocked: follow the system setting.
  }
  var dark =
    theme === 'dark' ||
    (theme !== 'light' &&
      !!window.matchMedia &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  // The browser's bar around the page in the same theme (lib/theme.ts THEME_COLORS).
  var bar = document.querySelector('meta[name="theme-color"]');
  if (bar) bar.setAttribute('content', dark ? '#0f172a' : '#4f46e5');
})();
