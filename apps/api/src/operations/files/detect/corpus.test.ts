import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, nestedJsonArrays } from '../../../../test/helpers/fixtures.js';
import { detectFileType } from './detect.js';

/*
 * Detection of every file of the repository's corpus (fixtures/corpus), checked against its
 * MANIFEST: every file has a row there, each file's expected type is listed below, the list must
 * name exactly the MANIFEST's files, and each expectation must agree with the MANIFEST's own words
 * about the file (the keyword of its type in the row's section, details or notes, or in the row of
 * the file it is a byte copy of).
 */

// What each type is called in MANIFEST rows (file -b output, vips loaders, notes).
const manifestWords: Record<string, RegExp> = {
  'image/jpeg': /JPEG|jpegload/,
  'image/png': /PNG|pngload/,
  'image/gif': /GIF|gifload/,
  'image/webp': /WebP|webpload/,
  'image/avif': /AVIF/,
  'image/jxl': /JPEG XL/,
  'image/tiff': /TIFF|tiffload/,
  'image/bmp': /BMP/,
  'image/x-icon': /ICO/,
  'image/x-xcf': /XCF/,
  'image/x-portable-anymap': /PPM|ppmload/,
  'image/x-tga': /Targa/,
  'image/svg+xml': /SVG/,
  'audio/wav': /container wav/,
  'audio/ogg': /container ogg|Ogg/,
  'audio/flac': /container flac/,
  'audio/mpeg': /container mp3/,
  'application/pdf': /PDF/,
  'application/zstd': /Zstandard/,
  'application/x-bzip2': /bzip2/,
  'application/x-elf': /ELF/,
  'application/epub+zip': /EPUB/,
  'application/java-archive': /Java archive/,
  'application/x-xz': /XZ compressed/,
  'text/html': /XHTML|HTML|\.html`/,
  'application/gzip': /gzip/,
  'font/woff2': /WOFF2/,
  'font/ttf': /TrueType/,
  'application/x-sqlite3': /SQLite/,
  'application/vnd.oasis.opendocument.presentation-template': /OpenDocument Presentation Template/,
  'application/vnd.oasis.opendocument.text-template': /OpenDocument Text Template/,
  'application/zip': /Zip archive/,
  'application/x-msdownload': /PE32/,
  'application/x-deb': /Debian binary package/,
  'application/eps': /PostScript/,
  'application/json': /JSON|\.json`|nested arrays/,
  'application/xml': /XML/,
  'application/yaml': /YAML|yaml|anchors/,
  'text/csv': /CSV|csv|Semicolon-separated/,
  'text/tab-separated-values': /Tab-separated/,
  'text/markdown': /Markdown/,
  'text/plain': /text/,
  'application/x-empty': /empty/,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': /DOCX/,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': /XLSX/,
};

const byDir = (prefix: string, mime: string, paths: string) =>
  Object.fromEntries(
    paths
      .split(/\s+/)
      .filter(Boolean)
      .map((p) => [`${prefix}/${p}`, mime]),
  );

