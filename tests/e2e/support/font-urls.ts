/**
 * Stand-in for frontend/src/features/preview/font-urls.ts in the test harness (esbuild has no
 * import.meta.glob): the harness server answers /fonts/<package path> with the very file from node_modules.
 */
export function fontUrl(file: string): string | undefined {
  return `/fonts/${file}`;
}
