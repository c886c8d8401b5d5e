import type { GroupId } from '@toolkit/catalog';
import {
  AudioLines,
  Braces,
  FileText,
  Folder,
  Image as ImageIcon,
  type LucideIcon,
  Type,
} from 'lucide-react';

/** An icon per API group (home page cards). */
export const groupIcons: Record<GroupId, LucideIcon> = {
  image: ImageIcon,
  text: Type,
  file: Folder,
  data: Braces,
  media: AudioLines,
  document: FileText,
};
