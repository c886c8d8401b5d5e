import { getTool } from '@toolkit/catalog';
import { ConverterPanel } from '../_data/converter-panel';

const tool = getTool('base64-decode');

/** The Base64 Decode try-it panel: text is shown, a file is offered as a download of its type. */
export default function Base64DecodePanel() {
  return (
    <ConverterPanel
      tool={tool}
      texts={{
        submit: 'Decode',
        submitting: 'Decoding…',
        success: 'Base64 successfully decoded.',
        failure: 'An error occurred while decoding.',
      }}
      sample="SGVsbG8sIHdvcmxkIQ=="
      accept=".txt,.b64,text/plain"
      resultLabel="Decoded text"
      operation="decoded"
      help={
        <>
          <p>Standard and URL-safe Base64 are both read; padding is optional, line breaks are ignored.</p>
          <p>Anything else is refused, naming the first position that is not Base64.</p>
        </>
      }
      // url_safe restricts the alphabet; the panel reads both, as the API does by default.
      fields={() => null}
    />
  );
}
