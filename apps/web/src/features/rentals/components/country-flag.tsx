import { useState } from 'react';

/** URLs of the flag files (3:2); the files themselves load only when a flag is shown. */
const FLAG_URLS = import.meta.glob<string>('../../../../../../node_modules/country-flag-icons/3x2/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

function flagUrl(code: string): string | undefined {
  return FLAG_URLS[`../../../../../../node_modules/country-flag-icons/3x2/${code.toUpperCase()}.svg`];
}

/** A country's flag; one that fails to load hides itself silently. */
export function CountryFlag({ code }: { code: string }) {
  const [failed, setFailed] = useState(false);
  const url = flagUrl(code);
  if (!url || failed) return null;
  return (
    <img
      src={url}
      alt=""
      aria-hidden
      width={20}
      height={14}
      className="inline-block h-3.5 w-5 rounded-sm"
      onError={() => setFailed(true)}
    />
  );
}
