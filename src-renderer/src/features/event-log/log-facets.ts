// The filter's choices (event types, msg types, users, rooms, contacts, profiles) grow with live records as
// they do in the engine's facets (core/log/log-query.ts), without asking it again.
import { recordUser } from '../../../../src-shared/rules/log-filter';
import type { JournalRecord, LogFacets } from '../../../../src-shared/contract';

const FACET_CAP = 200;

function withValue(list: string[], value: string | undefined): string[] {
  if (!value || list.length >= FACET_CAP || list.includes(value)) return list;
  return [...list, value].sort((a, b) => a.localeCompare(b));
}

/** The same object when the record adds nothing new, so the filter bar does not re-render. */
export function mergeFacets(facets: LogFacets, r: JournalRecord): LogFacets {
  const next: LogFacets = {
    ...facets,
    users: withValue(facets.users, recordUser(r)),
    profiles: withValue(facets.profiles, r.profileId),
  };
  if (r.kind === 'api') next.contacts = withValue(facets.contacts, r.api.requestParams.contact_id);
  if (r.kind === 'delivery') {
    const c = r.delivery.classification;
    next.eventTypes = withValue(facets.eventTypes, c.type);
    next.msgTypes = withValue(facets.msgTypes, c.msgType);
    next.rooms = withValue(facets.rooms, c.roomId);
    next.contacts = withValue(facets.contacts, c.contactId);
  }
  const changed = (Object.keys(next) as Array<keyof LogFacets>).some((k) => next[k] !== facets[k]);
  return changed ? next : facets;
}
