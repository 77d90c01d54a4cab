interface ImportMetaEnv {
  /** The version of all translations in the built app (build/locale-chunks.ts); `dev` otherwise. */
  readonly LOCALE_VERSION: string;
}
