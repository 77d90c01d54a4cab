/**
 * react-i18next imports `use-sync-external-store/shim`, a copy for React 17 and older; on React
 * 19 the shim only adds bytes to the public pages' first scripts, so vite.config.ts
 * points that import here, at React's own hook.
 */
export { useSyncExternalStore } from 'react';
