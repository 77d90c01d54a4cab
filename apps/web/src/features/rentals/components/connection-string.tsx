import { Fragment } from 'react';

/**
 * A proxy address or credentials line that wraps between its parts (after "://", ":" and "@")
 * rather than inside a host name or port: `break-all` split "1080" over two lines. A part longer
 * than the whole line (a long password) still breaks, rather than overflowing the dialog.
 */
export function ConnectionString({ text, className }: { text: string; className?: string }) {
  // Each part ends at "://", ":" or "@" (the scheme's colon is part of its "://").
  const parts = (text.match(/.*?(?::\/\/|:|@|$)/g) ?? []).filter((part) => part !== '');
  return (
    <code className={`break-words ${className ?? ''}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </code>
  );
}
