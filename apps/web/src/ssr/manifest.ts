/** The parts of Vite's build manifest (`dist/.vite/manifest.json`) the storefront reads. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The script files a module needs before it runs: its chunk and every chunk it imports
 * statically, transitively (dynamic imports load later, on demand, so they are left out).
 */
export function scriptsOf(manifest: Manifest, sources: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  return [...files];
}

/** The source of a page's translations in one namespace, as the manifest names it. */
export function localeSource(language: string, namespace: string): string {
  return `src/locales/${language}/${namespace}.json`;
}
