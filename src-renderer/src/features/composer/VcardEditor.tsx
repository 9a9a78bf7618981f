// The composer's vCard (msg_type contact, API document §2.5): the editor (components/VcardFields)
// bound to the draft. The engine builds the XML (with @xmldom/xmldom) and it is shown as sent.
import { VcardFields } from '../../components/VcardFields';
import { useComposer } from '../../stores/stores-context';

export function VcardEditor({ error }: { error?: string | undefined }) {
  const vcard = useComposer((s) => s.draft.vcard);
  const setVcard = useComposer((s) => s.setVcard);
  const xml = useComposer((s) => s.preview?.request.vcardXml ?? null);
  return <VcardFields vcard={vcard} onChange={setVcard} xml={xml} error={error} />;
}
