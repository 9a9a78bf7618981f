// The address-book contact XML of API document §2.5, built with a real DOM (xmldom) so that
// escaping and namespaces are the XML library's job: root `contact` in namespace
// platform:x:contact, then name, surname and any number of phone elements, in that order, as
// VCARD in the catalog lists them.
import { xmldom } from './lazy-packages';
import type { ComposerVcard } from '../../../src-shared/contract';
import { VCARD } from '../../../src-shared/spec';

const elementName = (index: number): string => {
  const spec = VCARD.elements[index];
  if (!spec) throw new Error(`VCARD has no element ${index}`);
  return spec.name;
};

interface VcardPhone {
  number: string;
  type?: string | undefined;
}

export function buildVcardXml(contact: {
  name: string;
  surname: string;
  phones?: readonly VcardPhone[];
}): string {
  const { DOMImplementation, XMLSerializer } = xmldom();
  const doc = new DOMImplementation().createDocument(VCARD.namespace, VCARD.root, null);
  const root = doc.documentElement;
  if (!root) throw new Error('xmldom created no root element');
  const add = (name: string, text: string) => {
    const el = doc.createElementNS(VCARD.namespace, name);
    el.appendChild(doc.createTextNode(text));
    root.appendChild(el);
    return el;
  };
  add(elementName(0), contact.name);
  add(elementName(1), contact.surname);
  for (const phone of contact.phones ?? []) {
    const el = add(elementName(2), phone.number);
    // An empty type says nothing: leave the optional attribute out rather than send type="".
    if (phone.type !== undefined && phone.type !== '') el.setAttribute('type', phone.type);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>${new XMLSerializer().serializeToString(doc)}`;
}

/** What is wrong with the editor's content, per field, in words (before the XML is built). */
export function vcardEditorIssues(vcard: ComposerVcard): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const phonePattern = new RegExp(VCARD.elements[2]?.pattern ?? '^[0-9]+$');
  (vcard.phones ?? []).forEach((phone, i) => {
    if (!phonePattern.test(phone.number)) {
      issues.push({
        field: `vcard.phones.${i}.number`,
        message: `Phone ${i + 1} must be digits only (a long integer, API document §2.5): write "${phone.number.replace(/\D/g, '') || '4915112345678'}" without "+", spaces or dashes.`,
      });
    }
  });
  return issues;
}
