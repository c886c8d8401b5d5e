import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { FileResult, FormValue } from '~/lib/api-client';
import { useApiClient } from '~/lib/use-api-client';

/**
 * A mutation that posts an image form and receives an image. Retries (network errors, 5xx and 429,
 * at most twice) come from the query client's mutation defaults. Success shows `successMessage` as a
 * toast; errors are left to the panel, which shows them inline.
 */
export function useImageFileMutation(path: string, successMessage: string) {
  const client = useApiClient();
  return useMutation<FileResult, Error, Readonly<Record<string, FormValue>>>({
    mutationFn: (fields) => client.postFormForFile(path, fields),
    onSuccess: () => {
      toast.success(successMessage);
    },
  });
}
