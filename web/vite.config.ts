import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
const contractsSource = fileURLToPath(new URL('../contracts/src/', import.meta.url));

/**
 * contracts/ only declares schemas, tables and rules: importing one of its modules changes nothing. Rolldown
 * cannot prove that of a module whose top level calls zod, so without this it keeps every schema the index
 * re-exports, used or not (about 15 KB gzipped of the entry chunk).
 */
const isContracts = (id: string): boolean => id.startsWith(contractsSource);

/**
 * antd's own components (@rc-component/*) do nothing on import either, but their packages do not say so
 * (no `sideEffects` field): antd's ContextIsolator takes FormProvider from @rc-component/form, and with it
 * the whole form package and async-validator came into every page's start-up (about 14 KB gzipped).
 */
const RC_COMPONENT = '/node_modules/@rc-component/';
const isRcComponent = (id: string): boolean => id.startsWith('@rc-component/') || id.includes(RC_COMPONENT);

/** Modules that `test` accepts (as imported or as resolved, and what they import relatively) have no side effects. */
function withoutSideEffects(name: string, test: (id: string) => boolean): Plugin {
  return {
    name: `dv:${name}-without-side-effects`,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!(importer !== undefined && test(importer)) && !test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && test(resolved.id) ? { ...resolved, moduleSideEffects: false } : resolved;
    },
  };
}

/**
 * antd's ConfigProvider imports the provider of its `tooltip.unique` option (one shared, moving tooltip), and with it
 * @rc-component/trigger's popup, motion, portal and resize observer, into every page's start-up (about 8 KB gzipped)
 * although it renders it only when that option is set. The app never sets it (app.tsx), so the module is replaced by
 * one that says so if someone does.
 */
const ANTD_TOOLTIP_UNIQUE = /\/node_modules\/antd\/es\/tooltip\/UniqueProvider\/index\.js$/;
function withoutTooltipUnique(): Plugin {
  return {
    name: 'dv:antd-without-tooltip-unique',
    apply: 'build',
    load(id) {
      if (!ANTD_TOOLTIP_UNIQUE.test(id)) return null;
      return "export default function UniqueProvider() { throw new Error(\"ConfigProvider's tooltip.unique is left out of the build: see web/vite.config.ts\"); }";
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // .vite/ holds the manifest, which the gateway never serves.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Writes x.br and x.gz beside every text asset of the build, at the highest levels (done once, not per request),
 * for the gateway to send as they are (@fastify/static preCompressed). A variant that is not smaller is left out.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dv:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        work.push(
          readFile(file).then(async (content) => {
            const variants = await Promise.all([
              brotli(content, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
            ]);
            const [br, gz] = variants;
            if (br.length < content.length) await writeFile(`${file}.br`, br);
            if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      }
      await Promise.all(work);
    },
  };
}

// The dev server runs on port 3000 (the developer tools drawer shows only there) and forwards the API and the
// socket to the gateway; production builds are served by the gateway itself.
export default defineConfig({
  plugins: [react(), withoutSideEffects('contracts', isContracts), withoutSideEffects('rc-component', isRcComponent), withoutTooltipUnique(), precompress()],
  resolve: {
    alias: {
      '@dv/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Maps are written for error tracking but not referenced from the bundles, and the gateway never serves them.
    sourcemap: 'hidden',
    // What bench/web.js reads to add up the JavaScript each route loads before it renders.
    manifest: true,
    // The entry chunk holds all the start-up code (below: ~590 KB minified, ~185 KB gzipped). What bounds it is the
    // 250 KB gzipped budget per route (bench/web.js, the browser suite's web-budget test), so Vite's 500 KB warning
    // is raised above it rather than printed on every build.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            /**
             * Everything the entry loads statically (rolldown's `$initial` tag: main.tsx and its static imports, which
             * every route loads before anything else) goes into the entry chunk. Left to automatic chunking, that code
             * was cut into ~37 chunks along the lines the lazy pages share it (antd's Button, Compact, the contracts'
             * schemas, icons, ...), and every new lazy page cut it further: each cut costs a request, gzip's start-up
             * (a small file compresses with no history), import/export glue and a name in `__vite__mapDeps`. Merged,
             * no route loads anything more (all of it is loaded by every route anyway); lazy pages import what they
             * share with it from the entry chunk instead, and new pages can no longer split it.
             * Measured (bench/web.js, gzip -9): the entry with its imports 198.0 -> 184.3 KB, every route ~13-15 KB
             * less; /verification 251.8 -> 236.7 KB, /verification/{id} 248.1 -> 232.2 KB.
             * Grouping the lazy pages' own shared antd code the same way (`entriesAware` with a merge threshold) was
             * tried and made /verification/{id} load code it does not use (+24 KB), so that is left to rolldown.
             */
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
