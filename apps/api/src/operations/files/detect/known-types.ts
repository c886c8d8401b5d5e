import type { FileCategory } from '@toolkit/catalog';

/**
 * What we say about each media type we can recognise: its usual extension, a description a person
 * understands, the contract's category, whether it is text, and the other extensions a file of this
 * type may honestly carry (used to decide `mismatch`). One table, so the detector, the mismatch rule
 * and the descriptions never disagree.
 */

export type Category = FileCategory;

export interface KnownType {
  ext: string;
  description: string;
  category: Category;
  isText: boolean;
  /** Other extensions a file of this type may carry without being mislabelled. */
  aliases: readonly string[];
}

const T = true;
const B = false;
const ooxml = 'application/vnd.openxmlformats-officedocument';
const odf = 'application/vnd.oasis.opendocument';

// [media type, usual extension, category, is text, description, other honest extensions]. Types
// file-type reports that are missing here still work (described from their extension); this table
// makes the common ones read well. Aliases that are container formats (a DOCX is also a valid ZIP)
// say which declared names are not a mismatch.
const rows: readonly (readonly [string, string, Category, boolean, string, string])[] = [
  ['image/jpeg', 'jpg', 'image', B, 'JPEG image', 'jpeg jpe jfif'],
  ['image/png', 'png', 'image', B, 'PNG image', ''],
  ['image/gif', 'gif', 'image', B, 'GIF image', ''],
  ['image/webp', 'webp', 'image', B, 'WebP image', ''],
  ['image/avif', 'avif', 'image', B, 'AVIF image', ''],
  ['image/heic', 'heic', 'image', B, 'HEIC image', 'heif'],
  ['image/jxl', 'jxl', 'image', B, 'JPEG XL image', ''],
  ['image/tiff', 'tif', 'image', B, 'TIFF image', 'tiff'],
  ['image/bmp', 'bmp', 'image', B, 'BMP image', 'dib'],
  ['image/x-icon', 'ico', 'image', B, 'Windows icon', 'cur'],
  ['image/x-xcf', 'xcf', 'image', B, 'GIMP image (XCF)', ''],
  ['image/vnd.adobe.photoshop', 'psd', 'image', B, 'Photoshop image', ''],
  ['image/x-portable-anymap', 'pnm', 'image', B, 'Netpbm image (PBM/PGM/PPM)', 'pbm pgm ppm pam'],
  ['image/x-tga', 'tga', 'image', B, 'Targa image', 'tpic icb vda vst'],
  ['image/svg+xml', 'svg', 'image', T, 'SVG vector image', 'xml'],
  ['audio/mpeg', 'mp3', 'audio', B, 'MP3 audio', 'mp2 mp1 mpga'],
  ['audio/ogg', 'ogg', 'audio', B, 'Ogg audio', 'oga opus spx'],
  ['audio/opus', 'opus', 'audio', B, 'Opus audio (Ogg)', 'ogg oga'],
  ['audio/wav', 'wav', 'audio', B, 'WAVE audio', 'wave'],
  ['audio/flac', 'flac', 'audio', B, 'FLAC audio', ''],
  ['audio/aac', 'aac', 'audio', B, 'AAC audio', ''],
  ['audio/x-m4a', 'm4a', 'audio', B, 'MPEG-4 audio', 'mp4 aac'],
  ['audio/aiff', 'aiff', 'audio', B, 'AIFF audio', 'aif aifc'],
  ['audio/midi', 'mid', 'audio', B, 'MIDI music', 'midi'],
  ['video/mp4', 'mp4', 'video', B, 'MPEG-4 video', 'm4v m4a'],
  ['video/webm', 'webm', 'video', B, 'WebM video', ''],
  ['video/matroska', 'mkv', 'video', B, 'Matroska video', 'mka webm'],
  ['video/quicktime', 'mov', 'video', B, 'QuickTime video', 'qt'],
  ['video/vnd.avi', 'avi', 'video', B, 'AVI video', ''],
  ['video/ogg', 'ogv', 'video', B, 'Ogg video', 'ogg'],
  ['application/pdf', 'pdf', 'document', B, 'PDF document', 'ai'],
  ['application/postscript', 'ps', 'document', T, 'PostScript document', 'eps'],
  ['application/eps', 'eps', 'document', T, 'Encapsulated PostScript', 'ps epsf'],
  ['application/rtf', 'rtf', 'document', T, 'Rich Text Format document', ''],
  ['application/epub+zip', 'epub', 'document', B, 'EPUB e-book', 'zip'],
  ['application/msword', 'doc', 'document', B, 'Word 97–2003 document', 'dot'],
  ['application/vnd.ms-excel', 'xls', 'document', B, 'Excel 97–2003 workbook', 'xlt'],
  ['application/vnd.ms-powerpoint', 'ppt', 'document', B, 'PowerPoint 97–2003 presentation', 'pps pot'],
  [
    'application/x-cfb',
    'cfb',
    'document',
    B,
    'Compound File Binary (an old Office or Windows container)',
    'msi msg doc xls ppt',
  ],
  [`${ooxml}.wordprocessingml.document`, 'docx', 'document', B, 'Word document (DOCX)', 'zip docm dotx'],
  [`${ooxml}.spreadsheetml.sheet`, 'xlsx', 'document', B, 'Excel workbook (XLSX)', 'zip xlsm xltx'],
  [
    `${ooxml}.presentationml.presentation`,
    'pptx',
    'document',
    B,
    'PowerPoint presentation (PPTX)',
    'zip pptm potx ppsx',
  ],
  [`${odf}.text`, 'odt', 'document', B, 'OpenDocument text', 'zip'],
  [`${odf}.text-template`, 'ott', 'document', B, 'OpenDocument text template', 'zip odt'],
  [`${odf}.spreadsheet`, 'ods', 'document', B, 'OpenDocument spreadsheet', 'zip'],
  [`${odf}.spreadsheet-template`, 'ots', 'document', B, 'OpenDocument spreadsheet template', 'zip ods'],
  [`${odf}.presentation`, 'odp', 'document', B, 'OpenDocument presentation', 'zip'],
  [`${odf}.presentation-template`, 'otp', 'document', B, 'OpenDocument presentation template', 'zip odp'],
  ['application/zip', 'zip', 'archive', B, 'ZIP archive', ''],
  ['application/java-archive', 'jar', 'archive', B, 'Java archive (JAR)', 'zip war ear'],
  ['application/gzip', 'gz', 'archive', B, 'gzip-compressed data', 'tgz svgz gzip z'],
  ['application/x-tar', 'tar', 'archive', B, 'tar archive', ''],
  ['application/x-bzip2', 'bz2', 'archive', B, 'bzip2-compressed data', 'tbz2 tbz'],
  ['application/x-xz', 'xz', 'archive', B, 'XZ-compressed data', 'txz'],
  ['application/zstd', 'zst', 'archive', B, 'Zstandard-compressed data', 'zstd tzst'],
  ['application/x-7z-compressed', '7z', 'archive', B, '7-Zip archive', ''],
  ['application/x-rar-compressed', 'rar', 'archive', B, 'RAR archive', ''],
  ['application/x-deb', 'deb', 'archive', B, 'Debian package', 'udeb ar'],
  ['application/x-rpm', 'rpm', 'archive', B, 'RPM package', ''],
  ['application/x-unix-archive', 'ar', 'archive', B, 'ar archive', 'a deb'],
  ['application/vnd.android.package-archive', 'apk', 'archive', B, 'Android package', 'zip'],
  ['font/ttf', 'ttf', 'font', B, 'TrueType font', ''],
  ['font/otf', 'otf', 'font', B, 'OpenType font', ''],
  ['font/woff', 'woff', 'font', B, 'WOFF web font', ''],
  ['font/woff2', 'woff2', 'font', B, 'WOFF2 web font', ''],
  [
    'application/x-elf',
    'elf',
    'executable',
    B,
    'ELF executable or library (Linux/Unix)',
    'so o bin out axf ko',
  ],
  [
    'application/x-msdownload',
    'exe',
    'executable',
    B,
    'Windows PE executable',
    'dll efi sys scr com ocx cpl',
  ],
  ['application/x-mach-binary', 'macho', 'executable', B, 'Mach-O executable (macOS)', 'dylib bundle o'],
  ['application/wasm', 'wasm', 'executable', B, 'WebAssembly module', ''],
  ['application/java-vm', 'class', 'executable', B, 'Java class file', ''],
  ['application/x-sqlite3', 'sqlite', 'data', B, 'SQLite 3 database', 'sqlite3 db db3'],
  ['application/json', 'json', 'data', T, 'JSON document', 'geojson jsonld webmanifest map'],
  ['text/csv', 'csv', 'data', T, 'CSV table (comma- or semicolon-separated values)', 'tsv tab psv'],
  ['text/tab-separated-values', 'tsv', 'data', T, 'Tab-separated values', 'tab csv'],
  [
    'application/xml',
    'xml',
    'data',
    T,
    'XML document',
    'xsd xsl xslt rss atom docbook dtd plist gml kml xaml xlf svg xhtml',
  ],
  ['application/yaml', 'yaml', 'data', T, 'YAML document', 'yml'],
  ['application/toml', 'toml', 'data', T, 'TOML document', ''],
  ['text/html', 'html', 'text', T, 'HTML document', 'htm xhtml shtml'],
  ['text/markdown', 'md', 'text', T, 'Markdown text', 'markdown mdown mkd'],
  ['text/plain', 'txt', 'text', T, 'Plain text', ''],
  ['text/x-shellscript', 'sh', 'text', T, 'Shell script', 'bash zsh ksh'],
  ['text/x-python', 'py', 'text', T, 'Python source code', 'pyw'],
  ['text/javascript', 'js', 'text', T, 'JavaScript source code', 'mjs cjs jsx ts tsx'],
  ['text/x-c', 'c', 'text', T, 'C or C++ source code', 'h cc cpp cxx hpp hh'],
  ['text/x-java', 'java', 'text', T, 'Java source code', ''],
  ['text/x-perl', 'pl', 'text', T, 'Perl script', 'pm'],
  ['text/x-ruby', 'rb', 'text', T, 'Ruby source code', ''],
  ['text/x-go', 'go', 'text', T, 'Go source code', ''],
  ['text/x-rust', 'rs', 'text', T, 'Rust source code', ''],
  ['application/x-httpd-php', 'php', 'text', T, 'PHP source code', 'phtml'],
  ['text/css', 'css', 'text', T, 'CSS stylesheet', ''],
  ['text/x-ini', 'ini', 'text', T, 'INI configuration', 'cfg conf'],
  ['application/x-empty', '', 'other', B, 'Empty file (no content)', ''],
  ['application/octet-stream', 'bin', 'other', B, 'Unrecognised binary data', ''],
];

