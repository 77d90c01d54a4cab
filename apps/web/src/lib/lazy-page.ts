import { TIMEOUTS_MS } from '@portal/contract';
import { lazy, type ComponentType } from 'react';

/** A screen's chunk that failed or took longer than `TIMEOUTS_MS.chunkLoad`; the error screen offers a reload. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** One screen, one chunk: `lazyPage(() => import('./x'), (m) => m.X)`. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError()), TIMEOUTS_MS.chunkLoad);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { default: pick(module) };
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
    } finally {
      clearTimeout(timer);
    }
  });
}
