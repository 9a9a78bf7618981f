// A journaled `api` call as a composer request, with what the engine holds now (the app's and the
// users' token previews, the samples) to tell who it acted as: used by composer.fromRecord and by
// collections.saveRequest.
import { CommandError, type ApiRecord } from '../../../src-shared/contract';
import type { Services } from '../services';
import { recordToComposer } from './from-record';
import { heldCredentials } from './held-credentials';
import { listSamples } from './samples';

export function apiRecordOf(services: Pick<Services, 'journal'>, seq: number): ApiRecord {
  const record = services.journal.get(seq);
  if (!record || record.kind !== 'api') {
    throw new CommandError({
      code: 'not_found',
      message: `There is no API call #${seq} in the journal.`,
    });
  }
  return record;
}

/** What tells who a record acted as: the journal's held credentials and the tokens held now. */
export type RecordRequestDeps = Pick<Services, 'journal' | 'profiles' | 'appTokens' | 'users'>;

export async function composerRequestOfRecord(services: RecordRequestDeps, record: ApiRecord) {
  const profileId = record.profileId ?? services.profiles.activeId();
  const app = services.appTokens.status(profileId).appToken?.preview ?? null;
  const users = services.users
    .list(profileId)
    .map((u) => ({ userId: u.userId, preview: u.tokenPreview }));
  const samples = (await listSamples()).map((s) => s.name);
  return recordToComposer(
    record,
    { app, users, used: heldCredentials(services.journal).get(record.seq) },
    samples,
  );
}
