import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectFileType } from './detect.js';

/*
 * Detection of every file of the shared corpus (and of the repo's fixture subset), checked against
 * its MANIFEST: each file's expected type is listed below, the list must name exactly the MANIFEST's
 * files, and each expectation must agree with the MANIFEST's own words about the file (the keyword
 * of its type in the row's section, details or notes, or in the row of the file it is a byte copy of).
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const corpora = [
  { name: 'shared corpus', dir: resolve(repoRoot, '../shared/corpus') },
  { name: 'fixture corpus', dir: resolve(repoRoot, 'fixtures/corpus') },
];

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
    'gdalmdiminfo_output.schema.json iso_3166-1.json iso_4217.json kstars-supernova-catalog.min.json mdn-browser-compat-data.json mdn-css-properties.json mdn-data-package.json python-glossary.json statsmodels-ets-results.json',
  ),
  ...byDir(
    'data/xml',
    'application/xml',
    'cldr-main-ja.xml freedesktop.org.xml gdal-gml_registry.xml gnome-photos-gegl-pipeline.xml iso_3166-1.xml iso_4217.xml opencv-haarcascade_eye.xml osinfo-debian-preseed-jeos.xml serviceproviders.xml xkb-evdev.xml',
  ),
  ...byDir(
    'data/yaml',
    'application/yaml',
    'ansible-base.yml ansible_builtin_runtime.yml faker-en-SG.yml faker-en-tolkien.yml faker-zh-CN.yml netplan-bonding.yaml netplan-wireguard.yaml opencv-brisque_model_live.yml rubocop-default.yml',
  ),
  ...byDir(
    'data/csv',
    'text/csv',
    'gdal-ozi_datum.csv gdal-s57attributes.csv ieee-oui.csv sklearn-breast_cancer.csv sklearn-iris.csv statsmodels-co2.csv statsmodels-fair.csv statsmodels-statecrime.csv unicode-Blocks.txt',
  ),
  'data/csv/tzdata-zone1970.tab': 'text/tab-separated-values',
  ...byDir(
    'text',
    'text/plain',
    'GPL-3.txt debian-reference.en.txt debian-reference.ja.txt debian-reference.zh-cn.txt fortunes-knowledge.ru.txt fortunes-songs-poems.en.txt jargon-file-4.4.7.txt tang300-poems.zh.txt',
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
    'exif_orientation6_panasonic_640x428.jpg grayscale_1band_2560x1600.jpg icc_profile_48x48.jpeg large_honeywave_5120x2880.jpg photo_24mp_after-the-rain_upscaled_6000x3986.jpg photo_after-the-rain_pentaxk7_3000x1993.jpg photo_blinds_canon350d_1920x1200.jpg photo_elephants_3840x2160.jpg photo_freshflower_progressive_1600x1203.jpg photo_ladybird_2560x1600.jpg portrait_flow_720x1440.jpg',
  ),
  ...byDir(
    'images',
    'image/png',
    'alpha_arc-colors-transparent_2140x1200.png alpha_tree-cutout_312x500.png chelsea_cat_451x300.png gray-alpha_stripes_1920x1200.png palette_green_320x240.png photo_drop_pentaxk7_exif_2000x1333.png rgb16_chessboard_200x200.png',
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
  ...byDir('misc', 'application/gzip', 'debian-reference.en.txt.gz gnome-cool.svgz prerex-6.8.0.tar.gz'),
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
  ...byDir('bad', 'application/json', 'json_deeply_nested_100k.json json_utf8_bom.json'),
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
  // Only in the repo's fixture corpus (derived with LibreOffice: the shared corpus has no Office files).
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

for (const corpus of corpora) {
  const present = existsSync(join(corpus.dir, 'MANIFEST.md'));
  describe.skipIf(!present)(`file detection over the ${corpus.name} (${corpus.dir})`, () => {
    const rows = present ? manifestRows(corpus.dir) : new Map<string, Row>();

    it('has an expectation for every MANIFEST file, each in the MANIFEST’s own words', () => {
      const missing = [...rows.keys()].filter((path) => !(path in expected));
      expect(missing).toEqual([]);
      const disagreements = [...rows.values()]
        .filter(
          (row) => !(manifestWords[expected[row.path] ?? '']?.test(manifestWordsFor(row, rows)) ?? false),
        )
        .map((row) => `${row.path} as ${expected[row.path]}`);
      expect(disagreements).toEqual([]);
    });

    it.each([...rows.keys()])('%s', async (path) => {
      const data = readFileSync(join(corpus.dir, path));
      const result = await detectFileType(data, { name: basename(path) });
      expect(result.mime).toBe(expected[path]);
      expect(result.mismatch, 'mismatch').toBe(misnamed.has(path));
      if (result.isText) expect(result.encoding).toMatch(/^(ASCII|UTF-8|UTF-16LE|ISO-8859-1)$/);
    });
  });
  if (!present) {
    it.skip(`${corpus.name}: no MANIFEST.md at ${corpus.dir} (the shared corpus is outside the repo)`, () => {});
  }
}
