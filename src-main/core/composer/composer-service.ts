// composer.preview and composer.send: build the request from the catalog, validate it, and send
// it with the chosen token (renewed once on a 401 invalid_token), multipart included; then the
// response is journaled and checked against the documented shape.
import {
  CommandError,
  type ActAs,
  type ComposerPreview,
  type ComposerSendResult,
} from '../../../src-shared/contract';
import type { z } from 'zod';
import { isInvalidToken } from '../api/api-client';
import { sendHttp, type HttpResult, type OutgoingRequest } from '../api/http-client';
import { recordExchange } from '../api/record-exchange';
import { parseJsonObject } from '../api/response-reading';
import { assertSecretTransport } from '../api/transport-policy';
import type { AppTokenService } from '../auth/app-token';
import type { UserTokenService } from '../auth/user-tokens';
import type { CoreEventEmitter } from '../events';
import type { Journal } from '../log/journal';
import { SECRET_PARAM_NAMES, type Redactor } from '../log/redact';
import { holdCredential } from './held-credentials';
import type { ProfileStore } from '../profiles/profile-store';
import { BulkResponse, splitSpaceList } from '../../../src-shared/spec';
import { buildRequest, type BuiltRequest } from './build-request';
import { multipartBytes, multipartChunks } from './multipart';
import { decodeBase64, resolveFile } from '../common/resolve-file';
import { detectMediaType } from './media-type';
import type { StagedFiles } from './staged-files';
import { responseShapeIssues } from './shape-check';
import { retryAfterSeconds } from '../common/retry-after';
import type { CommandOutput, commands } from '../../../src-shared/contract';

type ComposerSendInput = z.output<(typeof commands)['composer.send']['input']>;
type ComposerPreviewInput = z.output<(typeof commands)['composer.preview']['input']>;

interface ComposerDeps {
  profiles: ProfileStore;
  appTokens: AppTokenService;
  users: UserTokenService;
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
  stagedFiles: StagedFiles;
}

/**
 * A send as the engine sees it: `result` is what the window gets (composer.send's output, its JSON
 * redacted), `answer` the platform's JSON as it came, for the runner's checks and captures (a
 * captured token must still work in a later step). `answer` never leaves the engine.
 */
export interface ComposerSent {
  result: ComposerSendResult;
  answer: unknown;
}

interface ComposerService {
  preview(input: ComposerPreviewInput): Promise<ComposerPreview>;
  send(input: ComposerSendInput): Promise<ComposerSent>;
  stage(name: string, base64: string): Promise<CommandOutput<'composer.stageFile'>>;
}

/** Progress events at most every this many bytes (and at the end). */
const PROGRESS_STEP = 256 * 1024;

function tokenPlaceholder(actAs: ActAs): string {
  if (actAs.kind === 'user') return `Bearer ‹the token of user ${actAs.userId}›`;
  return 'Bearer ‹the app token›';
}

async function build(
  deps: ComposerDeps,
  staged: StagedFiles,
  input: ComposerPreviewInput,
  withSecret: boolean,
): Promise<BuiltRequest> {
  const profile = deps.profiles.require(input.profileId);
  const file = await resolveFile(input.file, input.params.msg_type ?? '', staged);
  return buildRequest(input, file, {
    baseUrl: profile.baseUrl,
    clientId: profile.clientId,
    clientSecret: withSecret ? (profile.clientSecret ?? '') : null,
  });
}

