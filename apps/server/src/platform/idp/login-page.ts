const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The embedded provider's sign-in page: plain HTML, no script, styles from /interaction/login.css (strict CSP).
 * Only demo mode names the demo accounts' password; a firm's server has no such accounts.
 */
export function renderLoginPage(options: { uid: string; email?: string; error?: string; demo: boolean }): string {
  const hint = options.demo
    ? '<p class="hint">Demo mode: the demo accounts use the password <code>casedesk</code>.</p>\n'
    : '';
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Casedesk</title>
<link rel="stylesheet" href="/interaction/login.css">
</head>
<body>
<main class="card">
<h1>Casedesk</h1>
<p class="lead">Sign in with your firm account.</p>
${error}
<form method="post" action="/interaction/${escapeHtml(options.uid)}/login" autocomplete="on">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autofocus autocomplete="username" value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button>
</form>
${hint}</main>
</body>
</html>`;
}

export const LOGIN_CSS = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: light-dark(#f1f3f5, #1a1b1e); }
.card { width: min(380px, calc(100vw - 32px)); padding: 32px; border-radius: 8px; background: light-dark(#fff, #25262b);
  box-shadow: 0 1px 3px rgba(0,0,0,.08), 0 8px 24px rgba(0,0,0,.08); }
h1 { margin: 0 0 4px; font-size: 24px; color: light-dark(#1c7ed6, #74c0fc); }
.lead { margin: 0 0 20px; color: light-dark(#495057, #c1c2c5); }
form { display: grid; gap: 6px; }
label { font-size: 14px; font-weight: 600; margin-top: 8px; }
input { font: inherit; padding: 8px 10px; border: 1px solid light-dark(#ced4da, #373a40); border-radius: 4px;
  background: light-dark(#fff, #1a1b1e); color: inherit; }
input:focus { outline: 2px solid #339af0; outline-offset: 0; }
button { margin-top: 18px; font: inherit; font-weight: 600; padding: 10px; border: 0; border-radius: 4px;
  background: #1c7ed6; color: #fff; cursor: pointer; }
button:hover { background: #1971c2; }
.error { margin: 0 0 8px; padding: 8px 10px; border-radius: 4px; background: light-dark(#fff5f5, #3b1f1f); color: #e03131; }
.hint { margin: 20px 0 0; font-size: 12px; color: light-dark(#868e96, #909296); }
`;
