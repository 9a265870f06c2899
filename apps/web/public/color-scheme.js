// Sets Mantine's color scheme attribute before the first paint, so dark-mode users see no white
// flash: the user's choice from the user menu (local storage, see app-providers.tsx), else the
// system setting. Kept as a file because the CSP forbids inline script.
(function () {
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('casedesk.color-scheme');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    scheme = 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