export function createComposerService(deps: ComposerDeps): ComposerService {
  const staged = deps.stagedFiles;
  const tokenFor = async (profileId: string, actAs: ActAs) =>
    actAs.kind === 'user'
      ? deps.users.accessToken(profileId, actAs.userId)
      : deps.appTokens.ensure(profileId);
  const renew = (profileId: string, actAs: ActAs, refused: string) =>
    actAs.kind === 'user'
      ? deps.users.renew(profileId, actAs.userId, refused)
      : deps.appTokens.renew(profileId, refused);

  return {
    async preview(input) {
      const built = await build(deps, staged, input, false);
      if (built.endpoint.auth !== 'none') {
        built.view.headers = {
          authorization: tokenPlaceholder(input.actAs),
          ...built.view.headers,
        };
      }
      return {
        ok: built.errors.length === 0,
        request: built.view,
        errors: built.errors,
        notes: built.notes,
        applicable: built.applicable,
      };
    },

    async send(input) {
      const profile = deps.profiles.require(input.profileId);
      const built = await build(deps, staged, input, true);
      if (built.errors.length > 0 && !input.force) {
        throw new CommandError({
          code: 'invalid_input',
          message: `The request breaks the API document's rules: ${built.errors.map((e) => e.message).join(' ')} Fix it, or send it anyway to see what the platform answers.`,
          issues: built.errors.map((e) => ({ path: e.field, message: e.message })),
        });
      }
      if ('client_secret' in built.fields) assertSecretTransport(built.wire.url);
      // A code, refresh token or otp typed into the composer is a secret from now on, as the ones
      // the engine meets itself are: the raw body and the URL shown back hold it by value, not
      // by a parameter name the redactor could go by.
      for (const [name, value] of Object.entries(built.fields)) {
        if (SECRET_PARAM_NAMES.has(name)) deps.redactor.addSecret(value);
      }
      const { endpoint, wire } = built;

      const once = async (
        token: string | null,
      ): Promise<{ req: OutgoingRequest; result: HttpResult }> => {
        // An authorization header the request gives itself (wire.headers) wins over the token.
        const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...wire.headers };
        let body: OutgoingRequest['body'];
        if (wire.body.kind === 'form') body = wire.body.text;
        if (wire.body.kind === 'multipart') {
          const requestId = input.requestId;
          let lastEmitted = 0;
          body = requestId
            ? multipartChunks(wire.body.body, (sent, total) => {
                if (sent - lastEmitted < PROGRESS_STEP && sent < total) return;
                lastEmitted = sent;
                deps.events.emit('composer.progress', {
                  requestId,
                  sentBytes: sent,
                  totalBytes: total,
                });
              })
            : multipartBytes(wire.body.body);
        }
        const req: OutgoingRequest = {
          method: wire.method,
          url: wire.url,
          headers,
          ...(body !== undefined ? { body } : {}),
          measurePhases: input.connection !== 'reuse',
        };
        return { req, result: await sendHttp(req) };
      };

      const params = { ...built.fields };
      if (built.view.file)
        params.file = `@${built.view.file.name};type=${built.view.file.sentMime}`;
      const msgType = built.fields.msg_type;
      /** Each attempt is journaled, the refused one included: the log shows the renewal. */
      const attempt = async (token: string | null) => {
        const { req, result } = await once(token);
        const json = result.body ? parseJsonObject(result.body) : null;
        // A token issued through the composer is a secret from now on: register it first.
        for (const key of ['access_token', 'refresh_token']) {
          const value = json?.[key];
          if (typeof value === 'string') deps.redactor.addSecret(value);
        }
        const record = recordExchange(deps.journal, deps.redactor, { ...req, params }, result, {
          profileId: profile.id,
          summary: `${wire.method} ${built.view.path}${msgType ? ` (${msgType})` : ''} → ${result.status ?? 'no response'}`,
        });
        if (token) holdCredential(deps.journal, record.seq, token);
        return { record, result };
      };

      let token = endpoint.auth === 'none' ? null : await tokenFor(profile.id, input.actAs);
      let sent = await attempt(token);
      if (token && isInvalidToken(sent.result)) {
        token = await renew(profile.id, input.actAs, token);
        sent = await attempt(token);
      }
      const { record, result } = sent;
      let anyJson: unknown = null;
      try {
        anyJson = result.body ? JSON.parse(result.body.toString('utf8')) : null;
      } catch {
        anyJson = null;
      }
      const view = built.view;
      view.url = deps.redactor.text(view.url);
      view.raw = { ...view.raw, text: deps.redactor.text(view.raw.text) };
      view.headers = deps.redactor.headers(
        token ? { authorization: `Bearer ${token}`, ...view.headers } : view.headers,
      );
      view.fields = deps.redactor.params(view.fields);
      // The answer goes to the window as the record's body does: redacted. A token the platform
      // just issued (registered above) or a client secret it echoes is no more readable here than
      // in the journal. The shape check quotes values, so it reads the redacted answer too.
      const json = deps.redactor.record(anyJson);
      const forWindow: ComposerSendResult = {
        record,
        json,
        request: view,
        shapeIssues: responseShapeIssues(endpoint, result.status, json, built.fields),
        retryAfterSeconds:
          result.status === 429 ? retryAfterSeconds(result.headers['retry-after']) : null,
        bulk:
          endpoint.id === 'bulk.send'
            ? bulkOutcome(built.fields.resources ?? '', result.status, anyJson)
            : null,
      };
      return { result: forWindow, answer: anyJson };
    },

    async stage(name, base64) {
      const bytes = decodeBase64(base64, 'base64');
      const detected = await detectMediaType(bytes);
      return {
        fileId: staged.put(name, bytes),
        size: bytes.length,
        detectedMime: detected.mime,
        detectedExt: detected.ext,
      };
    },
  };
}

function bulkOutcome(
  resources: string,
  status: number | null,
  json: unknown,
): ComposerSendResult['bulk'] {
  if (status === null || status < 200 || status >= 300) return null;
  const parsed = BulkResponse.safeParse(json);
  if (!parsed.success) return null;
  const refused = new Set(parsed.data.not_authorized);
  return [...new Set(splitSpaceList(resources))].map((id) => ({
    id,
    outcome: refused.has(id) ? ('not_authorized' as const) : ('accepted' as const),
  }));
}
