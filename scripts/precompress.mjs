// Brotli and gzip twins of the built SPA's text files, written once at build time (issue 23): the server sends
// them as they are (`preCompressed` in src/server/http/web-assets.ts) instead of compressing per request.
// Used by scripts/build.mjs and the Lighthouse bench, which builds its own copy of the SPA.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** File types worth compressing: text. Images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file over 1 KB under `dir`, so the server
 * (`preCompressed` in src/server/http/web-assets.ts) sends them without compressing at request time.
 * A twin is kept only when smaller than the file. Returns the bytes before and after (brotli).
 */
export function precompress(dir) {
  let raw = 0;
  let brotli = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    if (!COMPRESSIBLE.test(file) || !fs.statSync(file).isFile()) continue;
    // The service worker is left to on-the-fly compression: browsers compare its bytes to detect a new
    // version, so it must never be served from a twin that could lag behind the file (e2e/pwa.spec.ts).
    if (path.basename(file) === 'sw.js') continue;
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    const br = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
    raw += content.length;
    brotli += Math.min(br.length, content.length);
  }
  return { raw, brotli };
}

// `node scripts/precompress.mjs <dir>`: the same for a copy of the SPA built elsewhere (the e2e build).
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/precompress.mjs <built web folder>');
    process.exit(2);
  }
  precompress(path.resolve(dir));
}
