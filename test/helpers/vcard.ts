// Contact XML for tests: the app builds its own from the composer's form (core/common/vcard-xml.ts).
import { VCARD } from '../../src-shared/spec';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A valid contact XML document of API document §2.5, to send in tests. */
export function buildVcard(contact: {
  name: string;
  surname: string;
  phones?: { number: string; type?: string }[];
}): string {
  const phones = (contact.phones ?? [])
    .map(
      (p) =>
        `<phone${p.type === undefined ? '' : ` type="${escapeXml(p.type)}"`}>${escapeXml(p.number)}</phone>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><contact xmlns="${VCARD.namespace}">` +
    `<name>${escapeXml(contact.name)}</name><surname>${escapeXml(contact.surname)}</surname>${phones}</contact>`
  );
}
