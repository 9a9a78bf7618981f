// The address-book contact XML of API document §2.5, as data: the sandbox validates `vcard`
// against it and the client can build a form from it.
interface VcardElementSpec {
  name: string;
  min: number;
  /** null: unbounded. */
  max: number | null;
  /** Regex source the text content must match. */
  pattern: string;
  attributes: readonly string[];
  doc: string;
}

export const VCARD = {
  namespace: 'platform:x:contact',
  root: 'contact',
  /** In document order. */
  elements: [
    { name: 'name', min: 1, max: 1, pattern: '^[\\s\\S]*$', attributes: [], doc: 'string' },
    { name: 'surname', min: 1, max: 1, pattern: '^[\\s\\S]*$', attributes: [], doc: 'string' },
    {
      name: 'phone',
      min: 0,
      max: null,
      pattern: '^[0-9]{1,19}$',
      attributes: ['type'],
      doc: 'long integer (digits of the number); optional attribute type',
    },
  ] satisfies VcardElementSpec[],
} as const;
