import { getTool } from '@toolkit/catalog';
import { ConverterPanel, conversionTexts } from '../_data/converter-panel';
import { delimiterLabels } from '../_data/delimiters';
import { Fact } from '../_shared/results/result-card';
import { CheckboxField, SelectField } from '../_shared/schema-fields';

const tool = getTool('csv-to-json');

const sample = 'name;born;zip\nAda Lovelace;1815;01234\nAlan Turing;1912;\n';

/** The CSV to JSON try-it panel. */
export default function CsvToJsonPanel() {
  return (
    <ConverterPanel
      tool={tool}
      texts={conversionTexts('CSV', 'JSON')}
      sample={sample}
      accept=".csv,.tsv,.tab,.txt,text/csv,text/tab-separated-values,text/plain"
      resultLabel="JSON"
      operation="converted"
      help={
        <>
          <p>
            The delimiter is detected unless you choose one. Quoted fields may hold delimiters and line
            breaks.
          </p>
          <p>Typing never loses digits: 01234, 0x1F, 1.0 and very long numbers stay text.</p>
        </>
      }
      fields={(form) => (
        <>
          <SelectField
            form={form}
            name="delimiter"
            label="Delimiter"
            optionLabels={delimiterLabels}
            defaultLabel="Detect"
          />
          <CheckboxField form={form} name="header" label="First row is the header" />
          <CheckboxField form={form} name="dynamic_typing" label="Type numbers, booleans and nulls" />
          <CheckboxField form={form} name="skip_empty_lines" label="Skip empty lines" />
        </>
      )}
      facts={(result) => {
        const ragged = result.headers.get('x-ragged-rows');
        return (
          <>
            <Fact label="Rows">{result.headers.get('x-row-count') ?? '—'}</Fact>
            <Fact label="Delimiter" mono>
              {result.headers.get('x-delimiter') ?? '—'}
            </Fact>
            {ragged && (
              <Fact label="Ragged rows">
                <span className="text-destructive" data-testid="ragged-rows">
                  {ragged}, the first is row {result.headers.get('x-ragged-first-row')}: missing fields are
                  null, extra ones are under "__parsed_extra"
                </span>
              </Fact>
            )}
          </>
        );
      }}
    />
  );
}
