import { describe, expect, it } from '@jest/globals';
import { type HttpRouteDef, httpRoutes } from '#functions/contract';
import { compileRoutes, matchRoute } from './http-routes.ts';

const route = (method: HttpRouteDef['method'], path: string): HttpRouteDef => ({
  method,
  path,
  function: 'resumes',
  auth: 'user',
});

describe('local gateway route matching', () => {
  it('prefers a literal segment over a {param} in the same place, whatever the manifest order', () => {
    const routes = compileRoutes([
      route('POST', '/api/resume/{id}/duplicate'),
      route('POST', '/api/resume/{id}/{action}'),
      route('POST', '/api/resume/import/json-resume'),
      route('POST', '/api/resume/create/{userId}'),
    ]);

    const pick = (path: string) => matchRoute(routes, 'POST', path)?.route.def.path;

    expect(pick('/api/resume/import/json-resume')).toBe('/api/resume/import/json-resume');
    expect(pick('/api/resume/create/duplicate')).toBe('/api/resume/create/{userId}');
    expect(pick('/api/resume/abc/duplicate')).toBe('/api/resume/{id}/duplicate');
    expect(pick('/api/resume/abc/other')).toBe('/api/resume/{id}/{action}');
  });

  it('matches the method too, and returns the raw parameters by name', () => {
    const routes = compileRoutes([route('GET', '/api/photos/{photoId}'), route('POST', '/api/photos')]);

    expect(matchRoute(routes, 'POST', '/api/photos/x')).toBeNull();
    expect(matchRoute(routes, 'GET', '/api/photos/a%2Fb.png')?.rawParams).toEqual({ photoId: 'a%2Fb.png' });
  });

  it("routes the manifest's own overlapping paths the way API Gateway does", () => {
    const routes = compileRoutes(httpRoutes);
    const pick = (method: string, path: string) => {
      const found = matchRoute(routes, method, path);
      return found && `${found.route.def.method} ${found.route.def.path}`;
    };

    expect(pick('GET', '/api/resume/id/export')).toBe('GET /api/resume/id/{id}');
    expect(pick('POST', '/api/resume/create/duplicate')).toBe('POST /api/resume/create/{userId}');
    expect(pick('POST', '/api/resume/abc/duplicate')).toBe('POST /api/resume/{id}/duplicate');
  });
});
