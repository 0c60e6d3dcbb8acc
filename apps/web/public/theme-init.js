/* global window, document, matchMedia */
// Applies the saved colour theme before the first paint (lib/theme.ts owns the key and keeps it
// applied afterwards). A classic script in <head>: the CSP allows no inline script, and a module
// would run only after the page has painted in the light theme.
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
})();
