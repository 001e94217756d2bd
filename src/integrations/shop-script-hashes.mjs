// @ts-check
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

/** The file beside the server build holding the hashes (read by src/server/security-headers.ts). */
const SHOP_SCRIPT_HASHES_FILE = 'shop-script-hashes.json';

const sha256 = (/** @type {string} */ text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The Content-Security-Policy's hashes of the inline scripts Astro writes into pages, taken from the build itself:
 * the island runtime, every client directive (the shop's `client:interaction` included) and every component script
 * small enough to be inlined. Written beside the server build, so the policy allows exactly what this build emits.
 *
 * @returns {import('astro').AstroIntegration}
 */
export default function shopScriptHashes() {
  /** @type {URL | null} */
  let serverDir = null;
  return {
    name: 'storefront-script-hashes',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:ssr': ({ manifest }) => {
        const scripts = [
          islandScript,
          ...manifest.clientDirectives.map(([, script]) => script),
          ...manifest.inlinedScripts.map(([, script]) => script),
        ];
        const hashes = [...new Set(scripts.filter(Boolean).map(sha256))].sort();
        if (serverDir) writeFileSync(new URL(SHOP_SCRIPT_HASHES_FILE, serverDir), `${JSON.stringify({ scriptHashes: hashes })}\n`);
      },
    },
  };
}
