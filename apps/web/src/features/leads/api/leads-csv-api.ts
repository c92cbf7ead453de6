import { apiPath, ImportCsvResponseSchema, leadsPaths, type ImportCsvOptions, type ImportCsvResponse, type LeadFilterQuery } from '@myeai/domain';
import { ApiError, apiErrorFromBody, networkError } from '../../../lib/api-client.ts';
import { leadQueryString } from './leads-api.ts';

/** Hands a downloaded body to the browser as a file. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

async function download(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw apiErrorFromBody(response.status, await response.json().catch(() => null));
  saveBlob(await response.blob(), fileNameOf(response, fallbackName));
}

export const downloadLeadTemplate = () => download(apiPath(leadsPaths.csvTemplate), 'leads_template.csv');

export const downloadLeadExport = (filter: LeadFilterQuery) => download(`${apiPath(leadsPaths.csvExport)}${leadQueryString(filter)}`, 'leads.csv');

/** Saves CSV text made in the browser (the rejected rows of an import). */
export function saveCsvText(text: string, fileName: string) {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

export type UploadProgress = { loaded: number; total: number };

/**
 * POST /api/leads/import/csv through XMLHttpRequest, whose upload events report progress
 * (fetch has none). Resolves with the import report; rejects with the server's message.
 */
export function uploadLeadCsv(file: File, options: Partial<ImportCsvOptions>, onProgress: (progress: UploadProgress) => void): Promise<ImportCsvResponse> {
  const form = new FormData();
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  if (options.on_duplicate) form.append('on_duplicate', options.on_duplicate);
  if (options.default_stage) form.append('default_stage', options.default_stage);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiPath(leadsPaths.csvImport));
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300) {
        const parsed = ImportCsvResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(request.status, 'INTERNAL', 'The server answered in an unexpected way. Please try again.'));
        return;
      }
      reject(apiErrorFromBody(request.status, body));
    });
    request.addEventListener('error', () => reject(networkError()));
    request.send(form);
  });
}
