/**
 * Where to go after logging in: the guard's `redirect` query (SPEC §2), if it is a path on this
 * site. Anything else (another origin, `//evil.example`, `javascript:`) is ignored.
 */
export function safeRedirect(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  try {
    const url = new URL(target, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}
