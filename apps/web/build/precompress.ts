import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { afterClientBuild } from './after-client-build';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml)$/;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the client build, at the
 * strongest settings, once: the server sends them as they are (@fastify/static `preCompressed`),
 * so no request pays for compression. A form that would not be smaller is not written.
 */
export function precompress(): Plugin {
  return afterClientBuild('portal:precompress', ({ outDir }) => {
    for (const file of filesUnder(outDir).filter((name) => COMPRESSIBLE.test(name))) {
      const content = fs.readFileSync(file);
      const br = zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
      if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
      if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
    }
  });
}
