// Send, with what it waits for in words: the upload's progress for a file, the answer otherwise.
// A request that breaks the API document's rules is refused by the engine with the reasons; the
// person can then send it anyway, since testing how the platform answers bad input is part of QA:
// with the button, which takes the focus when it appears, or with the send shortcut pressed again.
import { useEffect, useId, useRef } from 'react';
import { byteSize } from '../../format';
import { useComposer } from '../../stores/stores-context';
import { focusIsOursOrLost } from './focus';
import { SEND_KEYS, SEND_SHORTCUT } from './shortcuts';
import { requestOf } from './composer-draft';
import { SaveToCollectionButton, proposedFileName } from '../collections/SaveToCollectionDialog';

export function SendBar({ onSend }: { onSend(force?: boolean): void }) {
  const send = useComposer((s) => s.send);
  // At rest the form says nothing; then the problems of the fields typed into, and all of them
  // once a send was tried.
  const problems = useComposer(
    (s) =>
      s.preview?.errors.filter((e) => s.sendAttempted || s.touched.includes(e.field)).length ?? 0,
  );
  const draft = useComposer((s) => s.draft);
  const sending = send.status === 'sending';
  const uploading = sending && send.totalBytes > 0;
  const refused = send.status === 'failed' && send.refusedForRules;
  const anywayRef = useRef<HTMLButtonElement>(null);
  const anywayHintId = useId();
  // The refusal's way on, for the keyboard too: the focus goes to "Send anyway" when it appears.
  useEffect(() => {
    const button = anywayRef.current;
    if (refused && button && focusIsOursOrLost(button)) button.focus();
  }, [refused, send]);
  return (
    <div className="send-bar">
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => onSend(false)}
          disabled={sending}
          aria-keyshortcuts={SEND_SHORTCUT}
        >
          {sending ? 'Sending…' : 'Send'}
        </button>
        <kbd className="quiet">{SEND_KEYS}</kbd>
        <SaveToCollectionButton
          source={() => ({ composer: requestOf(draft) })}
          proposedName={proposedFileName(draft.endpointId)}
        />
        {sending ? (
          <span className="quiet" role="status">
            {uploading
              ? `Uploading ${byteSize(send.sentBytes)} of ${byteSize(send.totalBytes)}…`
              : 'Waiting for the platform to answer…'}
          </span>
        ) : problems > 0 ? (
          <span className="quiet" role="status">
            {problems} problem{problems === 1 ? '' : 's'} with the API document&apos;s rules: see
            the fields.
          </span>
        ) : null}
      </div>
      {uploading ? (
        <progress
          aria-label="Upload progress"
          value={send.sentBytes}
          max={Math.max(send.totalBytes, 1)}
        />
      ) : null}
      {send.status === 'failed' ? (
        <div className="send-failed">
          <p className="error-text" role="alert">
            {send.message}
          </p>
          {refused ? (
            <div className="actions">
              <button
                ref={anywayRef}
                type="button"
                onClick={() => onSend(true)}
                aria-keyshortcuts={SEND_SHORTCUT}
                aria-describedby={anywayHintId}
              >
                Send anyway
              </button>
              <span id={anywayHintId} className="quiet">
                <kbd>{SEND_KEYS}</kbd> again sends anyway
              </span>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
