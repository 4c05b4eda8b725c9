import type { HttpMethod } from './http-types';

/**
 * Routes as data (docs/architecture.md "Conventions"): one row per endpoint, read by the client,
 * the tests and anything that budgets requests. Names are camelCase of method + path.
 */

export type RouteAuth = 'public' | 'private';
export type EndpointText = `${HttpMethod} /${string}`;

export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  /** Relative request cost for client-side budgeting; 1 unless the exchange documents more or less. */
  readonly weight: number;
  /**
   * Set only on a signed multipart upload (Bybit P2P), which `call` refuses. Every other route's params
   * follow from its method: GET in the query, POST as the JSON body.
   */
  readonly multipart?: true;
}

export interface Route extends RouteSpec {
  readonly name: string;
}

function spec(endpoint: EndpointText, auth: RouteAuth, weight: number): RouteSpec {
  const [method, path] = endpoint.split(' ') as [HttpMethod, string];
  return { method, path, auth, weight };
}

/** A public (unsigned) route. */
export function pub(endpoint: EndpointText, weight = 1): RouteSpec {
  return spec(endpoint, 'public', weight);
}

/** A private (signed) route. */
export function priv(endpoint: EndpointText, weight = 1): RouteSpec {
  return spec(endpoint, 'private', weight);
}

/** A private multipart file upload (signed over the payload bytes). */
export function upload(endpoint: EndpointText, weight = 1): RouteSpec {
  return { ...spec(endpoint, 'private', weight), multipart: true };
}

export type NamedRoutes<T extends Record<string, RouteSpec>> = {
  readonly [K in keyof T]: T[K] & { readonly name: K };
};

export function nameRoutes<T extends Record<string, RouteSpec>>(table: T): NamedRoutes<T> {
  return Object.fromEntries(
    Object.entries(table).map(([name, route]) => [name, { ...route, name }]),
  ) as NamedRoutes<T>;
}

/** `"GET /api/v5/public/time"`: how errors name a route. */
export function describeRoute(route: RouteSpec): string {
  return `${route.method} ${route.path}`;
}
