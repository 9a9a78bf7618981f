// The Inbound tab: the receiver and its URLs, the tunnel (always showing its state), how the
// receiver answers the active profile's deliveries, where it forwards them (and the way to check
// that handler: the Endpoint check view), the RSA key it verifies with, and its last answers.
// Everything from Response down is the active profile's (named in the Response heading). Each section acts on its own and says its own errors.
import type { ReactNode } from 'react';
import { Pane } from '../../components/Pane';
import { activeProfile } from '../header/app-store';
import { useInbound, useApp } from '../../stores/stores-context';
import { CheckEndpointSection } from './CheckEndpointSection';
import { ForwardsSection } from './ForwardsSection';
import { KeySection } from './KeySection';
import { ReceiverSection } from './ReceiverSection';
import { RecentAnswers } from './RecentAnswers';
import { ResponseSection } from './ResponseSection';
import { RunSetupNotice } from './RunSetupNotice';
import { TunnelSection } from './TunnelSection';
import './inbound.css';

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="pane-section">
      <h3>
        {title}
        {note ? <span className="quiet"> · {note}</span> : null}
      </h3>
      {children}
    </section>
  );
}

export function InboundPane() {
  const profile = useApp(activeProfile);
  const loadError = useInbound((s) => s.loadError);
  return (
    <Pane title="Inbound" className="inbound-pane">
      {loadError ? (
        <p className="error-text" role="alert">
          Could not read the receiver&apos;s settings: {loadError} It is read again when the engine
          reconnects.
        </p>
      ) : null}
      <Section title="Receiver">
        <ReceiverSection />
      </Section>
      <Section title="Tunnel">
        <TunnelSection />
      </Section>
      <Section title="Response" {...(profile ? { note: profile.name } : {})}>
        <RunSetupNotice />
        <ResponseSection />
      </Section>
      <Section title="Recent answers">
        <RecentAnswers />
      </Section>
      <Section title="Forward to">
        <ForwardsSection />
      </Section>
      <Section title="Check endpoint">
        <CheckEndpointSection />
      </Section>
      <Section title="Signature key">
        <KeySection />
      </Section>
    </Pane>
  );
}
