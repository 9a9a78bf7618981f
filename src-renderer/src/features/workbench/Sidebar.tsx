// The left column: one tab per tool beside the composer and the log. Every panel stays mounted
// (hidden when not chosen) so a half-filled form or a running import survives a tab switch.
// Keyboard: arrows move between tabs (WAI-ARIA tabs pattern), Alt+1…5 jump from anywhere.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CollectionsPane } from '../collections/CollectionsPane';
import { ContactsPane } from '../contacts/ContactsPane';
import { InboundPane } from '../inbound/InboundPane';
import { SimulatorPane } from '../simulator/SimulatorPane';
import { UsersPane } from '../users/UsersPane';
import { activeProfile } from '../header/app-store';
import { useApp } from '../../stores/stores-context';
import { lastProfileKind, rememberProfileKind } from './last-profile-kind';
import { WidenTools } from './WidenTools';
import './sidebar.css';

type SidebarTab = 'contacts' | 'users' | 'inbound' | 'simulator' | 'collections';

interface TabSpec {
  id: SidebarTab;
  label: string;
  panel: ReactNode;
}

export function Sidebar() {
  const profile = useApp(activeProfile);
  const [chosen, setChosen] = useState<SidebarTab>('contacts');
  const tabRefs = useRef(new Map<SidebarTab, HTMLButtonElement>());

  // The simulator plays the embedded sandbox's users: it only exists for the sandbox profile. While
  // the active profile is still loading the tabs are those of the last one (the sandbox's on a
  // first launch): the tabs share the strip's width, so one that came later would move every other
  // under a pointer about to click.
  const kind = profile?.kind ?? lastProfileKind();
  useEffect(() => {
    if (profile) rememberProfileKind(profile.kind);
  }, [profile]);
  const tabs: TabSpec[] = [
    { id: 'contacts', label: 'Contacts', panel: <ContactsPane /> },
    { id: 'users', label: 'Users', panel: <UsersPane /> },
    { id: 'inbound', label: 'Inbound', panel: <InboundPane /> },
    { id: 'collections', label: 'Collections', panel: <CollectionsPane /> },
    ...(kind === 'sandbox'
      ? [{ id: 'simulator' as const, label: 'Simulator', panel: <SimulatorPane /> }]
      : []),
  ];
  const current = tabs.some((t) => t.id === chosen) ? chosen : 'contacts';

  const choose = (id: SidebarTab, focus: boolean) => {
    setChosen(id);
    if (focus) tabRefs.current.get(id)?.focus();
  };

  // Alt+digit picks a tab from anywhere in the window.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      // Alt+Shift+digit is the middle column's (CenterColumn).
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      // By the physical key: on a Mac, Option+1 types "¡".
      const digit = /^Digit([1-9])$/.exec(e.code)?.[1] ?? e.key;
      const index = Number(digit) - 1;
      const tab = Number.isInteger(index) ? tabs[index] : undefined;
      if (!tab) return;
      e.preventDefault();
      choose(tab.id, true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const onTabKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === current);
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    e.preventDefault();
    choose(tabs[next]!.id, true);
  };

  return (
    <div className="sidebar">
      <div className="tools-strip">
        <div className="sidebar-tabs tools-tabs" role="tablist" aria-label="Tools">
          {tabs.map((tab, i) => (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-controls={`panel-${tab.id}`}
              aria-selected={tab.id === current}
              aria-keyshortcuts={`Alt+${i + 1}`}
              tabIndex={tab.id === current ? 0 : -1}
              onClick={() => choose(tab.id, false)}
              onKeyDown={onTabKeyDown}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <WidenTools where="tools" />
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          className="sidebar-panel"
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== current}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
