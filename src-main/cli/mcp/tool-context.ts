// What every MCP tool works with: the engine, the profile the server acts for, whether
// --allow-writes was given, and the shapes of an answer a model reads without the UI (short text
// for it to read, the same facts as structured content for it to use).
import { errorText } from '../../../src-shared/contract/errors';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CommandError, JournalRecord, type ProfileView } from '../../../src-shared/contract';
import { isLoopbackHost, type Core } from '../../core/index';
import { UsageError } from '../args';

export interface McpContext {
  core: Core;
  /** --allow-writes: a platform other than the embedded sandbox may be changed, and sent off loopback. */
  allowWrites: boolean;
  /** The profile chosen with --profile; undefined: the data folder's active profile. */
  profileId?: string;
  /** Where relative collection folders are found: the folder the server was started in. */
  cwd: string;
}

/** A tool's answer: `text` for the model to read, `structured` for it to use. */
export function answer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A tool that did nothing, and why, in words that say what to do instead. */
export function refusal(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * Runs a tool's body; a failure becomes a refusal in the engine's own words. The engine redacts a
 * command's failure message as it leaves dispatch (docs/security.md, Where secrets can and cannot
 * appear), so those words hold no secret.
 */
export async function guarded(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    // A collection's problems, said as the command line says them (file:line: message).
    if (err instanceof UsageError) return refusal(err.message);
    if (err instanceof CommandError) {
      // An invalid input's message already lists its fields; other failures may add them.
      const fields = (err.issues ?? [])
        .map((i) => `${i.path || 'input'}: ${i.message}`)
        .filter((line) => !err.message.includes(line));
      return refusal([err.message, ...fields].join('\n'));
    }
    return refusal(`The tool could not finish: ${errorText(err)}`);
  }
}

/** The profile the server acts for: --profile's, else the data folder's active one. */
export async function actingProfile(ctx: McpContext): Promise<ProfileView> {
  const { profiles, activeProfileId } = await ctx.core.invoke('profiles.list', {});
  const id = ctx.profileId ?? activeProfileId;
  const profile = profiles.find((p) => p.id === id);
  if (!profile) {
    throw new CommandError({ code: 'not_found', message: `No profile has the id ${id}.` });
  }
  return profile;
}

/** Why a send to `url` is refused without --allow-writes; null when it may go. */
export function offLoopbackRefusal(ctx: McpContext, url: string, what: string): string | null {
  if (ctx.allowWrites) return null;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return `${JSON.stringify(url)} is not a URL: give http://127.0.0.1:3000/hook or the like.`;
  }
  if (isLoopbackHost(host)) return null;
  return `Refused: ${url} is not on this machine, and this server sends ${what} only to loopback (127.0.0.1, localhost, [::1]). Give a URL on this machine, or restart the server with --allow-writes if that server is yours to test.`;
}

/** Why acting on a profile that is not the embedded sandbox is refused; null when it may go. */
export function platformWriteRefusal(
  ctx: McpContext,
  profile: ProfileView,
  what: string,
): string | null {
  if (ctx.allowWrites || profile.kind === 'sandbox') return null;
  return `Refused: profile "${profile.name}" is not the embedded sandbox, and ${what} may change the state of ${profile.baseUrl}. Restart the server with --allow-writes if that platform is yours to change.`;
}

/**
 * One record as an export holds it: read through sessions.export, which redacts every record on
 * its way out, so an answer holds what an exported session would and no secret.
 */
export async function exportedRecord(
  core: Core,
  seq: number,
  sessionId?: string,
): Promise<JournalRecord | null> {
  const { content } = await core.invoke('sessions.export', {
    format: 'ndjson',
    filter: { afterSeq: seq - 1 },
    throughSeq: seq,
    ...(sessionId ? { sessionId } : {}),
  });
  for (const line of content.split('\n')) {
    if (line.trim() === '') continue;
    const parsed = JournalRecord.safeParse(JSON.parse(line));
    if (parsed.success && parsed.data.seq === seq) return parsed.data;
  }
  return null;
}

/** `answered 200 in 12 ms`, or `got no answer (refused)`, as the endpoint check words it. */
export function exchangeWords(exchange: {
  status: number | null;
  error?: string;
  timing: { totalMs: number };
}): string {
  return exchange.status === null
    ? `got no answer (${exchange.error ?? 'no reason given'})`
    : `answered ${exchange.status} in ${Math.round(exchange.timing.totalMs)} ms`;
}
