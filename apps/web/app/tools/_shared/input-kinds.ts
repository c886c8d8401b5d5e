import type { InputKind } from '@toolkit/catalog';
import { FileAudioIcon, FileIcon, FileTextIcon, ImageIcon, type LucideIcon } from 'lucide-react';

/*
 * What the panel frame says and checks about a tool's main input, derived from its catalog input
 * kind: the noun in its messages, the picker's filter, and the one client-side check of a file's type
 * (specification §5; the server checks the real content).
 */

export interface InputProfile {
  /** 'image', 'audio file', 'PDF', 'file'. */
  noun: string;
  /** The <input type=file> accept filter; undefined takes anything. */
  accept: string | undefined;
  /** True when the file may be sent. Files whose type the browser does not know pass: the server decides. */
  matches: (file: File) => boolean;
  /** Shown under the area when a chosen file does not match. */
  invalidMessage: string;
  /** The toast when the form is sent without the input. */
  missingMessage: string;
  icon: LucideIcon;
  /** Images get a picture preview; other files a tile with their icon. */
  preview: boolean;
}

/** Specification §5. */
export const MISSING_IMAGE_MESSAGE = 'Please upload an image before submitting.';
export const INVALID_IMAGE_MESSAGE = 'Please upload a valid image file.';

const image: InputProfile = {
  noun: 'image',
  accept: 'image/*',
  matches: (file) => file.type.startsWith('image/'),
  invalidMessage: INVALID_IMAGE_MESSAGE,
  missingMessage: MISSING_IMAGE_MESSAGE,
  icon: ImageIcon,
  preview: true,
};

const audio: InputProfile = {
  noun: 'audio file',
  accept: 'audio/*,video/*',
  // Some containers (.m4a, .webm) are reported as video/*; an unknown type is left to the server.
  matches: (file) => file.type === '' || /^(audio|video)\//.test(file.type),
  invalidMessage: 'Please upload a valid audio file.',
  missingMessage: 'Please upload an audio file before submitting.',
  icon: FileAudioIcon,
  preview: false,
};

const pdf: InputProfile = {
  noun: 'PDF',
  accept: 'application/pdf,.pdf',
  matches: (file) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name),
  invalidMessage: 'Please upload a valid PDF file.',
  missingMessage: 'Please upload a PDF before submitting.',
  icon: FileTextIcon,
  preview: false,
};

const anyFile: InputProfile = {
  noun: 'file',
  accept: undefined,
  matches: () => true,
  invalidMessage: 'Please upload a valid file.',
  missingMessage: 'Please upload a file before submitting.',
  icon: FileIcon,
  preview: false,
};

/** The profile of a file input, from its catalog field name. */
export function inputProfile(input: InputKind): InputProfile {
  switch (input.field) {
    case 'image':
    case 'images':
      return image;
    case 'audio':
      return audio;
    case 'pdf':
      return pdf;
    default:
      return anyFile;
  }
}

const textNames: Record<string, string> = {
  json: 'JSON',
  csv: 'CSV',
  xml: 'XML',
  yaml: 'YAML',
  base64: 'Base64',
};

/** What a text tool's text is called: 'JSON', 'CSV', 'Base64', else 'text'. */
export function textNoun(textKey: string): string {
  return textNames[textKey] ?? 'text';
}
