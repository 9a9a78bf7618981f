// Text into HTML: everything a report shows comes from the journal, whose deliveries and answers
// are untrusted input, so every piece of it goes through here, in text and in attribute values
// alike (quotes included). `</style>` or `<script>` in a delivery become text.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The anchor of a record in the report: `#r23`. */
export const anchorOf = (seq: number): string => `r${seq}`;

/** A link to a record of the report, reading `#23`. */
export const recordLink = (seq: number): string => `<a href="#${anchorOf(seq)}">#${seq}</a>`;

/**
 * Escaped text with each `#23` made a link to record 23 of the report (a step's message names its
 * records so, a replay's summary the delivery it replays). `&#39;`, an escaped quote, is no seq.
 */
export const withRecordLinks = (escaped: string): string =>
  escaped.replace(/(?<![&\w])#(\d+)\b/g, (_, seq: string) => recordLink(Number(seq)));
