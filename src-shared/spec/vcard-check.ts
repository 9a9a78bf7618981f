// Structural check of the contact XML of API document §2.5 against VCARD in the catalog:
// namespace, root, element order and counts, phone digits, allowed attributes. The sandbox and the
// composer both use it; it is left out of spec/index.ts so the renderer's import of the catalog does
// not pull in an XML parser.
import { DOMParser, type Element as XmlElement, type Node as XmlNode } from '@xmldom/xmldom';
import { VCARD } from './vcard';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_NODE = 4;
const COMMENT_NODE = 8;
const PI_NODE = 7;

function childNodes(node: XmlNode): XmlNode[] {
  const out: XmlNode[] = [];
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes.item(i);
    if (child) out.push(child);
  }
  return out;
}

function checkElement(el: XmlElement, spec: (typeof VCARD.elements)[number]): string | null {
  for (const child of childNodes(el)) {
    if (child.nodeType === ELEMENT_NODE) return `<${spec.name}> must hold text only.`;
  }
  const text = el.textContent ?? '';
  if (!new RegExp(spec.pattern).test(text))
    return `<${spec.name}> must be ${spec.doc} (got "${text.slice(0, 40)}").`;
  for (let i = 0; i < el.attributes.length; i++) {
    const attr = el.attributes.item(i);
    if (!attr || attr.name === 'xmlns' || attr.name.startsWith('xmlns:')) continue;
    if (!(spec.attributes as readonly string[]).includes(attr.name)) {
      return `<${spec.name}> does not take the attribute ${attr.name}.`;
    }
  }
  return null;
}

/** Parses XML, throwing at its first warning or error (xmldom would otherwise recover quietly). */
export function parseXmlStrictly(xml: string) {
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
}

/** Whether an element is the contact XML's root: <contact> in its namespace. */
export function isVcardRoot(el: XmlElement | null): el is XmlElement {
  return !!el && el.localName === VCARD.root && el.namespaceURI === VCARD.namespace;
}

/** null when the XML is a valid contact; otherwise what is wrong, for a person. */
export function vcardProblem(xml: string): string | null {
  if (/<!DOCTYPE/i.test(xml)) return 'a DOCTYPE is not allowed.';
  let doc;
  try {
    doc = parseXmlStrictly(xml);
  } catch (err) {
    return `not well-formed XML (${(err as Error).message.split('\n')[0]?.slice(0, 120)}).`;
  }
  const root = doc.documentElement;
  if (!root) return 'there is no root element.';
  if (!isVcardRoot(root)) {
    return `the root element must be <${VCARD.root}> in namespace ${VCARD.namespace}.`;
  }
  let index = 0;
  let count = 0;
  for (const child of childNodes(root)) {
    if (child.nodeType === COMMENT_NODE || child.nodeType === PI_NODE) continue;
    if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_NODE) {
      if ((child.nodeValue ?? '').trim() !== '')
        return `<${VCARD.root}> may hold elements only, not text.`;
      continue;
    }
    if (child.nodeType !== ELEMENT_NODE) return 'unexpected content in the contact.';
    const el = child as XmlElement;
    if (el.namespaceURI !== VCARD.namespace) {
      return `<${el.tagName}> is not in namespace ${VCARD.namespace}.`;
    }
    // Advance through the sequence until an element spec takes this name.
    while (index < VCARD.elements.length && VCARD.elements[index]?.name !== el.localName) {
      const spec = VCARD.elements[index];
      if (spec && count < spec.min)
        return `<${spec.name}> is missing (or out of order) before <${el.localName}>.`;
      index += 1;
      count = 0;
    }
    const spec = VCARD.elements[index];
    if (!spec) return `<${el.localName}> is not allowed here (order: name, surname, phone*).`;
    count += 1;
    if (spec.max !== null && count > spec.max) return `<${spec.name}> must occur exactly once.`;
    const problem = checkElement(el, spec);
    if (problem) return problem;
  }
  for (; index < VCARD.elements.length; index++) {
    const spec = VCARD.elements[index];
    if (spec && count < spec.min) return `<${spec.name}> is missing.`;
    count = 0;
  }
  return null;
}
