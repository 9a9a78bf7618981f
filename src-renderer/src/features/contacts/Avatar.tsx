// A contact's avatar: the image at its URL, or its initials when there is none or it fails to load.
import { useState } from 'react';

export function Avatar({ url, name }: { url: string; name: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => [...w][0]?.toUpperCase() ?? '')
      .join('') || '?';
  if (url && broken !== url) {
    return (
      <img
        className="contact-avatar"
        src={url}
        alt={`Avatar of ${name}`}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setBroken(url)}
      />
    );
  }
  return (
    <span
      className="contact-avatar contact-avatar-initials"
      role="img"
      aria-label={url ? `Avatar of ${name} (the image did not load)` : `No avatar for ${name}`}
      title={url ? `The image at ${url} did not load` : undefined}
    >
      {initials}
    </span>
  );
}
