import path from 'node:path';
import { build, type InlineConfig, type Plugin, type Rollup } from 'vite';

/**
 * Fewer, larger files for the signed-in first screen. Left to itself Rollup puts the modules that
 * several routes share into one chunk per set of routes, and it cannot merge them further because
 * MUI's modules run code at load (styled(...)), so a cold /home needed 38 files. A browser opens 6
 * connections to an HTTP/1.1 origin: the files queued behind each other (the last one arrived
 * ~600 ms into a cold load on localhost) and Lighthouse's simulated slow 4G pays a round trip per
 * queued file.
 *
 * This plugin first builds the app the default way (in memory) to learn which modules Rollup puts
 * in the chunks that the data layout, the shell and /home load, after tree-shaking, which a module
 * graph walk cannot tell through barrel files such as `@mui/material`'s index. The real build then
 * puts those modules in one `signed-in` chunk, and the entry chunk's modules, plus the few the
 * landing page shares with /home, in the entry. The route modules themselves stay in their own
 * small chunks, so each route keeps its lazy chunk and its key in Vite's manifest (the server
 * preloads a page's chunks from it). Other pages load `signed-in` too (they are behind the data
 * layout and the shell anyway) and keep their own page chunks; code loaded with `import()` from the
 * first screen (the chart, dialogs) stays out.
 *
 * The plain build runs in memory before the real one, so `npm run build` takes about twice as long.
 */
export interface FirstScreenOptions {
  /** The web package's root (where index.html is). */
  root: string;
  /** The route modules of the signed-in first screen (loaded with import()), relative to root. */
  firstScreen: string[];
  /** The landing page's route module, relative to root. */
  landing: string;
  /** The build config without this plugin: the plain build whose chunks are examined. */
  plainBuild: () => InlineConfig;
}

type Chunk = Rollup.OutputChunk;

/** Where the modules with no code left go (dropped from the output: nothing imports it). */
const EMPTY_CHUNK = 'tree-shaken';

/** Everything `start` reaches through `next`, itself included: the static closure of a chunk or module graph. */
function reachable<T>(start: Iterable<T>, next: (item: T) => Iterable<T>): Set<T> {
  const seen = new Set<T>();
  const stack = [...start];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (seen.has(item)) continue;
    seen.add(item);
    stack.push(...next(item));
  }
  return seen;
}

/**
 * Module id → chunk name for the real build: every module the plain build rendered is named, so
 * the chunks stay as the plain build made them except for the merge below. (Rollup moves any module
 * left unnamed into the named chunk that imports it first, through barrel files too: that once
 * pulled other pages' MUI components into the entry.)
 */
function planChunks(
  chunks: Chunk[],
  options: FirstScreenOptions,
  imports: ReadonlyMap<string, readonly string[]>,
): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = (file: string) => {
    const id = path.join(options.root, file);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`first-screen-chunks: no chunk holds ${file}`);
    return chunk;
  };
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('first-screen-chunks: the plain build has no entry chunk');
  const importedChunks = (chunk: Chunk) => chunk.imports.flatMap((file) => byFile.get(file) ?? []);
  const signedIn = reachable(options.firstScreen.map(chunkOf), importedChunks);
  const landing = reachable([chunkOf(options.landing)], importedChunks);
  // Rollup's merge of small chunks (experimentalMinChunkSize) may put modules that nothing on the
  // first screen imports, only later pages, into a chunk the first screen loads: it had put the
  // Learn page's lessons (11 KB) with MUI's List, and the icons page with the shell's icons. Those
  // modules keep their chunk's own name instead of joining signed-in. The walk over-counts through
  // barrel files (every module `@mui/material`'s index names), so it only narrows those chunks.
  const firstScreenModules = reachable(
    options.firstScreen.map((file) => path.join(options.root, file)),
    (id) => imports.get(id) ?? [],
  );

  const plan = new Map<string, string>();
  const names = new Set(['index', 'signed-in', EMPTY_CHUNK]);
  for (const chunk of chunks) {
    let name = chunk.name;
    for (let n = 2; names.has(name); n += 1) name = `${chunk.name}-${n}`;
    names.add(name);
    // Route modules (loaded with import()) keep a chunk of their own: see above.
    const route = chunk.isDynamicEntry ? chunk.facadeModuleId : null;
    let merged = name;
    if (chunk === entry) merged = 'index';
    // Shared with the landing page (logo, icon button, formatters: ~2 KB gzipped): in the entry,
    // which the landing page loads anyway, rather than files of their own on both pages.
    else if (signedIn.has(chunk)) merged = landing.has(chunk) ? 'index' : 'signed-in';
    for (const id of Object.keys(chunk.modules)) {
      const later = merged === 'signed-in' && !firstScreenModules.has(id);
      plan.set(id, id === route || later ? name : merged);
    }
  }
  return plan;
}

export function firstScreenChunks(options: FirstScreenOptions): Plugin {
  return {
    name: 'papertrade-first-screen-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The chunk of empty modules is imported by nothing (see below); dropped before Vite writes
      // the manifest, so it is neither a file nor a manifest entry.
      const empty = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === EMPTY_CHUNK);
      if (!empty) return;
      const used = Object.values(bundle).some(
        (c) =>
          c.type === 'chunk' &&
          (c.imports.includes(empty.fileName) || c.dynamicImports.includes(empty.fileName)),
      );
      if (used)
        this.warn(`${empty.fileName} is imported: a module with code was left out of the plan`);
      else delete bundle[empty.fileName];
    },
    async config() {
      const plain = options.plainBuild();
      const imports = new Map<string, readonly string[]>();
      const recordImports: Plugin = {
        name: 'papertrade-first-screen-imports',
        generateBundle() {
          for (const id of this.getModuleIds())
            imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
        },
      };
      const output = await build({
        ...plain,
        plugins: [...(plain.plugins ?? []), recordImports],
        configFile: false,
        logLevel: 'silent',
        build: { ...plain.build, write: false, manifest: false },
      });
      const outputs = Array.isArray(output) ? output : [output];
      const chunks = outputs.flatMap((o) =>
        'output' in o ? o.output.filter((item): item is Chunk => item.type === 'chunk') : [],
      );
      const plan = planChunks(chunks, options, imports);
      return {
        build: {
          rollupOptions: {
            output: {
              // A module in no chunk of the plain build has no code left after tree-shaking (a
              // package's re-export index, an unused component). Left unnamed, Rollup would put it
              // in the first named chunk reaching it, and its imports of modules with side effects
              // then made the entry import the signed-in chunk; in a chunk of its own it is inert.
              manualChunks: (id: string) => plan.get(id) ?? EMPTY_CHUNK,
              // The plan already holds the plain build's merges; merging again would move modules.
              experimentalMinChunkSize: 0,
            },
          },
        },
      };
    },
  };
}
