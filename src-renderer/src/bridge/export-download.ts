// Bridge.saveExport in the headless host's page: the host streams the export over HTTP
// (EXPORT_SESSION_PATH, behind the page's session cookie) and the browser saves it as a download,
// so a session of any size never has to fit in the page. A check first, so that what stops the
// export (an unknown session, say) reads as words here rather than as a failed download.
import { errorText } from '../../../src-shared/contract/errors';
import {
  CommandError,
  exportSessionUrl,
  type Bridge,
  type ErrorCode,
  type SavedExport,
} from '../../../src-shared/contract';
import { startDownload } from '../components/download';

const CODES: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'forbidden',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

export function httpSaveExport(
  fetchFn: typeof fetch = (...args) => fetch(...args),
  download: (url: string) => void = startDownload,
): NonNullable<Bridge['saveExport']> {
  return async (input): Promise<SavedExport> => {
    let check: Response;
    try {
      check = await fetchFn(exportSessionUrl(input, true), { cache: 'no-store' });
    } catch (err) {
      throw new CommandError({
        code: 'transport_closed',
        message: `The host did not answer, so nothing was exported (${errorText(err)}). If it was restarted, open the new address it printed.`,
      });
    }
    if (!check.ok) {
      const words = (await check.text()).trim();
      throw new CommandError({
        code: CODES[check.status] ?? 'internal',
        message: words || `The host refused the export (HTTP ${check.status}).`,
      });
    }
    download(exportSessionUrl(input));
    return { outcome: 'downloading' };
  };
}
