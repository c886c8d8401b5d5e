import { alsoReadFormats, maxImageSide, maxImageUpload, supportedFormats } from '../_shared/image-formats';
import { HelpCard } from '../_shared/panel';
import { labels } from './resize-form';

/** Limits and usage notes beside the Resize form (specification §2 and §9). */
export function ResizeHelp() {
  return (
    <>
      <HelpCard title="Limits">
        <ul className="flex list-disc flex-col gap-1 pl-4">
          <li>
            Maximum dimensions: {maxImageSide} × {maxImageSide} px.
          </li>
          <li>Images up to {maxImageUpload}.</li>
          <li>
            Formats: {supportedFormats}. Also reads {alsoReadFormats}.
          </li>
        </ul>
      </HelpCard>
      <HelpCard title="Usage">
        <ol className="flex list-decimal flex-col gap-1 pl-4">
          <li>Drop an image on the area, or use Select file.</li>
          <li>
            Give a width, a height or both. With {labels.maintainAspect} on, one side is enough: the other
            follows the picture's proportions.
          </li>
          <li>Lower the quality for smaller JPEG and WebP files; PNG stays lossless.</li>
          <li>Press {labels.submit}, then download the result.</li>
        </ol>
      </HelpCard>
    </>
  );
}
