import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bulkUploadContracts as c, buildPath, type BulkUploadReport } from '@tt/domain';
import { ApiError, call, NETWORK_ERROR_CODE } from '../../lib/api';
import { invalidateAfter } from '../../lib/invalidation';
import { supplierKeys } from './api';

/** Bulk upload (spec 3 /bulk-upload; docs/decisions/021): history, one report, upload and confirm. */
export const uploadKeys = {
  all: () => [...supplierKeys.all, 'uploads'] as const,
  history: () => [...uploadKeys.all(), 'history'] as const,
  report: (id: number) => [...uploadKeys.all(), 'report', id] as const,
};

export const templateUrl = (format: 'xlsx' | 'csv') => `${c.template.path}?format=${format}`;

export const useUploadHistory = () =>
  useQuery({ queryKey: uploadKeys.history(), queryFn: () => call(c.history) });

/** One upload's report; while it imports it is read again every second (the progress bar). */
export const useUploadReport = (id: number | null, importing: boolean) =>
  useQuery({
    queryKey: uploadKeys.report(id ?? 0),
    queryFn: () => call(c.report, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: importing ? 1000 : false,
  });

export const fetchReport = (id: number) => call(c.report, { params: { id } });

/**
 * POST /api/bulk-upload/products with XMLHttpRequest, the one browser call that reports how much of a
 * body is sent (fetch does not): `onProgress` gets 0-100. A refusal becomes the usual ApiError.
 */
export function uploadProducts(file: File, onProgress: (percent: number) => void): Promise<BulkUploadReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildPath(c.upload.path, {}));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_CODE, 'errors.network'));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as BulkUploadReport);
      const error = (data as { error?: { code: string; message: string; fields?: Record<string, string> } })
        ?.error;
      if (error) return reject(new ApiError(xhr.status, error.code, error.message, error.fields, data));
      reject(new ApiError(xhr.status, 'http', `HTTP error! status: ${xhr.status}`));
    };
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

export function useUploadProducts(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProducts(file, onProgress),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: uploadKeys.history() }),
  });
}

export function useConfirmUpload(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on_errors: 'skip' | 'refuse') => call(c.confirm, { params: { id }, body: { on_errors } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: uploadKeys.all() });
      void queryClient.invalidateQueries({ queryKey: supplierKeys.products() });
      void invalidateAfter(queryClient, 'listing.changed');
    },
  });
}
