import { getTool } from '@toolkit/catalog';
import { ConverterPanel, conversionTexts } from '../_data/converter-panel';
import { CheckboxField, TextField } from '../_shared/schema-fields';

const tool = getTool('xml-to-json');

const sample = `<?xml version="1.0" encoding="UTF-8"?>
<catalog>
  <book id="1"><title>Dune</title><isbn>0441013597</isbn></book>
  <book id="2"><title>Emma</title><isbn>0141439580</isbn></book>
</catalog>`;

/** The XML to JSON try-it panel. */
export default function XmlToJsonPanel() {
  return (
    <ConverterPanel
      tool={tool}
      texts={conversionTexts('XML', 'JSON')}
      sample={sample}
      accept=".xml,application/xml,text/xml"
      resultLabel="JSON"
      operation="converted"
      help={
        <>
          <p>Values stay text, so 0441013597 keeps its leading zero. Repeated elements become arrays.</p>
          <p>A DOCTYPE is never fetched; documents that declare entities are refused.</p>
        </>
      }
      fields={(form) => (
        <>
          <TextField form={form} name="attribute_prefix" label="Attribute prefix" />
          <TextField form={form} name="text_key" label="Text key" />
          <CheckboxField form={form} name="always_array" label="Every element as an array" />
        </>
      )}
    />
  );
}
