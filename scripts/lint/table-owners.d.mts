// Types for the tests that read the lint configuration's data (the rule module itself is plain JavaScript, as ESLint loads it).
/** Per file under apps/server/src (without `.ts`), the other areas whose tables it reads, and why. */
export const CROSS_AREA_READS: Record<string, Record<string, string>>;
export function tableOwnersPlugin(serverSrc: string): { rules: Record<string, unknown> };
