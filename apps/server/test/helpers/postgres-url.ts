/** The same server, another database: TEST_DATABASE_URL names the server (and its admin db). */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export function adminUrl(base: string): string {
  const url = new URL(base);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/postgres';
  return url.toString();
}
