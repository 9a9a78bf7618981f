// The form of the chosen endpoint, generated from the catalog: only the parameters that apply to
// the chosen msg_type (or grant type), each with its rules, and the engine's reason beside any
// value that breaks one. A reason shows once the field was typed into (or holds a value, as a
// reopened call's), or for every field after a send was tried, so a form at rest is not a wall of red.
import type { ParamSpec } from '../../../../src-shared/spec';
import type { ComposerIssue } from '../../../../src-shared/contract';
import { applicableParams, endpointOf } from './composer-draft';
import { isRequired } from '../../components/param-required';
import { useAuth, useComposer } from '../../stores/stores-context';
import { useContactOptions } from '../contacts/use-contact-options';
import { FileField } from './FileField';
import { ParamField } from '../../components/ParamField';
import { ResourceIdExtras, ResourcesChecklist, useResourceSuggestions } from './ResourcePicker';
import { VcardEditor } from './VcardEditor';

const NO_ISSUES: ComposerIssue[] = [];

export function ParamForm() {
  const draft = useComposer((s) => s.draft);
  const errors = useComposer((s) => s.preview?.errors ?? NO_ISSUES);
  const notes = useComposer((s) => s.preview?.notes ?? NO_ISSUES);
  const attempted = useComposer((s) => s.sendAttempted);
  const touched = useComposer((s) => s.touched);
  const setParam = useComposer((s) => s.setParam);
  // The contact book (the contact editor's store) feeds the contact_id suggestions.
  const contacts = useContactOptions();
  const users = useAuth((s) => s.users);
  const resourceSuggestions = useResourceSuggestions();
  const endpoint = endpointOf(draft.endpointId);
  const params = applicableParams(draft);

  const errorOf = (name: string, hasValue: boolean) =>
    hasValue || attempted || touched.includes(name)
      ? errors
          .filter((e) => e.field === name)
          .map((e) => e.message)
          .join(' ') || undefined
      : undefined;
  const noteOf = (name: string) =>
    notes
      .filter((n) => n.field === name)
      .map((n) => n.message)
      .join(' ') || undefined;

  const field = (p: ParamSpec) => {
    const value = draft.params[p.name] ?? '';
    const required = isRequired(p, draft.params);
    const common = {
      spec: p,
      value,
      required,
      onChange: (v: string) => setParam(p.name, v),
      error: errorOf(p.name, value !== ''),
      note: noteOf(p.name),
    };
    if (p.kind === 'file') {
      return (
        <FileField
          key={p.name}
          msgType={draft.params.msg_type ?? ''}
          error={errorOf('file', draft.file !== null)}
        />
      );
    }
    if (p.kind === 'vcard') {
      return (
        <VcardEditor key={p.name} error={errorOf('vcard', draft.vcard.name !== '') ?? undefined} />
      );
    }
    if (p.appTokenOnly) {
      if (draft.actAs.kind === 'user') {
        return (
          <ParamField
            key={p.name}
            {...common}
            value=""
            readOnly
            placeholder="not allowed with a user's token"
            note="With a user's token user_id is refused: the token already names the user (API document §5.3)."
          />
        );
      }
      if (draft.actAs.kind === 'appForUser') {
        return <ParamField key={p.name} {...common} value={draft.actAs.userId} readOnly />;
      }
      return (
        <ParamField
          key={p.name}
          {...common}
          suggestions={users.map((u) => ({ value: u.userId, label: u.displayName ?? u.userId }))}
        />
      );
    }
    if (p.name === 'contact_id') {
      return (
        <ParamField
          key={p.name}
          {...common}
          suggestions={contacts.map((c) => ({ value: c.contactId, label: c.label }))}
        />
      );
    }
    if (p.name === 'resource_id') {
      return (
        <ParamField
          key={p.name}
          {...common}
          suggestions={resourceSuggestions}
          extra={<ResourceIdExtras value={value} onPick={common.onChange} />}
        />
      );
    }
    if (p.name === 'resources') {
      return (
        <ParamField
          key={p.name}
          {...common}
          extra={<ResourcesChecklist value={value} onChange={common.onChange} />}
        />
      );
    }
    return <ParamField key={p.name} {...common} />;
  };

  return (
    <form
      className="param-form"
      aria-label={`Parameters of ${endpoint.title}`}
      onSubmit={(e) => e.preventDefault()}
    >
      <ReopenNotes />
      {params.length === 0 ? <p className="quiet">This endpoint takes no parameters.</p> : null}
      {params.map(field)}
      <OtherIssues params={params} attempted={attempted} />
    </form>
  );
}

/** Problems the engine found that belong to no field shown (the request as a whole). */
function OtherIssues({ params, attempted }: { params: ParamSpec[]; attempted: boolean }) {
  const errors = useComposer((s) => s.preview?.errors ?? NO_ISSUES);
  const names = new Set([...params.map((p) => p.name), 'actAs']);
  const others = errors.filter((e) => !names.has(e.field));
  if (others.length === 0 || !attempted) return null;
  return (
    <ul className="other-issues">
      {others.map((e) => (
        <li key={`${e.field}:${e.message}`} className="param-error">
          {e.field ? <span className="mono">{e.field}: </span> : null}
          {e.message}
        </li>
      ))}
    </ul>
  );
}

/** What could not come back from a reopened call (a redacted secret, a file's bytes). */
function ReopenNotes() {
  const notes = useComposer((s) => s.reopenNotes);
  const dismiss = useComposer((s) => s.dismissReopenNotes);
  if (notes.length === 0) return null;
  return (
    <div className="reopen-notes" role="status" aria-label="Reopened call">
      <ul>
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
