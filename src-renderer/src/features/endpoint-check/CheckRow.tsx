// One check on the report card: its outcome, name and id, what changed since the last run of the
// URL, the rule it comes from, the reason and the advice; its deliveries open in place.
import { useState } from 'react';
import type { EndpointCheckResult } from '../../../../src-shared/contract';
import { useEndpointCheck } from '../../stores/stores-context';
import { EXCHANGES_SHOWN } from './endpoint-check-store';
import { ExchangeView } from './ExchangeView';
import { OUTCOME_WORDS } from './check-words';
import { CHANGE_WORDS, type CheckChange } from './report-diff';

interface CheckRowProps {
  check: EndpointCheckResult;
  sessionId: string;
  change: CheckChange | undefined;
  onOpenInLog(seq: number): void;
}

export function CheckRow({ check, sessionId, change, onOpenInLog }: CheckRowProps) {
  const [open, setOpen] = useState(false);
  const load = useEndpointCheck((s) => s.loadExchanges);
  const exchanges = useEndpointCheck((s) => s.exchanges);
  const problem = useEndpointCheck((s) => s.exchangeErrors[check.id]);
  const words = OUTCOME_WORDS[check.outcome];
  const toggle = () => {
    if (!open) void load(sessionId, check.id, check.seqs);
    setOpen(!open);
  };
  const shown = check.seqs.slice(0, EXCHANGES_SHOWN);
  return (
    <li className={`check-row check-${check.outcome}`} aria-label={check.id}>
      <div className="check-row-head">
        <span className="check-outcome" aria-label={`Outcome: ${words.word}`}>
          <span aria-hidden="true">{words.mark}</span> {words.word}
        </span>
        <span className="check-name">{check.name}</span>
        <span className="mono quiet">{check.id}</span>
        {change && change !== 'unchanged' ? (
          <span className={`check-change change-${change}`} aria-label="Change since the last run">
            {CHANGE_WORDS[change]}
          </span>
        ) : null}
        <span className="check-rule quiet">{check.rule}</span>
      </div>
      <p className="check-reason">{check.reason}</p>
      {check.advice ? <p className="check-advice">{check.advice}</p> : null}
      {check.seqs.length ? (
        <button type="button" className="link" aria-expanded={open} onClick={toggle}>
          {open ? 'Hide' : 'Show'} exchange{check.seqs.length > 1 ? 's' : ''} ({check.seqs.length}
          {check.timing.count ? `, p50 ${Math.round(check.timing.p50Ms)} ms` : ''})
        </button>
      ) : null}
      {open ? (
        <div className="check-exchanges">
          {problem ? (
            <p className="error-text" role="alert">
              {problem}
            </p>
          ) : null}
          {shown.map((seq) =>
            exchanges[seq] ? (
              <ExchangeView key={seq} record={exchanges[seq]} onOpenInLog={onOpenInLog} />
            ) : problem ? null : (
              <p key={seq} className="quiet">
                Reading delivery #{seq}…
              </p>
            ),
          )}
          {check.seqs.length > shown.length ? (
            <p className="quiet small-text">
              The first {shown.length} of {check.seqs.length} deliveries; every one is in the Event
              log, in the run&rsquo;s session.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
