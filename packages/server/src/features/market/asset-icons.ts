import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/app-error.ts';
import { ASSET_CATALOG } from '../../market/asset-catalog.ts';

const iconDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
  'svg',
  'color',
);
const catalogSymbols = new Set(ASSET_CATALOG.map((a) => a.symbol.toLowerCase()));
/** Read once: twenty small files, asked for by every screen that lists assets. */
const cache = new Map<string, Buffer>();

export function iconFile(symbol: string): string {
  return path.join(iconDir, `${symbol}.svg`);
}

const IconParams = z.object({ file: z.string().max(40) });

/** GET /icons/assets/<symbol>.svg: the asset images of the catalog, from cryptocurrency-icons. */
export function registerAssetIcons(app: FastifyInstance): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/icons/assets/:file',
      { schema: { tags: ['market'], summary: "An asset's icon (SVG)", params: IconParams } },
      async (request, reply) => {
        const match = /^([a-z0-9]+)\.svg$/.exec(request.params.file.toLowerCase());
        const symbol = match?.[1];
        if (!symbol || !catalogSymbols.has(symbol))
          throw notFound('ICON_NOT_FOUND', 'No icon for that asset');
        let svg = cache.get(symbol);
        if (!svg) {
          svg = readFileSync(iconFile(symbol));
          cache.set(symbol, svg);
        }
        // Icons never change for a given package version: let browsers keep them for a year.
        return reply
          .header('content-type', 'image/svg+xml')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );
}
