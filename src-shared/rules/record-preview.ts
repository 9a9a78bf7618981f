// A delivery's gist for its list row: what arrived (the msg_type or the group event's type), from
// whom, and the start of what it says, so a person reads "text · ada · Hello" without opening the
// record. Computed when the row is built (toRow) from the classification and the data JSON, and
// kept short so a page of rows stays light on the wire. Tolerant: the journal may hold hand edits
// and data the platform leaves "not shown" (API document §6).
import type { DeliveryCapture, LogRow } from '../contract';

/** Characters of the content a row shows; the detail has the rest. */
export const PREVIEW_CHARS = 80;

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Loose) : undefined;
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

/** One line of at most PREVIEW_CHARS characters, an ellipsis where it was cut. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line;
}

function parse(json: string | null | undefined): Loose | undefined {
  if (!json) return undefined;
  try {
    return obj(JSON.parse(json));
  } catch {
    return undefined;
  }
}

/** The address-book contact's "Name Surname" from its vCard XML (API document §2.5). */
function vcardName(xml: string): string | undefined {
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]?.trim();
  const name = [tag('name'), tag('surname')].filter(Boolean).join(' ');
  return name || undefined;
}

/** What the message or event says, by its type. */
function contentOf(type: string, data: Loose | undefined): string | undefined {
  if (!data) return undefined;
  switch (type) {
    case 'text':
      return str(data.body);
    case 'sticker':
      return str(data.sticker_id) && `sticker ${String(data.sticker_id)}`;
    case 'location': {
      const place = str(data.description);
      if (place) return place;
      return typeof data.lat === 'number' && typeof data.lon === 'number'
        ? `${data.lat}, ${data.lon}`
        : undefined;
    }
    case 'contact':
      return str(data.vcard) && vcardName(String(data.vcard));
    default:
      // Media carry their file; group events their subject.
      return str(data.filename) ?? str(data.name) ?? str(data.subject) ?? str(data.body);
  }
}

/** The preview of a delivery, or undefined when its data says nothing a row could show. */
export function deliveryPreview(delivery: DeliveryCapture): LogRow['preview'] {
  const c = obj(delivery.classification);
  const type = str(c?.msgType) ?? str(c?.type);
  if (!type) return undefined;
  const from = str(c?.userId);
  const text = contentOf(type, obj(parse(delivery.form?.data)?.data));
  return {
    type,
    ...(from ? { from } : {}),
    ...(text ? { text: clip(text) } : {}),
  };
}
