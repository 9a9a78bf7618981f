// The `data` of a message by msg_type (docs/sandbox.md, Messages), shared by the app's sends
// and the users' messages of the simulator.
import type { MsgType, Params } from '../../src-shared/spec';
import type { SandboxContext } from './context';
import type { UploadedFile } from './http/body';
import { checkMedia, storeMedia } from './media';

/** Checks what the catalog cannot (the file's MIME type), before anything is stored. */
export function precheckMessage(msgType: MsgType, file: UploadedFile | undefined): void {
  if (file) checkMedia(msgType, file);
}

export function messageData(
  ctx: SandboxContext,
  msgType: MsgType,
  params: Params,
  file: UploadedFile | undefined,
): Record<string, unknown> {
  switch (msgType) {
    case 'text':
      return { body: params.str('text') ?? '' };
    case 'sticker':
      return { sticker_id: params.str('sticker_id') ?? '' };
    case 'location': {
      const description = params.str('geo_description');
      return {
        ...(description === undefined ? {} : { description }),
        lat: params.num('geo_lat') ?? 0,
        lon: params.num('geo_lon') ?? 0,
      };
    }
    case 'contact':
      return { vcard: params.str('vcard') ?? '' };
    default:
      if (!file) return {};
      return { ...storeMedia(ctx, file) };
  }
}
