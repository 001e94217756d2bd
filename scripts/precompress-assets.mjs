// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** Text assets worth compressing; fonts and images already are. */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 1024;

/**
 * Every file under `dir`, recursively.
 * @param {string} dir
 * @returns {string[]}
 */
export function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Astro integration: after a build, writes a brotli (.br, best quality) and a gzip (.gz) copy next to
 * every text asset of the client folder, so the server sends compressed bytes without compressing.
 * @returns {import('astro').AstroIntegration}
 */
export default function precompressAssets() {
  return {
    name: 'precompress-assets',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let count = 0;
        for (const file of filesUnder(root)) {
          if (!PRECOMPRESSED_EXTENSIONS.has(path.extname(file))) continue;
          const body = fs.readFileSync(file);
          if (body.length < MIN_BYTES) continue;
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(body, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
          );
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
          count += 1;
        }
        logger.info(`${count} assets precompressed (brotli, gzip)`);
      },
    },
  };
}
