import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in the server, type-only imports included. Lint's import-x/no-cycle
 * (eslint.config.js) skips `import type`, as a type-only cycle cannot leave a value undefined at
 * start-up; it still ties two modules together, so a type two modules share gets a file of its
 * own (users/stored-point.ts, features/trading/limit-order-row.ts).
 */
const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative module a source text imports or re-exports, type-only or not, as absolute paths. */
const IMPORT = /^(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms;
function importsIn(text: string, dir: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => path.resolve(dir, m[1] ?? ''));
}

/** The strongly connected components of more than one module (Tarjan): each holds a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(path.relative(src, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('server imports', () => {
  it('counts type-only imports and re-exports, and finds the cycle they make', () => {
    const a =
      "import type { B } from './b.ts';\nimport {\n  c,\n} from '../c.ts';\nexport type { D } from './d.ts';";
    expect(importsIn(a, '/x')).toEqual(['/x/b.ts', '/c.ts', '/x/d.ts']);
    const graph = new Map([
      ['/x/a.ts', ['/x/b.ts']],
      ['/x/b.ts', ['/x/a.ts']],
      ['/x/c.ts', ['/x/a.ts']],
    ]);
    expect(cycles(graph)).toEqual([[path.relative(src, '/x/a.ts'), path.relative(src, '/x/b.ts')]]);
  });

  it('form no cycle, type-only imports included', () => {
    const files = sourceFiles(src);
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => [
        file,
        importsIn(readFileSync(file, 'utf8'), path.dirname(file)).filter((to) => known.has(to)),
      ]),
    );
    // The graph is read, not empty: app.ts imports every feature.
    expect(graph.get(path.join(src, 'app.ts'))?.length).toBeGreaterThan(20);
    expect(cycles(graph)).toEqual([]);
  });
});
