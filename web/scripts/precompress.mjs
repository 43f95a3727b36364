/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, which the
 * server sends to browsers that accept them (api/src/web.rs): compressed once at build time at
 * the highest settings instead of on every request.
 *   node scripts/precompress.mjs [dir]      (dir defaults to dist; `npm run build` runs it)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

const dir = process.argv[2] ?? 'dist';
let plain = 0;
let brotli = 0;
for (const path of files(dir)) {
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  plain += bytes.length;
  brotli += br.length;
}
console.log(`precompressed ${(plain / 1024).toFixed(0)} KiB of text to ${(brotli / 1024).toFixed(0)} KiB of brotli`);
