import type { ToolIconName, ToolId } from '@toolkit/catalog';
import {
  ArrowLeftRight,
  Binary,
  Braces,
  Code,
  CodeXml,
  FileArchive,
  FileAudio,
  FileBraces,
  FileCode,
  FileInput,
  FileSearch,
  FileSpreadsheet,
  FileText,
  FileType,
  FlipHorizontal2,
  Images,
  LayoutGrid,
  LetterText,
  LockOpen,
  type LucideIcon,
  RotateCw,
  Scaling,
  Shrink,
} from 'lucide-react';
import { navTools } from '~/lib/catalog';

/* The components of the icons the catalog names: only these are bundled. */
const icons: Record<ToolIconName, LucideIcon> = {
  ArrowLeftRight,
  Binary,
  Braces,
  Code,
  CodeXml,
  FileArchive,
  FileAudio,
  FileBraces,
  FileCode,
  FileInput,
  FileSearch,
  FileSpreadsheet,
  FileText,
  FileType,
  FlipHorizontal2,
  Images,
  LayoutGrid,
  LetterText,
  LockOpen,
  RotateCw,
  Scaling,
  Shrink,
};

/** An icon per page, shown in the sidebar (the only thing visible when it is collapsed to icons). */
export const toolIcons = Object.fromEntries(navTools.map((tool) => [tool.id, icons[tool.icon]])) as Record<
  ToolId,
  LucideIcon
>;
