import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`apps/server`), found from wherever this code runs: its sources
 * under `src/` (development, tests) or the single compiled file under `dist/` (`npm start`).
 */
function serverRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('the server package (its drizzle folder) was not found');
  }
}

export const SERVER_ROOT = serverRoot();
