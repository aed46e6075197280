import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

/**
 * Node runs the local cloud's TypeScript by stripping types, which cannot handle JSX: the templates in
 * shared/templates are .tsx because the preview and the PDF worker render the same components. This hook
 * compiles .tsx files with esbuild as Node loads them (the deployed bundle gets the same transform from the
 * CDK's esbuild), so the local cloud runs the worker's code as it is. Import it before anything loads .tsx.
 */
registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    const path = fileURLToPath(url);
    const { code } = transformSync(readFileSync(path, 'utf8'), {
      loader: 'tsx',
      jsx: 'automatic',
      format: 'esm',
      target: 'node24',
      sourcefile: path,
      sourcemap: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
