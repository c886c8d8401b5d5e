import { getTool } from '@toolkit/catalog';
import { ConverterPanel, conversionTexts } from '../_data/converter-panel';
import { delimiterLabels } from '../_data/delimiters';
import { Fact } from '../_shared/results/result-card';
import { CheckboxField, SelectField } from '../_shared/schema-fields';

const tool = getTool('json-to-csv');

const sample = `[
  { "name": "Ada Lovelace", "born": 1815, "address": { "city": "London" } },
  { "name": "Alan Turing", "born": 1912, "address": { "city": "Wilmslow" }, "note": "=1+1" }
]`;

/** The JSON to CSV try-it panel. */
export default function JsonToCsvPanel() {
  return (
    <ConverterPanel
      tool={tool}
      texts={conversionTexts('JSON', 'CSV')}
      sample={sample}
      accept=".json,application/json"
      resultLabel="CSV"
      operation="converted"
      help={
        <>
          <p>An array of objects gives one row each; the columns are every key, in the order first seen.</p>
          <p>Cells starting with = + - or @ get a leading ' so a spreadsheet does not run them.</p>
        </>
      }
      fields={(form) => (
        <>
          <SelectField form={form} name="delimiter" label="Delimiter" optionLabels={delimiterLabels} />
          <CheckboxField form={form} name="header" label="Header row" />
          <CheckboxField form={form} name="flatten" label="Flatten nested objects" />
          <CheckboxField form={form} name="escape_formulas" label="Escape formulas" />
        </>
      )}
      facts={(result) => <Fact label="Rows">{result.headers.get('x-row-count') ?? '—'}</Fact>}
    />
  );
}
