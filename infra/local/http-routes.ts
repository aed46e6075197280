import type { HttpRouteDef } from '#functions/contract';

export interface CompiledRoute {
  def: HttpRouteDef;
  pattern: RegExp;
  params: string[];
  /** Per path segment: 0 literal, 1 `{param}`, 2 `{greedy+}`; lower sorts first. */
  rank: number[];
}

function compile(def: HttpRouteDef): CompiledRoute {
  const params: string[] = [];
  const source = def.path
    .replace(/[.*?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)(\+)?\}/g, (_m, name, greedy) => {
      params.push(name);
      return greedy ? '(.+)' : '([^/]+)';
    });
  const rank = def.path
    .split('/')
    .map((segment) => (/^\{\w+\+\}$/.test(segment) ? 2 : /^\{\w+\}$/.test(segment) ? 1 : 0));
  return { def, pattern: new RegExp(`^${source}$`), params, rank };
}

function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const difference = (a.rank[i] ?? -1) - (b.rank[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The manifest's routes, most specific first: like API Gateway, a literal segment wins over a `{param}`
 * in the same place (`/api/resume/import/json-resume` before `/api/resume/{id}/duplicate`), whatever
 * order the manifest lists them in.
 */
export function compileRoutes(defs: readonly HttpRouteDef[]): CompiledRoute[] {
  return defs.map(compile).sort(bySpecificity);
}

export interface RouteMatch {
  route: CompiledRoute;
  /** Raw (still percent-encoded) values of the path parameters, by name. */
  rawParams: Record<string, string>;
}

/** The most specific route for a method and path, or null (API Gateway answers 404 then). */
export function matchRoute(
  routes: readonly CompiledRoute[],
  method: string,
  path: string,
): RouteMatch | null {
  for (const route of routes) {
    if (route.def.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    return {
      route,
      rawParams: Object.fromEntries(route.params.map((name, i) => [name, match[i + 1] ?? ''])),
    };
  }
  return null;
}
