// The contact XML of API document §2.5 as the composer builds it: parsed back, it has the
// namespace, the root, name and surname once each in that order, then the phones with their
// optional type; the sandbox's own check accepts it; the editor's fields come back from it.
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { parseVcard } from '../../../../src-main/core/composer/from-record';
import { buildVcardXml } from '../../../../src-main/core/common/vcard-xml';
import { vcardProblemForTests } from './spec-helpers';

const NS = 'platform:x:contact';

function elementsOf(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement!;
  const children = Array.from(root.childNodes).filter((n) => n.nodeType === 1) as unknown as {
    localName: string;
    namespaceURI: string;
    textContent: string;
    getAttribute(n: string): string | null;
    hasAttribute(n: string): boolean;
  }[];
  return { root, children };
}

describe('vCard XML (2.5)', () => {
  it('root contact in platform:x:contact; name, surname, phones in order', () => {
    const xml = buildVcardXml({
      name: 'Ada',
      surname: 'Lovelace',
      phones: [{ number: '4915112345678', type: 'mobile' }, { number: '302012345' }],
    });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const { root, children } = elementsOf(xml);
    expect(root.localName).toBe('contact');
    expect(root.namespaceURI).toBe(NS);
    expect(children.map((c) => c.localName)).toEqual(['name', 'surname', 'phone', 'phone']);
    expect(children.every((c) => c.namespaceURI === NS)).toBe(true);
    expect(children.map((c) => c.textContent)).toEqual([
      'Ada',
      'Lovelace',
      '4915112345678',
      '302012345',
    ]);
    expect(children[2]?.getAttribute('type')).toBe('mobile');
    expect(children[3]?.hasAttribute('type')).toBe(false);
    expect(vcardProblemForTests(xml)).toBeNull();
  });

  it('exactly the expected document for a simple contact', () => {
    expect(
      buildVcardXml({ name: 'A', surname: 'B', phones: [{ number: '1', type: 'home' }] }),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><contact xmlns="platform:x:contact"><name>A</name>' +
        '<surname>B</surname><phone type="home">1</phone></contact>',
    );
  });

  it('has no phone element when there is no phone, and leaves out an empty type', () => {
    const none = elementsOf(buildVcardXml({ name: 'A', surname: 'B' }));
    expect(none.children.map((c) => c.localName)).toEqual(['name', 'surname']);
    const emptyType = elementsOf(
      buildVcardXml({ name: 'A', surname: 'B', phones: [{ number: '1', type: '' }] }),
    );
    expect(emptyType.children[2]?.hasAttribute('type')).toBe(false);
  });

  it('escapes markup in names and types (the XML library does it)', () => {
    const xml = buildVcardXml({
      name: 'Tom & <Jerry>',
      surname: '"Q"',
      phones: [{ number: '1', type: 'a"<b' }],
    });
    expect(xml).not.toContain('<Jerry>');
    const { children } = elementsOf(xml);
    expect(children[0]?.textContent).toBe('Tom & <Jerry>');
    expect(children[1]?.textContent).toBe('"Q"');
    expect(children[2]?.getAttribute('type')).toBe('a"<b');
    expect(vcardProblemForTests(xml)).toBeNull();
  });

  it('reads back into the editor fields', () => {
    const vcard = {
      name: 'Ada',
      surname: 'L',
      phones: [{ number: '1', type: 'work' }, { number: '2' }],
    };
    expect(parseVcard(buildVcardXml(vcard))).toEqual(vcard);
    expect(
      parseVcard('<contact xmlns="other"><name>a</name><surname>b</surname></contact>'),
    ).toBeNull();
  });
});
