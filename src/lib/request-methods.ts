/** Which HTTP methods the shop answers: the API's calls and CORS preflights under /api, reading and form posts on pages. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** The methods allowed on a path, for the `Allow` header of a 405. */
export function allowedMethods(pathname: string): readonly string[] {
  return isApiPath(pathname) ? API_METHODS : PAGE_METHODS;
}

/** Whether `method` is answered on `pathname`; anything else (TRACE, PROPFIND, ...) is a 405. */
export function isMethodAllowed(method: string, pathname: string): boolean {
  return allowedMethods(pathname).includes(method.toUpperCase());
}
