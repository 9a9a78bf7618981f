// The request composer: pick an endpoint of the catalog, act as the app or a user, fill the form
// generated from the catalog (validated as you type by the engine's preview), look at the raw
// request, send, read the response, and go back to any past call in the history. Ctrl/Cmd+Enter in
// the composer sends (again, after a refusal for the API document's rules: sends anyway); Ctrl/Cmd+K
// or / anywhere opens the history search. "Get app token" stays a one-click quick action in the
// heading. The keyboard focus follows the view: a send's answer takes it to the Response panel, a
// reopened call to the form's first field, so it never falls to the page when the view switches.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Pane } from '../../components/Pane';
import { endpointOf } from './composer-draft';
import { activeProfile } from '../header/app-store';
import { useComposer, useApp } from '../../stores/stores-context';
import { ActAsPicker } from './ActAsPicker';
import { EndpointPicker } from './EndpointPicker';
import { firstField, focusIsOursOrLost } from './focus';
import { HistoryPanel } from './HistoryPanel';
import { ParamForm } from './ParamForm';
import { ResolvedValues } from '../collections/ResolvedValues';
import { RawPreview } from './RawPreview';
import { ResponseView } from './ResponseView';
import { SendBar } from './SendBar';
import { SEARCH_KEYS, SEND_KEYS, SEND_SHORTCUT, isSearchKey, isSendKey } from './shortcuts';
import { ViewTabs, type ComposerView } from './ViewTabs';
import './composer.css';

export function Composer() {
  const [view, setView] = useState<ComposerView>('request');
  const searchRef = useRef<HTMLInputElement>(null);
  const endpointId = useComposer((s) => s.draft.endpointId);
  const sendDraft = useComposer((s) => s.sendDraft);
  const endpoint = endpointOf(endpointId);

  const refused = useComposer((s) => s.send.status === 'failed' && s.send.refusedForRules);
  const send = (force = false) => void sendDraft(force);
  const panelRef = useRef<HTMLDivElement>(null);
  // Where the focus goes once the view asked for is rendered; bumped to ask again for the same.
  const [focusAsk, setFocusAsk] = useState<{ to: FocusTarget; n: number } | null>(null);
  const focusAfterRender = useCallback(
    (to: FocusTarget) => setFocusAsk((f) => ({ to, n: (f?.n ?? 0) + 1 })),
    [],
  );
  useEffect(() => {
    const panel = panelRef.current;
    if (!focusAsk || !panel) return;
    // Only a focus the composer had (or the page got when its element went away) is moved: a
    // person who went on to another pane meanwhile keeps theirs.
    if (!focusIsOursOrLost(panel)) return;
    if (focusAsk.to === 'panel') panel.focus();
    else (firstField(panel) ?? panel).focus();
  }, [focusAsk]);

  // A send that got an answer shows it; a refused one stays on the form with its reasons.
  const lastResult = useRef<unknown>(null);
  const result = useComposer((s) => s.result);
  useEffect(() => {
    if (result && result !== lastResult.current) {
      lastResult.current = result;
      setView('response');
      focusAfterRender('panel');
    }
  }, [result, focusAfterRender]);

  // The history search is reachable from anywhere in the window.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      // A pane with its own "/" (the event log's search) has handled it already.
      if (e.defaultPrevented || !isSearchKey(e)) return;
      e.preventDefault();
      setView('history');
      // After the history panel is rendered.
      requestAnimationFrame(() => searchRef.current?.focus());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!isSendKey(e)) return;
    if ((e.target as HTMLElement).closest('[data-own-send-key]')) return;
    e.preventDefault();
    // Pressed again after a refusal for the rules, it is "Send anyway".
    send(refused);
  };

  return (
    <Pane
      title="Request composer"
      className="pane-composer pane-stack"
      onKeyDown={onKeyDown}
      aside={<QuickActions />}
    >
      <div className="composer-top">
        <EndpointPicker />
        <RequestLine />
        <ActAsPicker endpoint={endpoint} />
        <TokenAlert />
        <SendBar onSend={send} />
      </div>
      <ViewTabs view={view} onChange={setView} />
      <div
        ref={panelRef}
        role="tabpanel"
        id={`composer-panel-${view}`}
        aria-labelledby={`composer-tab-${view}`}
        // Focusable by the composer (after a send), not a stop of its own for Tab.
        tabIndex={-1}
        className="composer-panel"
      >
        {view === 'request' ? <ParamForm /> : null}
        {view === 'request' ? <ResolvedValues /> : null}
        {view === 'raw' ? <RawPreview /> : null}
        {view === 'response' ? <ResponseView /> : null}
        {view === 'history' ? (
          <HistoryPanel
            searchRef={searchRef}
            onReopened={() => {
              setView('request');
              focusAfterRender('first-field');
            }}
          />
        ) : null}
      </div>
      <p className="shortcuts quiet">
        <kbd>{SEND_KEYS}</kbd> send · <kbd>{SEARCH_KEYS}</kbd> search history
      </p>
    </Pane>
  );
}

type FocusTarget = 'panel' | 'first-field';

function RequestLine() {
  const request = useComposer((s) => s.preview?.request ?? null);
  const endpointId = useComposer((s) => s.draft.endpointId);
  const profile = useApp(activeProfile);
  const endpoint = endpointOf(endpointId);
  const url = request?.url ?? `${profile?.baseUrl ?? '…'}${endpoint.paths[0]}`;
  return (
    <div className="request-line">
      <span className="method">{endpoint.method}</span>
      <code className="mono" aria-label="Request URL">
        {url}
      </code>
    </div>
  );
}

/** The app token in one click, as before the composer had forms. */
function QuickActions() {
  const profile = useApp(activeProfile);
  const request = useApp((s) => s.tokenRequest);
  const getAppToken = useApp((s) => s.getAppToken);
  // Running for this profile: one still running for a profile switched away from is not shown.
  const running = request.status === 'running' && request.profileId === (profile?.id ?? null);
  return (
    <button
      type="button"
      data-own-send-key
      aria-keyshortcuts={SEND_SHORTCUT}
      onClick={() => void getAppToken()}
      onKeyDown={(e) => {
        // On this button the send shortcut asks for the app token, as the button does.
        if (!isSendKey(e)) return;
        e.preventDefault();
        if (!running && profile) void getAppToken();
      }}
      disabled={running || !profile}
      title="client_credentials grant with the profile's client id and secret"
    >
      {running ? 'Requesting app token…' : 'Get app token'}
    </button>
  );
}

/**
 * Why the quick action failed, in the engine's words, while it is about the active profile and
 * still true (the app store drops it on a profile switch and once a token is obtained).
 */
function TokenAlert() {
  const request = useApp((s) => s.tokenRequest);
  const activeId = useApp((s) => s.profiles?.activeProfileId ?? null);
  if (request.status !== 'failed') return null;
  if (request.profileId !== null && request.profileId !== activeId) return null;
  return (
    <p className="error-text" role="alert">
      {request.message}
    </p>
  );
}
