// The Electron preload's `window.tp`, adapted so a failed command rejects with a CommandError like
// the WebSocket transport: the preload throws a plain `{name, code, message, issues?}` object
// (contextBridge would strip an Error's custom fields), rebuilt here.
import { errorText } from '../../../src-shared/contract/errors';
import { CommandError, CommandErrorShape, type Bridge } from '../../../src-shared/contract';

function toCommandError(err: unknown): CommandError {
  if (err instanceof CommandError) return err;
  const shape = CommandErrorShape.safeParse(err);
  if (shape.success) return new CommandError(shape.data);
  return new CommandError({
    code: 'internal',
    message: `The app's bridge failed: ${errorText(err)}`,
  });
}

export function adaptPreloadBridge(tp: Bridge): Bridge {
  const saveExport = tp.saveExport?.bind(tp);
  return {
    invoke: (name, input) =>
      tp.invoke(name, input).catch((err: unknown) => {
        throw toCommandError(err);
      }),
    on: (event, listener) => tp.on(event, listener),
    ...(saveExport
      ? {
          saveExport: (input) =>
            saveExport(input).catch((err: unknown) => {
              throw toCommandError(err);
            }),
        }
      : {}),
  };
}
