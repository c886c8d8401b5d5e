import { getTool } from '@toolkit/catalog';
import { ConverterPanel } from '../_data/converter-panel';
import { CheckboxField, NumberField } from '../_shared/schema-fields';

const tool = getTool('base64-encode');

/** The Base64 Encode try-it panel. */
export default function Base64EncodePanel() {
  return (
    <ConverterPanel
      tool={tool}
      texts={{
        submit: 'Encode',
        submitting: 'Encoding…',
        success: 'Successfully encoded to Base64.',
        failure: 'An error occurred while encoding.',
      }}
      sample="Hello, world!"
      accept="*/*"
      resultLabel="Base64"
      operation="base64"
      help={
        <>
          <p>Text is encoded as UTF-8; an uploaded file's bytes are encoded exactly as they are.</p>
          <p>URL-safe Base64 uses - and _ and leaves out the = padding.</p>
        </>
      }
      fields={(form) => (
        <>
          <CheckboxField form={form} name="url_safe" label="URL-safe alphabet" />
          <NumberField form={form} name="line_length" label="Line length" />
        </>
      )}
    />
  );
}
