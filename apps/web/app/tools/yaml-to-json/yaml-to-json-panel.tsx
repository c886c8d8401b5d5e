import { getTool } from '@toolkit/catalog';
import { ConverterPanel, conversionTexts } from '../_data/converter-panel';
import { CheckboxField } from '../_shared/schema-fields';

const tool = getTool('yaml-to-json');

const sample = `defaults: &defaults
  retries: 3
  enabled: yes
service:
  <<: *defaults
  released: 2024-05-01
  id: 12345678901234567890
`;

/** The YAML to JSON try-it panel. */
export default function YamlToJsonPanel() {
  return (
    <ConverterPanel
      tool={tool}
      texts={conversionTexts('YAML', 'JSON')}
      sample={sample}
      accept=".yaml,.yml,application/yaml,text/yaml"
      resultLabel="JSON"
      operation="converted"
      help={
        <>
          <p>YAML 1.2: yes, no and on stay strings, dates stay as written, long integers keep every digit.</p>
          <p>Anchors and merge keys are resolved; alias bombs and duplicate keys are refused.</p>
        </>
      }
      fields={(form) => <CheckboxField form={form} name="all_documents" label="All documents (an array)" />}
    />
  );
}
