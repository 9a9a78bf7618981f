// One-time passwords arriving at the app's management and directory URLs (4.3 and 4.1 of the API
// document). At the management URL the otp is verified with /tp/otp/verify.json (app token) to
// learn which user opened it. At the directory URL the otp is not verified (that would use it
// up): the engine uses it in /tp/authorize instead of scopes, and the user is connected without
// consent (connect-flow.ts, connectWithOtp).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CommandError, type OtpVisit } from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../events';
import { type Journal, redactValue, type Redactor } from '../log';
import type { Profile } from '../profiles';
import type { ApiClient } from '../api';
import type { ConnectFlowService } from './connect-flow';
import { sendResultPage } from './result-page';
import type { UserTokenService } from './user-tokens';

const KEPT_VISITS = 200;
/** What a visitor is told when a one-time password could not be used (the details are journaled). */
const NOT_DONE =
  'TP Inspector could not use this one-time password. Its event log says why; try again from the platform.';

export interface OtpService {
  handle(
    profile: Profile,
    target: 'management' | 'directory',
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<void>;
  visits(profileId: string): OtpVisit[];
}

interface Deps {
  api: ApiClient;
  connect: ConnectFlowService;
  users: UserTokenService;
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
}

export function createOtpService(deps: Deps): OtpService {
  const visits: OtpVisit[] = [];

  const publish = (visit: OtpVisit) => {
    visits.push(visit);
    if (visits.length > KEPT_VISITS) visits.shift();
    deps.journal.append({
      kind: 'auth',
      profileId: visit.profileId,
      summary:
        visit.outcome === 'failed'
          ? `One-time password at the ${visit.target} URL failed: ${visit.error}`
          : visit.target === 'management'
            ? `Management URL opened by ${visit.displayName ?? visit.userId} (otp verified${visit.showDisconnect ? ', disconnect offered' : ''})`
            : `Directory URL opened: ${visit.displayName ?? visit.userId} connected with the one-time password`,
      auth: {
        action: 'otp',
        outcome: visit.outcome === 'failed' ? 'error' : 'ok',
        ...(visit.userId ? { userId: visit.userId } : {}),
        ...(visit.error ? { detail: visit.error } : {}),
      },
    });
    deps.events.emit('auth.otpVisit', visit);
  };

  return {
    visits: (profileId) => visits.filter((v) => v.profileId === profileId),
    async handle(profile, target, req, res, url) {
      if (req.method !== 'GET') {
        res
          .writeHead(405, { allow: 'GET', 'content-type': 'text/plain; charset=utf-8' })
          .end('Use GET.');
        return;
      }
      const otp = url.searchParams.get('otp');
      const fromapp = url.searchParams.get('fromapp');
      const base: OtpVisit = {
        id: randomBytes(6).toString('hex'),
        profileId: profile.id,
        target,
        at: new Date().toISOString(),
        otpPreview: otp ? redactValue(otp) : '',
        fromapp,
        showDisconnect: fromapp === null || fromapp === 'false' || fromapp === '0',
        outcome: 'failed',
        userId: null,
        displayName: null,
        error: null,
      };
      if (!otp) {
        publish({ ...base, error: `The ${target} URL was opened without an otp parameter.` });
        sendResultPage(
          res,
          400,
          'No one-time password',
          'This address expects an otp parameter from the platform.',
        );
        return;
      }
      deps.redactor.addSecret(otp);

      if (target === 'directory') {
        // Used by the engine itself, never by the visitor's browser: the visitor gets a page, not a
        // redirect, so no state leaves the engine (otp-authorize.ts says why). Whoever opened the
        // URL learns only "connected" or "not connected"; the reason is in the journal.
        try {
          const user = await deps.connect.connectWithOtp(profile.id, otp);
          publish({
            ...base,
            outcome: 'connecting',
            userId: user.userId,
            displayName: user.displayName,
          });
          sendResultPage(res, 200, 'Connected', 'You are connected. You can close this page.');
        } catch (err) {
          const message = err instanceof CommandError ? err.message : String(err);
          publish({ ...base, error: message });
          const busy = err instanceof CommandError && err.code === 'flow_in_progress';
          sendResultPage(
            res,
            busy ? 409 : 400,
            'Not connected',
            busy
              ? 'The app is busy connecting someone else. Open this page again from the platform in a few minutes.'
              : 'The app could not connect you with this link. Open it again from the platform.',
          );
        }
        return;
      }

      const { json, record } = await deps.api.call({
        profileId: profile.id,
        method: 'POST',
        path: '/tp/otp/verify.json',
        params: { otp },
        actAs: { kind: 'app' },
      });
      const userId = (json as { user_id?: unknown } | null)?.user_id;
      if (record.api.status !== 200 || typeof userId !== 'string') {
        const error = `The platform did not verify the otp (${record.api.status ?? record.api.error}). See the event log record #${record.seq}.`;
        publish({ ...base, error });
        sendResultPage(res, 400, 'Not verified', NOT_DONE);
        return;
      }
      const known = deps.users.list(profile.id).find((u) => u.userId === userId);
      const visit = {
        ...base,
        outcome: 'verified' as const,
        userId,
        displayName: known?.displayName ?? null,
      };
      publish(visit);
      sendResultPage(
        res,
        200,
        'Verified',
        `TP Inspector verified this visit from ${visit.displayName ?? userId}.${visit.showDisconnect ? ' The disconnect control is shown in TP Inspector.' : ''}`,
      );
    },
  };
}
