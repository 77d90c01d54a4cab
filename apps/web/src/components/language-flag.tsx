import type { Language } from '@portal/contract';
import { CN, ES, FR, GB, IN, RU } from 'country-flag-icons/react/3x2';

/** Named imports keep only these six flags in the bundle, not the whole set. */
const FLAGS: Record<Language, typeof GB> = {
  en: GB,
  ru: RU,
  hi: IN,
  es: ES,
  fr: FR,
  'zh-CN': CN,
};

export function LanguageFlag({ language, className }: { language: Language; className?: string }) {
  const Flag = FLAGS[language];
  return <Flag aria-hidden className={className ?? 'h-4 w-6 rounded-sm shadow-sm'} />;
}
