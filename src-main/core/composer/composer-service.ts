// composer.preview and composer.send: build the request from the catalog, validate it, and send
// it through the API client (which chooses the token, renews it once on a 401 invalid_token and
// journals each attempt), multipart included; then the response is checked against the documented
// shape.
import {
  CommandError,
  type ActAs,
  type ComposerPreview,
  type ComposerSendResult,
} from '../../../src-shared/contract';
import type { z } from 'zod';
import {
  type ApiClient,
  type OutgoingRequest,
  parseJsonObject,
  assertSecretTransport,
} from '../api';
import type { CoreEventEmitter } from '../events';
import { type Journal, SECRET_PARAM_NAMES, type Redactor } from '../log';
import { holdCredential } from './held-credentials';
import type { ProfileStore } from '../profiles';
import { BulkResponse, splitSpaceList } from '../../../src-shared/spec';
import { buildRequest, type BuiltRequest } from './build-request';
import { multipartBytes, multipartChunks } from './multipart';
import { decodeBase64, resolveFile } from './resolve-file';
import { detectMediaType } from './media-type';
import type { StagedFiles } from './staged-files';
import { responseShapeIssues } from './shape-check';
import { retryAfterSeconds } from '../common/retry-after';
import type { CommandOutput, commands } from '../../../src-shared/contract';

type ComposerSendInput = z.output<(typeof commands)['composer.send']['input']>;
type ComposerPreviewInput = z.output<(typeof commands)['composer.preview']['input']>;

interface ComposerDeps {
  profiles: ProfileStore;
  /** Sends the request: chooses the token, renews it once on a 401 and journals each attempt. */
  api: ApiClient;
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

  return {
    async preview(input) {
      const built = await build(deps, staged, input, false);
      // Where the token goes, shown without it: a new view, the built one stays as it was built.
      const request =
        built.endpoint.auth === 'none'
          ? built.view
          : {
              ...built.view,
              headers: { authorization: tokenPlaceholder(input.actAs), ...built.view.headers },
            };
      return {
        ok: built.errors.length === 0,
        request,
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

      const params = { ...built.fields };
      if (built.view.file)
        params.file = `@${built.view.file.name};type=${built.view.file.sentMime}`;
      const msgType = built.fields.msg_type;
      const { record, result, token } = await deps.api.send({
        profileId: profile.id,
        actAs: endpoint.auth === 'none' ? null : input.actAs,
        method: wire.method,
        url: wire.url,
        headers: wire.headers,
        ...(wire.body.kind === 'none'
          ? {}
          : { body: bodyOf(wire.body, input.requestId, deps.events) }),
        params,
        measurePhases: input.connection !== 'reuse',
        summary: (answer) =>
          `${wire.method} ${built.view.path}${msgType ? ` (${msgType})` : ''} → ${answer.status ?? 'no response'}`,
        onAnswer: (answer) => {
          // A token issued through the composer is a secret from now on: registered before the
          // journal writes the answer.
          const json = answer.body ? parseJsonObject(answer.body) : null;
          for (const key of ['access_token', 'refresh_token']) {
            const value = json?.[key];
            if (typeof value === 'string') deps.redactor.addSecret(value);
          }
        },
        // Each attempt is journaled, the refused one included: the log shows the renewal.
        onRecorded: (sentRecord, sentToken) => {
          if (sentToken) holdCredential(deps.journal, sentRecord.seq, sentToken);
        },
      });
      let anyJson: unknown = null;
      try {
        anyJson = result.body ? JSON.parse(result.body.toString('utf8')) : null;
      } catch {
        anyJson = null;
      }
      // The request as sent, redacted: a new view, the built one stays as it was built.
      const view: ComposerPreview['request'] = {
        ...built.view,
        url: deps.redactor.text(built.view.url),
        raw: { ...built.view.raw, text: deps.redactor.text(built.view.raw.text) },
        headers: deps.redactor.headers(
          token ? { authorization: `Bearer ${token}`, ...built.view.headers } : built.view.headers,
        ),
        fields: deps.redactor.params(built.view.fields),
      };
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

/**
 * The body of one attempt, made anew for each (the client asks again after a renewal): a multipart
 * upload is read as the socket takes it, with progress events when the window asked for them.
 */
function bodyOf(
  body: Exclude<BuiltRequest['wire']['body'], { kind: 'none' }>,
  requestId: string | undefined,
  events: CoreEventEmitter,
): () => OutgoingRequest['body'] {
  if (body.kind === 'form') return () => body.text;
  if (!requestId) return () => multipartBytes(body.body);
  return () => {
    let lastEmitted = 0;
    return multipartChunks(body.body, (sent, total) => {
      if (sent - lastEmitted < PROGRESS_STEP && sent < total) return;
      lastEmitted = sent;
      events.emit('composer.progress', { requestId, sentBytes: sent, totalBytes: total });
    });
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
