import { CommandError, type ApiRecord, type apiCommands } from '../../../src-shared/contract';
import { curlCommand, heldCredentials, searchJournal } from '../composer';
import { harDocument, SECRET_PARAM_NAMES, redactValue } from '../log';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

/** The client, the journal, and the tokens held now (a cURL with secrets uses the real ones). */
type ApiHandlerDeps = Pick<
  Services,
  'api' | 'journal' | 'redactor' | 'host' | 'profiles' | 'appTokens' | 'users'
>;

export function apiHandlers(services: ApiHandlerDeps): HandlerGroup<keyof typeof apiCommands> {
  const { api, journal, redactor } = services;
  const apiRecord = (seq: number): ApiRecord => {
    const record = journal.get(seq);
    if (!record || record.kind !== 'api') {
      throw new CommandError({
        code: 'not_found',
        message: `There is no API call #${seq} in the journal.`,
      });
    }
    return record;
  };
  return {
    'api.call': async (request) => {
      const { record, json } = await api.call(request);
      return { record, json };
    },
    'api.exportCurl': async ({ seq, includeSecrets }) => {
      const record = apiRecord(seq);
      if (!includeSecrets) {
        // The journal is redacted as written; a secret learned later is caught here too, in the
        // record (before the shell's quoting could hide it) and in the command.
        const { command, notes } = curlCommand(redactor.record(record));
        return { command: redactor.text(command), secretsIncluded: false, notes };
      }
      const { authorization, params, notes } = await realSecrets(services, record);
      const out = curlCommand(record, { authorization, params });
      return {
        command: out.command,
        secretsIncluded: authorization !== undefined || Object.keys(params).length > 0,
        notes: [...notes, ...out.notes],
      };
    },
    'api.exportHar': async ({ seqs }) => {
      const records = [...new Set(seqs)].sort((a, b) => a - b).map(apiRecord);
      // Like the cURL: the records redacted again for a secret learned since, then the text.
      const json = redactor.text(
        JSON.stringify(
          harDocument(
            records.map((r) => redactor.record(r)),
            services.host.appVersion,
          ),
          null,
          2,
        ),
      );
      const first = records[0]?.seq ?? 0;
      const last = records.at(-1)?.seq ?? 0;
      return {
        filename: `tp-inspector-calls-${first}${last !== first ? `-${last}` : ''}.har`,
        json,
      };
    },
    'api.search': async ({ query, limit, profileId }) => ({
      records: searchJournal(journal, query, { limit, profileId }),
    }),
  };
}

/**
 * The real values behind a record's redacted secrets, where the engine still holds them: the
 * token the call used (kept by composer sends, or still the current app or user token) and the
 * profile's client secret. What it no longer holds is said, not guessed.
 */
async function realSecrets(services: ApiHandlerDeps, record: ApiRecord) {
  const notes: string[] = [];
  const params: Record<string, string> = {};
  const profileId = record.profileId ?? services.profiles.activeId();
  const profile = services.profiles.get(profileId);
  let authorization: string | undefined;
  const shown = (record.api.requestHeaders.authorization ?? '').split(/\s+/)[1];
  if (shown) {
    const held = heldCredentials(services.journal).get(record.seq);
    if (held && redactValue(held) === shown) authorization = held;
    else if (services.appTokens.status(profileId).appToken?.preview === shown) {
      const current = await services.appTokens.ensure(profileId);
      if (redactValue(current) === shown) authorization = current;
    } else {
      const user = services.users.list(profileId).find((u) => u.tokenPreview === shown);
      if (user) {
        const current = await services.users.accessToken(profileId, user.userId);
        if (redactValue(current) === shown) authorization = current;
      }
    }
    if (!authorization) {
      notes.push(
        `The token this call used (${shown}) is no longer held (it expired or was renewed): the Authorization header stays redacted.`,
      );
    }
  }
  for (const [name, value] of Object.entries(record.api.requestParams)) {
    if (!SECRET_PARAM_NAMES.has(name)) continue;
    const secret = profile?.clientSecret;
    if (name === 'client_secret' && secret && redactValue(secret) === value) {
      params[name] = secret;
    } else {
      notes.push(`${name} is not held any more: it stays redacted.`);
    }
  }
  return { authorization, params, notes };
}
