import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The repository's import graph, for architecture checks that run as tests (feature walls in the SPA, layers
 * in functions/). Files are parsed with the TypeScript compiler, so imports in comments and strings are not
 * taken for real ones; specifiers are resolved like the bundler and tsc resolve them here (relative paths
 * with or without an extension, and package.json's `imports` aliases such as `#shared/*`). Packages are not
 * resolved: their edges keep the specifier and have no target file.
 */

/** How a file refers to another. `mock` is a test's `jest.mock`/`jest.unstable_mockModule` of a module. */
export type ImportKind = 'import' | 'export' | 'dynamic' | 'require' | 'mock';

export interface ImportEdge {
  /** The importing file, relative to the root, with forward slashes. */
  from: string;
  /** The imported file, relative to the root; null for a package (or a path that does not exist). */
  to: string | null;
  specifier: string;
  kind: ImportKind;
  /** Erased at compile time (`import type`, `export type`, or every name marked `type`). */
  typeOnly: boolean;
  /** 1-based line of the specifier in `from`. */
  line: number;
}

export interface ImportGraph {
  /** Every parsed file, relative to the root. */
  files: string[];
  edges: ImportEdge[];
}

export interface ImportGraphOptions {
  /** The repository root: paths in the graph are relative to it. */
  root: string;
  /** Folders (relative to the root) whose files are parsed. */
  include: string[];
  /** Parse only files with these extensions. Default: .ts, .tsx, .js, .mjs, .jsx. */
  extensions?: string[];
  /** Skip files or folders whose root-relative path matches (node_modules is always skipped). */
  exclude?: (path: string) => boolean;
  /** Aliases as in package.json `imports` (`{ "#shared/*": "./shared/*.ts" }`); default: root package.json's. */
  aliases?: Record<string, string>;
}

const defaultExtensions = ['.ts', '.tsx', '.js', '.mjs', '.jsx'];
// What a specifier without an extension may mean, in the order tsc's bundler resolution tries.
const implicitSuffixes = ['', '.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx', '/index.js'];

const toPosix = (path: string) => path.split(sep).join('/');

function listFiles(root: string, folder: string, extensions: string[], exclude: (p: string) => boolean) {
  const found: string[] = [];
  const walk = (absolute: string) => {
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      const path = join(absolute, entry.name);
      const rel = toPosix(relative(root, path));
      if (entry.name === 'node_modules' || exclude(rel)) continue;
      if (entry.isDirectory()) walk(path);
      else if (extensions.includes(extname(entry.name))) found.push(rel);
    }
  };
  walk(join(root, folder));
  return found.sort();
}

