// A URL that wraps only after a "/" (or before a "?", "&" or "#"), never inside a word: a line
// ending in "/h" with "ooks/sandbox" under it reads as two URLs. A part longer than the line still
// breaks, as a last resort, rather than spill out of its pane.
import { Fragment } from 'react';
import './breakable-url.css';

/** The URL cut where a line may end: after each "/", before each "?", "&" and "#". */
function urlParts(url: string): string[] {
  return url.split(/(?<=\/)(?!\/)|(?=[?&#])/).filter((part) => part !== '');
}

export function BreakableUrl({ url, className }: { url: string; className?: string }) {
  return (
    <span className={`breakable-url${className ? ` ${className}` : ''}`}>
      {urlParts(url).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
