import { getTool } from '@toolkit/catalog';
import { ConverterPanel, conversionTexts } from '../_data/converter-panel';
import { CheckboxField, TextField } from '../_shared/schema-fields';

const tool = getTool('json-to-xml');

const sample = `{
  "book": [
    { "@id": "1", "title": "Dune", "price": 9.99 },
    { "@id": "2", "title": "Emma & Co <classics>" }
  ]
}`;

/** The JSON to XML try-it panel. */
export default function JsonToXmlPanel() {
  return (
    <ConverterPanel
      tool={tool}
      texts={conversionTexts('JSON', 'XML')}
      sample={sample}
      accept=".json,application/json"
      resultLabel="XML"
      operation="converted"
      help={
        <>
          <p>
            Keys starting with @ become attributes and #text an element's text; arrays repeat their element.
          </p>
          <p>Keys that cannot be XML names (spaces, a leading digit) are refused, naming where they are.</p>
        </>
      }
      fields={(form) => (
        <>
          <TextField form={form} name="root" label="Root element" />
          <TextField form={form} name="item" label="Array item element" />
          <CheckboxField form={form} name="pretty" label="Indent" />
        </>
      )}
    />
  );
}