// Every file's expected media type, by path. Files not listed here fail the test.
const expected: Record<string, string> = {
  ...byDir('audio', 'audio/wav', 'Front_Center_pcm16_48k_mono.wav morning_coffee_pcm16_8k_mono.wav'),
  ...byDir('audio', 'audio/ogg', 'calmrace_vorbis_48k_stereo.ogg complete_vorbis_stereo.oga'),
  'audio/trancegate_96k_mono.flac': 'audio/flac',
  'audio/wonrace_128k.mp3': 'audio/mpeg',
  ...byDir(
    'data/json',
    'application/json',
    'gdalmdiminfo_output.schema.json iso_4217.json mdn-data-package.json',
  ),
  ...byDir(
    'data/xml',
    'application/xml',
    'gdal-gml_registry.xml gnome-photos-gegl-pipeline.xml iso_4217.xml osinfo-debian-preseed-jeos.xml xkb-evdev.xml',
  ),
  ...byDir(
    'data/yaml',
    'application/yaml',
    'ansible-base.yml faker-en-SG.yml faker-zh-CN.yml netplan-bonding.yaml netplan-wireguard.yaml',
  ),
  ...byDir(
    'data/csv',
    'text/csv',
    'gdal-ozi_datum.csv gdal-s57attributes.csv ieee-oui_2008-rows.csv sklearn-iris.csv statsmodels-statecrime.csv unicode-Blocks.txt',
  ),
  'data/csv/tzdata-zone1970.tab': 'text/tab-separated-values',
  ...byDir(
    'text',
    'text/plain',
    'GPL-3.txt debian-reference.ja_head.txt debian-reference.zh-cn_head.txt fortunes-knowledge.ru.txt jargon-file-4.4.7_head.txt tang300-poems.zh.txt',
  ),
  'text/faker-README.md': 'text/markdown',
  ...byDir(
    'pdf',
    'application/pdf',
    'debian-reference-zh-cn_251p.pdf image-only_felsen-wasser_1page.pdf ltnews18_1page.pdf lwarp_1370p.pdf polyglossia-example-chinese_1page.pdf pspicture_ghostscript705_3p.pdf tkz-euclide_figures_259p.pdf',
  ),
  ...byDir(
    'images',
    'image/jpeg',
    'exif_orientation6_panasonic_640x428.jpg grayscale_1band_2560x1600.jpg icc_profile_48x48.jpeg photo_after-the-rain_pentaxk7_3000x1993.jpg photo_elephants_3840x2160.jpg photo_freshflower_progressive_1600x1203.jpg portrait_flow_720x1440.jpg',
  ),
  ...byDir(
    'images',
    'image/png',
    'alpha_tree-cutout_312x500.png chelsea_cat_451x300.png palette_green_320x240.png photo_drop_pentaxk7_exif_2000x1333.png rgb16_chessboard_200x200.png',
  ),
  ...byDir('images', 'image/gif', 'gif_animated_aero_350x189.gif gif_static_earth.gif'),
  ...byDir('images', 'image/tiff', 'tiff_gray16_bigendian.tif tiff_multipage_gray_10x15.tif'),
  'images/avif_sample.avif': 'image/avif',
  'images/bmp_sample.bmp': 'image/bmp',
  'images/ico_multires_stellarium.ico': 'image/x-icon',
  'images/jxl_sample.jxl': 'image/jxl',
  'images/ppm_teapot.ppm': 'image/x-portable-anymap',
  'images/svg_gdal-logo.svg': 'image/svg+xml',
  'images/tga_sample.tga': 'image/x-tga',
  'images/webp_lossless_sample.webp': 'image/webp',
  'misc/GPL-3.txt.zst': 'application/zstd',
  'misc/Unihan_Variants.txt.bz2': 'application/x-bzip2',
  'misc/aplay.elf': 'application/x-elf',
  'misc/calibre-quick-start-eng.epub': 'application/epub+zip',
  'misc/commons-cli.jar': 'application/java-archive',
  'misc/data.tar.xz': 'application/x-xz',
  'misc/debian-reference-ch08.en.html': 'text/html',
  ...byDir('misc', 'application/gzip', 'gnome-cool.svgz'),
  'misc/dejavusansmono-webfont.woff2': 'font/woff2',
  'misc/kstars-citydb.sqlite': 'application/x-sqlite3',
  'misc/libreoffice-Yellow_Idea.otp': 'application/vnd.oasis.opendocument.presentation-template',
  'misc/libreoffice-template-stl-03.ott': 'application/vnd.oasis.opendocument.text-template',
  'misc/mathsPICfigures.zip': 'application/zip',
  'misc/memtest86+x64.efi': 'application/x-msdownload',
  'misc/mobile-broadband-provider-info_20230416-1_all.deb': 'application/x-deb',
  'misc/pc_20.ttf': 'font/ttf',
  'misc/sample.xcf': 'image/x-xcf',
  'misc/xfig325.eps': 'application/eps',
  ...byDir(
    'bad',
    'image/png',
    'crasher_bug793470.png pixel-bomb_25200x33300.png png_with_jpg_extension.jpg premature-end.png',
  ),
  ...byDir(
    'bad',
    'image/jpeg',
    'jpeg_with_png_extension.png photo_truncated_half.jpg pixel-bomb_64250x64250_1KB.jpg truncated_skimage.jpg',
  ),
  ...byDir('bad', 'text/csv', 'csv_latin1_oui_sample.csv csv_ragged_rows.csv csv_utf16le_bom.csv'),
  ...byDir(
    'bad',
    'application/x-empty',
    'empty-file.tga empty.csv empty.jpg empty.json empty.ogg empty.pdf empty.png empty.txt',
  ),
  ...byDir('bad', 'application/gzip', 'gz_truncated.gz svg-too-many-elements.svgz'),
  'bad/html_with_pdf_extension.pdf': 'text/html',
  ...byDir('bad', 'application/json', 'json_utf8_bom.json'),
  // Half a JSON document is no longer JSON: it is reported as the UTF-8 text it is.
  'bad/json_truncated.json': 'text/plain',
  ...byDir(
    'bad',
    'application/xml',
    'kstars-index.docbook.xml xml_billion_laughs.xml xml_truncated.xml xml_xxe_external_entity.xml',
  ),
  'bad/ogg_truncated_40pct.oga': 'audio/ogg',
  ...byDir('bad', 'application/pdf', 'pdf_encrypted_userpw_secret.pdf pdf_truncated_60pct.pdf'),
  ...byDir('bad', 'text/plain', 'text_with_mp3_extension.mp3 text_with_png_extension.png'),
  ...byDir('bad', 'application/yaml', 'yaml_alias_bomb.yaml yaml_tab_indented.yaml'),
  'bad/zip_truncated.zip': 'application/zip',
  // Derived with LibreOffice: the corpus has no real Office files.
  'misc/debian-reference-ch08.en.docx':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'data/csv/statsmodels-statecrime.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// The manifest says these disagree with their names; every other file is named honestly.
const misnamed = new Set([
  'bad/html_with_pdf_extension.pdf',
  'bad/jpeg_with_png_extension.png',
  'bad/png_with_jpg_extension.jpg',
  'bad/text_with_mp3_extension.mp3',
  'bad/text_with_png_extension.png',
  // Zero bytes cannot be an image, a PDF or audio.
  'bad/empty-file.tga',
  'bad/empty.jpg',
  'bad/empty.ogg',
  'bad/empty.pdf',
  'bad/empty.png',
]);

interface Row {
  path: string;
  text: string;
}

function manifestRows(dir: string): Map<string, Row> {
  const rows = new Map<string, Row>();
  let section = '';
  for (const line of readFileSync(join(dir, 'MANIFEST.md'), 'utf8').split('\n')) {
    if (line.startsWith('## ')) section = line;
    const match = /^\| `([^`]+)` \|/.exec(line);
    if (match?.[1]) rows.set(match[1], { path: match[1], text: `${section} ${line}` });
  }
  return rows;
}

/** The row's own words, plus those of the file it is a byte copy of. */
function manifestWordsFor(row: Row, rows: Map<string, Row>): string {
  const source = /derived from `([^`]+)`/.exec(row.text)?.[1];
  const copy = source && /byte copy/.test(row.text) ? rows.get(source)?.text : '';
  return `${row.text} ${copy ?? ''}`;
}

describe('file detection over the repository corpus (fixtures/corpus)', () => {
  const rows = manifestRows(corpusDir);

  it('has a MANIFEST row for every file, and an expectation for every row, in the MANIFEST’s own words', () => {
    const files = readdirSync(corpusDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !['MANIFEST.md', 'SHA256SUMS'].includes(entry.name))
      .map((entry) => relative(corpusDir, join(entry.parentPath, entry.name)));
    expect(files.sort()).toEqual([...rows.keys()].sort());
    expect(Object.keys(expected).sort()).toEqual([...rows.keys()].sort());
    const disagreements = [...rows.values()]
      .filter((row) => !(manifestWords[expected[row.path] ?? '']?.test(manifestWordsFor(row, rows)) ?? false))
      .map((row) => `${row.path} as ${expected[row.path]}`);
    expect(disagreements).toEqual([]);
  });

  it.each([...rows.keys()])('%s', async (path) => {
    const data = readFileSync(join(corpusDir, path));
    const result = await detectFileType(data, { name: basename(path) });
    expect(result.mime).toBe(expected[path]);
    expect(result.mismatch, 'mismatch').toBe(misnamed.has(path));
    if (result.isText) expect(result.encoding).toMatch(/^(ASCII|UTF-8|UTF-16LE|ISO-8859-1)$/);
  });

  it('takes 100,000 levels of nested arrays (generated, not kept) for JSON', async () => {
    const result = await detectFileType(nestedJsonArrays(100_000), { name: 'deep.json' });
    expect(result.mime).toBe('application/json');
    expect(result.mismatch).toBe(false);
  });
});
