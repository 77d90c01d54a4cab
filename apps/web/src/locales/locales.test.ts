import { LANGUAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function namespaceOf(language: string): Map<string, Map<string, string>> {
  const result = new Map<string, Map<string, string>>();
  for (const [file, tree] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === language && match[2]) result.set(match[2], flatten(tree));
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** Brand and product names read the same in every language. */
const SAME_IN_EVERY_LANGUAGE = [
  /^common:brand$/,
  /^auth:login\.keyPlaceholder$/,
  // Arrows and placeholders only: the byte units inside come localised from Intl.
  /^rentals:history\.trafficValue$/,
  /^setupGuide:(chrome|firefox|edge)\.name$/,
  /^setupGuide:(android|ios)\.title$/,
  /^(antidetectGuide:tools|routerGuide:families)\.items\.\d+\.name$/,
];
const sameInEveryLanguage = (key: string) => SAME_IN_EVERY_LANGUAGE.some((pattern) => pattern.test(key));

const english = namespaceOf('en');

/** i18next's plural forms: `key_one`, `key_other`… differ by language, so keys compare without them. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: Map<string, string>) => [
  ...new Set([...keys.keys()].map((key) => key.replace(PLURAL_SUFFIX, ''))),
];

describe.each(LANGUAGES.filter((language) => language !== 'en'))('translations: %s', (language) => {
  const translated = namespaceOf(language);

  it('has exactly the namespaces and keys of English', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [namespace, keys] of english) {
      expect(baseKeys(translated.get(namespace) ?? new Map()).sort(), namespace).toEqual(baseKeys(keys).sort());
    }
  });

  it('has every plural form the language needs', () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [namespace, keys] of translated) {
      const plurals = new Set(
        [...keys.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
      );
      for (const base of plurals) {
        for (const category of categories)
          expect(keys.has(`${base}_${category}`), `${namespace}:${base}_${category}`).toBe(true);
      }
    }
  });

  it('fills every key, keeps the placeholders, and really translates', () => {
    let copied = 0;
    let total = 0;
    for (const [namespace, keys] of english) {
      for (const [key, englishText] of keys) {
        // A plural form English has but this language lacks (or the other way) is checked above.
        if (PLURAL_SUFFIX.test(key) && !translated.get(namespace)?.has(key)) continue;
        const text = translated.get(namespace)?.get(key) ?? '';
        expect(text.trim(), `${namespace}:${key}`).not.toBe('');
        expect(placeholders(text), `${namespace}:${key}`).toEqual(placeholders(englishText));
        if (sameInEveryLanguage(`${namespace}:${key}`)) continue;
        total += 1;
        if (text === englishText) copied += 1;
      }
    }
    expect(copied / total).toBeLessThan(0.1);
  });
});

it('English has every namespace the app declares', async () => {
  const { NAMESPACES } = await import('../lib/i18n');
  expect([...english.keys()].sort()).toEqual([...NAMESPACES].sort());
});
