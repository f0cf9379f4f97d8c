import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { brandingContracts as c, storedBranding, type Branding, type BrandingInput } from '@tt/domain';
import { ApiError, call, NETWORK_ERROR_CODE } from '../../lib/api';
import { setBranding } from '../../lib/branding';
import { queryRoots } from '../../lib/invalidation';

export const brandingKeys = {
  all: [queryRoots.branding] as const,
};

/** GET /api/branding: what is saved (the screen edits a copy of it). */
export function useSavedBranding() {
  return useQuery({ queryKey: brandingKeys.all, queryFn: () => call(c.get) });
}

/** Every change answers the whole branding: it is applied to this device at once and kept for the next start. */
function useBrandingChange<V>(run: (value: V) => Promise<Branding>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (branding) => {
      client.setQueryData(brandingKeys.all, branding);
      setBranding(storedBranding(branding));
    },
  });
}

export const useSaveBranding = () => useBrandingChange((body: BrandingInput) => call(c.save, { body }));
export const useRemoveLogo = () => useBrandingChange((_: void) => call(c.removeLogo));

/** POST /api/branding/logo: multipart, so by hand beside the JSON fetcher (as community pictures are). */
async function uploadLogo(file: File): Promise<Branding> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(c.uploadLogo.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, 'errors.network');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as { error?: { code: string; message: string; fields?: Record<string, string> } })
      ?.error;
    if (error) throw new ApiError(response.status, error.code, error.message, error.fields, data);
    throw new ApiError(response.status, 'http', `HTTP error! status: ${response.status}`);
  }
  return data as Branding;
}
export const useUploadLogo = () => useBrandingChange(uploadLogo);