export const knownTypes: Record<string, KnownType> = Object.fromEntries(
  rows.map(([mime, ext, category, isText, description, aliases]) => [
    mime,
    { ext, category, isText, description, aliases: aliases ? aliases.split(' ') : [] },
  ]),
);

/** Media types of our own text detectors whose declared extension we may trust when content is only "plain text". */
export const mimeByTextExtension: Record<string, string> = {
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  md: 'text/markdown',
  markdown: 'text/markdown',
  ini: 'text/x-ini',
  cfg: 'text/x-ini',
  conf: 'text/x-ini',
  py: 'text/x-python',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  ts: 'text/javascript',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c',
  java: 'text/x-java',
  go: 'text/x-go',
  rs: 'text/x-rust',
  php: 'application/x-httpd-php',
  css: 'text/css',
  sh: 'text/x-shellscript',
  bash: 'text/x-shellscript',
};

/** Binary formats without a signature: only the declared extension can name them. */
export const mimeByBinaryExtension: Record<string, string> = {
  tga: 'image/x-tga',
};

/** Media type for an extension we know (first table entry that claims it), for declared names. */
export function mimeForExtension(ext: string): string | undefined {
  const lower = ext.toLowerCase();
  for (const [mime, type] of Object.entries(knownTypes)) {
    if (type.ext === lower) return mime;
  }
  for (const [mime, type] of Object.entries(knownTypes)) {
    if (lower !== 'zip' && type.aliases.includes(lower)) return mime;
  }
  return undefined;
}
