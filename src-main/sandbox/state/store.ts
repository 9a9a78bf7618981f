// The sandbox's whole state in memory, with the lookups the handlers need.
import type {
  AccessTokenRecord,
  AppRecord,
  CodeRecord,
  ConnectionRecord,
  ContactRecord,
  DeliveryRecord,
  MediaRecord,
  MessageRecord,
  OtpRecord,
  RefreshTokenRecord,
  RoomRecord,
  UserRecord,
} from './records';
import { SandboxClock } from '../clock';

const pair = (a: string, b: string) => `${a}\u0000${b}`;

export class Store {
  platformDomain: string;
  apps: AppRecord[] = [];
  users = new Map<string, UserRecord>();
  /** Keyed by client_id + contact_id: a contact_id is app-wide. */
  contacts = new Map<string, ContactRecord>();
  rooms = new Map<string, RoomRecord>();
  accessTokens = new Map<string, AccessTokenRecord>();
  refreshTokens = new Map<string, RefreshTokenRecord>();
  codes = new Map<string, CodeRecord>();
  connections = new Map<string, ConnectionRecord>();
  otps = new Map<string, OtpRecord>();
  messages: MessageRecord[] = [];
  media = new Map<string, { record: MediaRecord; bytes: Buffer }>();
  deliveries: DeliveryRecord[] = [];
  /** PEM of the RSA key for RSA-SHA256 signatures; made on first need. */
  rsaPrivateKeyPem: string | null = null;
  /** The platform's time: every expiry and wait reads it (docs/sandbox.md, The clock). */
  readonly clock = new SandboxClock();

  constructor(platformDomain: string) {
    this.platformDomain = platformDomain;
  }

  app(clientId: string | undefined): AppRecord | undefined {
    return this.apps.find((a) => a.client_id === clientId);
  }

  appDomain(app: AppRecord): string {
    return `${app.client_id}.apps.${this.platformDomain}`;
  }

  userAddress(userId: string): string {
    return `${userId}@${this.platformDomain}`;
  }

  contactAddress(clientId: string, contactId: string): string {
    return `${contactId}@${clientId}.apps.${this.platformDomain}`;
  }

  contact(clientId: string, contactId: string): ContactRecord | undefined {
    return this.contacts.get(pair(clientId, contactId));
  }

  setContact(c: ContactRecord): void {
    this.contacts.set(pair(c.client_id, c.contact_id), c);
  }

  deleteContact(clientId: string, contactId: string): void {
    this.contacts.delete(pair(clientId, contactId));
  }

  connection(clientId: string, userId: string): ConnectionRecord | undefined {
    return this.connections.get(pair(clientId, userId));
  }

  setConnection(c: ConnectionRecord): void {
    this.connections.set(pair(c.client_id, c.user_id), c);
  }

  deleteConnection(clientId: string, userId: string): void {
    this.connections.delete(pair(clientId, userId));
  }
}
