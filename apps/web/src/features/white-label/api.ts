import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { brandingContracts as c, storedBranding, type Branding, type BrandingInput } from '@tt/domain';
import { call } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
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

/** POST /api/branding/logo: multipart, so sent by the upload helper rather than the JSON fetcher. */
const uploadLogo = (file: File) => uploadFile<Branding>(c.uploadLogo.path, file);
export const useUploadLogo = () => useBrandingChange(uploadLogo);
