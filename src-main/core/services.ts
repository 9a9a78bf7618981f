// The engine's services, which createCore builds once. Each handler group takes only the ones it
// uses (`Pick<Services, 'profiles' | 'host'>`), so its parameter's type lists the domain's needs.
import type { ApiClient } from './api/api-client';
import type { AppTokenService } from './auth/app-token';
import type { ConnectFlowService } from './auth/connect-flow';
import type { CollectionStore } from './collections/collection-store';
import type { ContactsService } from './contacts/contacts-service';
import type { StagedFiles } from './composer/staged-files';
import type { OtpService } from './auth/otp';
import type { UserTokenService } from './auth/user-tokens';
import type { CoreEventEmitter } from './events';
import type { CoreHost } from './host-interface';
import type { InboundService } from './inbound/inbound-service';
import type { TunnelService } from './tunnel/tunnel-manager';
import type { Sessions } from './log/sessions';
import type { Journal } from './log/journal';
import type { Redactor } from './log/redact';
import type { ProfileStore } from './profiles/profile-store';
import type { SecretVault } from './secrets/secret-vault';

export interface Services {
  host: CoreHost;
  events: CoreEventEmitter;
  journal: Journal;
  redactor: Redactor;
  vault: SecretVault;
  profiles: ProfileStore;
  appTokens: AppTokenService;
  users: UserTokenService;
  connect: ConnectFlowService;
  otp: OtpService;
  api: ApiClient;
  inbound: InboundService;
  tunnel: TunnelService;
  sessions: Sessions;
  contacts: ContactsService;
  collections: CollectionStore;
  /** Files picked in the composer (composer.stageFile): sent by it, saved into collections. */
  stagedFiles: StagedFiles;
}
