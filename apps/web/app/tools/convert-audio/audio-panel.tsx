import { getTool, readableAudioText } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { AudioResult } from '../_shared/results/audio-result';
import { NumberField, SelectField } from '../_shared/schema-fields';
import { formTexts, maxAudioMinutes, uploadLimit } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';

const tool = getTool('convert-audio');

const texts = formTexts('Convert Audio', 'Converting…', 'converting the audio');

const formatLabels = {
  mp3: 'MP3',
  wav: 'WAV (16-bit PCM)',
  ogg: 'OGG (Vorbis)',
  opus: 'Opus',
  flac: 'FLAC (lossless)',
  aac: 'AAC',
  m4a: 'M4A (AAC)',
} as const;

/** Formats that keep every sample: a bitrate means nothing to them. */
const lossless = new Set(['wav', 'flac']);

/** The Audio Format Converter try-it panel. */
export default function AudioPanel() {
  // Conversions take up to minutes: always a job, which a reload finds again.
  const mutation = useToolMutation(tool, {
    successMessage: 'Audio successfully converted.',
    runAsJob: () => true,
  });
  const upload = useFileUpload(tool.api.input, mutation.reset);
  const form = useSchemaForm(tool.api.request, { format: 'mp3' });
  const noBitrate = lossless.has(String(form.values.format));

  const submit = checkedSubmit(form, upload.take, (input, { bitrate, ...fields }) =>
    mutation.mutate({ ...input, fields: noBitrate ? fields : { ...fields, bitrate } }),
  );

  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="Which format?">
          <p>
            <strong className="font-semibold text-foreground">MP3</strong> plays everywhere;{' '}
            <strong className="font-semibold text-foreground">Opus</strong> sounds best at low bitrates (64
            kbit/s is fine for speech); <strong className="font-semibold text-foreground">FLAC</strong> and
            WAV keep every sample.
          </p>
          <p>
            Audio up to {maxAudioMinutes} and {uploadLimit(tool)}. Reads {readableAudioText}.
          </p>
        </HelpCard>
      }
    >
      <FormCard label="Convert an audio file" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea
          upload={upload}
          hint={`MP3, WAV, OGG, FLAC, M4A and more, up to ${uploadLimit(tool)} and ${maxAudioMinutes}.`}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="format" label="Output format" optionLabels={formatLabels} help="" />
          <NumberField
            form={form}
            name="bitrate"
            label="Bitrate (kbit/s)"
            disabled={noBitrate}
            help={noBitrate ? 'Lossless: no bitrate to choose.' : '32–320; empty for the format’s default.'}
          />
          <NumberField
            form={form}
            name="sample_rate"
            label="Sample rate (Hz)"
            help="8000–96000; empty keeps the input’s."
          />
          <NumberField
            form={form}
            name="channels"
            label="Channels"
            help="1 (mono) or 2 (stereo); empty keeps the input’s."
          />
        </div>
      </FormCard>
      {mutation.data && <AudioResult result={mutation.data} original={upload.file} operation="convert" />}
    </ToolPanel>
  );
}
