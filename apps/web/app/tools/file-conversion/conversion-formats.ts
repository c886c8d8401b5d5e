import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '~/lib/use-api-client';

/** GET /files/convert/formats: what this server converts right now. */
export interface ConversionFormats {
  conversions: Record<string, string[]>;
  unavailable: { from: string; to: string; reason: string }[];
  extensions: Record<string, string[]>;
}

export const formatsPath = '/files/convert/formats';

/** The server's list, fetched once per page (it changes only when the server is set up anew). */
export function useConversionFormats() {
  const client = useApiClient();
  return useQuery({
    queryKey: ['files', 'convert', 'formats', client.baseUrl],
    queryFn: async (): Promise<ConversionFormats> => {
      const response = await fetch(`${client.baseUrl}${formatsPath}`, {
        headers: { Accept: 'application/json' },
      });
      if (!response.ok)
        throw new Error(`The list of conversions could not be loaded (HTTP ${response.status}).`);
      const body = (await response.json()) as { data: ConversionFormats };
      return body.data;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The source format of a chosen file by its name, as the server's list names them ('jpg' → 'jpeg'). */
export function sourceFormatOf(fileName: string, formats: ConversionFormats): string | undefined {
  const ext = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!ext) return undefined;
  return Object.entries(formats.extensions).find(([, extensions]) => extensions.includes(ext))?.[0];
}

/** What the chosen file may be converted to here: the server's list for its format, else nothing. */
export function targetsFor(fileName: string | undefined, formats: ConversionFormats | undefined): string[] {
  if (!fileName || !formats) return [];
  const source = sourceFormatOf(fileName, formats);
  return source ? (formats.conversions[source] ?? []) : [];
}

/**
 * What the panel says of a file this server cannot convert: why, and which files it does convert.
 *
 * @example noConversionMessage('pptx', formats) // 'This server does not convert PPTX files. … It converts CSV, DOCX, …'
 */
export function noConversionMessage(source: string | undefined, formats: ConversionFormats): string {
  const reason = formats.unavailable.find((entry) => entry.from === source)?.reason;
  const convertible = Object.entries(formats.conversions)
    .filter(([, targets]) => targets.length > 0)
    .map(([from]) => from.toUpperCase())
    .sort();
  return [
    `This server does not convert ${source ? `${source.toUpperCase()} files` : 'files of this type'}.`,
    ...(reason ? [reason] : []),
    `Choose a file of one of these formats: ${convertible.join(', ')}.`,
  ].join(' ');
}
