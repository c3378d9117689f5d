/** The route: the page on show, owned by the core (wouter reads it). */
export interface RouteState {
  path: string;
  search: string;
  replace: boolean;
  seq: number;
  redirectAfterLogin: string;
}

export function initialRoute(path: string): RouteState {
  return { path, search: '', replace: false, seq: 0, redirectAfterLogin: '/missions' };
}