function packageAliases(root: string): Record<string, string> {
  const manifest = join(root, 'package.json');
  if (!existsSync(manifest)) return {};
  const imports = (JSON.parse(readFileSync(manifest, 'utf8')) as { imports?: Record<string, unknown> })
    .imports;
  return Object.fromEntries(
    Object.entries(imports ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A specifier as it appears in the source, with how it is used. */
export interface ParsedImport {
  specifier: string;
  kind: ImportKind;
  typeOnly: boolean;
  line: number;
}

/** The module specifiers a file's source names: static, re-exports, `import()`, `require()` and jest mocks. */
export function parseImports(source: string, fileName = 'file.tsx'): ParsedImport[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const found: ParsedImport[] = [];
  const add = (literal: ts.Node, kind: ImportKind, typeOnly: boolean) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const line = file.getLineAndCharacterOfPosition(literal.getStart(file)).line + 1;
    found.push({ specifier: literal.text, kind, typeOnly, line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, 'import', importIsTypeOnly(node));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, 'export', exportIsTypeOnly(node));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, 'require', node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, 'import', true);
    } else if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], 'dynamic', false);
      else if (ts.isIdentifier(callee) && callee.text === 'require') add(node.arguments[0], 'require', false);
      else if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'jest' &&
        ['mock', 'unstable_mockModule', 'doMock'].includes(callee.name.text)
      )
        add(node.arguments[0], 'mock', false);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function scriptKind(fileName: string) {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Every name listed, and at least one, is marked `type` (`import { type A, type B }`). */
const everyNameTypeOnly = (elements: readonly { isTypeOnly: boolean }[]) =>
  elements.length > 0 && elements.every((element) => element.isTypeOnly);

function importIsTypeOnly(node: ts.ImportDeclaration) {
  const clause = node.importClause;
  if (!clause) return false; // `import './side-effect.css'`
  if (clause.isTypeOnly) return true;
  if (clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) return false;
  return everyNameTypeOnly(clause.namedBindings.elements);
}

function exportIsTypeOnly(node: ts.ExportDeclaration) {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && everyNameTypeOnly(clause.elements);
}

/**
 * The root-relative file a specifier names from `from` (root-relative), or null for a package or a path that
 * does not exist.
 */
export function resolveSpecifier(
  root: string,
  from: string,
  specifier: string,
  aliases: Record<string, string> = packageAliases(root),
): string | null {
  let target: string | null = null;
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    target = resolve(root, dirname(from), specifier);
  } else if (specifier.startsWith('/')) {
    target = specifier;
  } else {
    for (const [pattern, replacement] of Object.entries(aliases)) {
      const star = pattern.indexOf('*');
      if (star < 0) {
        if (specifier === pattern) target = resolve(root, replacement);
      } else {
        const prefix = pattern.slice(0, star);
        const suffix = pattern.slice(star + 1);
        if (
          specifier.startsWith(prefix) &&
          specifier.endsWith(suffix) &&
          specifier.length >= pattern.length - 1
        ) {
          const matched = specifier.slice(prefix.length, specifier.length - suffix.length);
          target = resolve(root, replacement.replace('*', matched));
        }
      }
      if (target) break;
    }
  }
  if (!target) return null;
  for (const suffix of implicitSuffixes) {
    const candidate = target + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return toPosix(relative(root, candidate));
  }
  return null;
}

/** Parse every file under the included folders and resolve what each imports. */
export function buildImportGraph(options: ImportGraphOptions): ImportGraph {
  const { root } = options;
  const extensions = options.extensions ?? defaultExtensions;
  const exclude = options.exclude ?? (() => false);
  const aliases = options.aliases ?? packageAliases(root);
  const files = options.include.flatMap((folder) => listFiles(root, folder, extensions, exclude));
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const parsed of parseImports(readFileSync(join(root, from), 'utf8'), from)) {
      edges.push({ from, to: resolveSpecifier(root, from, parsed.specifier, aliases), ...parsed });
    }
  }
  return { files, edges };
}

/**
 * The import cycles among the given edges: each strongly connected group of two or more nodes, as the sorted
 * list of its nodes. `node` maps a file to the unit compared (the file itself by default, or, say, its feature
 * folder); edges whose ends map to null are left out, and so are those within one unit (a file importing
 * itself, two files of one feature).
 */
export function findCycles(
  edges: readonly ImportEdge[],
  node: (file: string) => string | null = (file) => file,
): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (edge.to === null) continue;
    const a = node(edge.from);
    const b = node(edge.to);
    if (a === null || b === null || a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    next.get(a)?.add(b);
  }
  // Tarjan's algorithm, iterative so a long chain of imports cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { id: string; targets: Iterator<string> }[] = [];
    const enter = (id: string) => {
      index.set(id, counter);
      low.set(id, counter);
      counter += 1;
      stack.push(id);
      onStack.add(id);
      work.push({ id, targets: (next.get(id) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { id: string; targets: Iterator<string> };
      const step = frame.targets.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target))
          low.set(frame.id, Math.min(low.get(frame.id) as number, index.get(target) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id) as number, low.get(frame.id) as number));
      if (low.get(frame.id) === index.get(frame.id)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.id);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  }
  return groups;
}
