import { execFileSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { describe, expect, it } from 'vitest';
import { makeCfb, makeDocx, makeXlsx, makeZip, paragraph } from '../test-support/fixtures.js';
import { detectFileType } from './detect.js';
import { sampleText } from './encoding.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('encodings', () => {
  it('takes a UTF-16LE text with a BOM for text, not for MP3 (file-type’s guess)', async () => {
    const data = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name,score\nÅsa,3\n', 'utf16le')]);
    const result = await detectFileType(data, { name: 'scores.csv' });
    expect(result).toMatchObject({ mime: 'text/csv', encoding: 'UTF-16LE', isText: true, mismatch: false });
  });

  it('reads UTF-16BE with a BOM and UTF-8 with a BOM', () => {
    const be = Buffer.from('hello world', 'utf16le').swap16();
    expect(sampleText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toMatchObject({
      encoding: 'UTF-16BE',
      text: 'hello world',
    });
    expect(sampleText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"a":1}')]))).toMatchObject({
      encoding: 'UTF-8',
      bom: true,
      text: '{"a":1}',
    });
  });

  it('calls pure ASCII ASCII (chardet says ISO-8859-1) and non-ASCII UTF-8 UTF-8', () => {
    expect(sampleText(utf8('plain words'))?.encoding).toBe('ASCII');
    expect(sampleText(utf8('naïve café'))?.encoding).toBe('UTF-8');
  });

  it('recognises a short Shift-JIS text (chardet alone says windows-1252)', () => {
    const sjis = Buffer.from([
      0x82, 0xb1, 0x82, 0xf1, 0x82, 0xc9, 0x82, 0xbf, 0x82, 0xcd, 0x90, 0xa2, 0x8a, 0x45,
    ]); // こんにちは世界
    const sample = sampleText(sjis);
    expect(sample?.encoding).toBe('Shift_JIS');
    expect(sample?.text).toBe('こんにちは世界');
  });

  it('recognises Latin-1 text (and windows-1252 when it uses 0x80–0x9F)', () => {
    const latin1 = Buffer.from('Le café est très chaud, déjà prêt pour vous. Merci beaucoup.', 'latin1');
    expect(sampleText(latin1)?.encoding).toBe('ISO-8859-1');
    const quotes = Buffer.concat([latin1, Buffer.from([0x20, 0x93, 0x6f, 0x6b, 0x94])]);
    expect(sampleText(quotes)?.encoding).toBe('windows-1252');
  });

  it('keeps a multi-byte character cut by the sample end from making text binary', () => {
    const text = utf8(`${'a'.repeat(9)}é${'b'.repeat(10)}`);
    expect(sampleText(text, 10)?.encoding).toBe('ASCII');
  });

  it('calls bytes with NULs or many control characters binary', () => {
    expect(sampleText(Buffer.from([0x41, 0x00, 0x42, 0x43, 0x01, 0x02]))).toBeUndefined();
    expect(sampleText(Buffer.from('abc\u0001\u0002\u0003\u0004\u0005def'))).toBeUndefined();
  });
});

describe('text kinds', () => {
  const kind = async (text: string, name?: string) => (await detectFileType(utf8(text), { name })).mime;

  it.each([
    ['{"a": [1, 2]}', 'application/json'],
    ['<?xml version="1.0"?><feed><entry/></feed>', 'application/xml'],
    ['<!DOCTYPE html><html><body><p>Hi</p></body></html>', 'text/html'],
    ['<div class="x">fragment</div>', 'text/html'],
    ['<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect/></svg>', 'image/svg+xml'],
    ['#!/bin/bash\necho hi\n', 'text/x-shellscript'],
    ['#!/usr/bin/env python3\nprint(1)\n', 'text/x-python'],
    ['import os\n\ndef main():\n    return os.getcwd()\n', 'text/x-python'],
    ['#include <stdio.h>\nint main(void) {\n  printf("x");\n  return 0;\n}\n', 'text/x-c'],
    ["import { x } from './x.js';\nexport const y = x + 1;\n", 'text/javascript'],
    ['# Title\n\nSome *text* with a [link](https://example.com).\n\n- one\n- two\n', 'text/markdown'],
    ['name,age,city\nAda,36,London\nAlan,41,Wilmslow\n', 'text/csv'],
    ['a;b;c\n1;2;3\n4;5;6\n', 'text/csv'],
    ['id\tname\n1\tx\n2\ty\n', 'text/tab-separated-values'],
    ['server:\n  host: example.org\n  port: 8080\nusers:\n  - ada\n', 'application/yaml'],
    ['It was a bright cold day in April, and the clocks were striking thirteen.\n', 'text/plain'],
  ])('%j is %s', async (text, mime) => {
    expect(await kind(text)).toBe(mime);
  });

  it('does not take a truncated JSON document for JSON', async () => {
    expect(await kind('{"a": [1, 2, {"b": "unfinished')).toBe('text/plain');
  });

  it('names plain text by a text extension only when the content cannot tell (detectedBy extension)', async () => {
    const result = await detectFileType(utf8('just words here\n'), { name: 'notes.md' });
    expect(result).toMatchObject({ mime: 'text/markdown', detectedBy: 'extension', mismatch: false });
  });
});

describe('binary formats', () => {
  it('tells old Word, Excel and PowerPoint files apart by their streams', async () => {
    expect((await detectFileType(makeCfb('WordDocument'))).mime).toBe('application/msword');
    expect((await detectFileType(makeCfb('Workbook'))).mime).toBe('application/vnd.ms-excel');
    expect((await detectFileType(makeCfb('PowerPoint Document'))).mime).toBe('application/vnd.ms-powerpoint');
    const other = await detectFileType(makeCfb('Something'));
    expect(other).toMatchObject({ mime: 'application/x-cfb', category: 'document' });
  });

  it('recognises DOCX and XLSX, and a zip renamed .docx as a mismatch', async () => {
    const docx = await detectFileType(await makeDocx(paragraph('Hello')), { name: 'a.docx' });
    expect(docx).toMatchObject({ extension: 'docx', category: 'document', mismatch: false });
    const xlsx = await detectFileType(await makeXlsx({ S: [[1, 2]] }), { name: 'a.xlsx' });
    expect(xlsx).toMatchObject({ extension: 'xlsx', category: 'document', mismatch: false });
    const zip = await detectFileType(await makeZip({ 'photo.txt': 'not a document' }), {
      name: 'report.docx',
    });
    expect(zip).toMatchObject({ mime: 'application/zip', category: 'archive', mismatch: true });
  });

  it('answers an empty file without error, and flags it when named as a binary format', async () => {
    const empty = await detectFileType(Buffer.alloc(0), { name: 'photo.png', mime: 'image/png' });
    expect(empty).toMatchObject({ mime: 'application/x-empty', category: 'other', mismatch: true });
    expect((await detectFileType(Buffer.alloc(0), { name: 'notes.txt' })).mismatch).toBe(false);
  });

  it('reports the declared name and media type, and a disagreeing media type as a mismatch', async () => {
    const html = utf8('<!doctype html><title>x</title>');
    const result = await detectFileType(html, { name: 'invoice.PDF', mime: 'application/pdf' });
    expect(result).toMatchObject({
      mime: 'text/html',
      declaredExtension: 'pdf',
      declaredMime: 'application/pdf',
      mismatch: true,
    });
    const honest = await detectFileType(html, { name: 'page.htm', mime: 'text/html; charset=utf-8' });
    expect(honest.mismatch).toBe(false);
    const generic = await detectFileType(html, { name: 'page.html', mime: 'application/octet-stream' });
    expect(generic.mismatch).toBe(false);
  });

  it('says unknown binary data is unknown, without blaming a name it cannot check', async () => {
    const noise = Buffer.from([0x00, 0x13, 0x37, 0x00, 0xfe, 0x01, 0x00, 0x99]);
    expect(await detectFileType(noise, { name: 'data.bin' })).toMatchObject({
      mime: 'application/octet-stream',
      category: 'other',
      isText: false,
      encoding: null,
      mismatch: false,
    });
    expect((await detectFileType(noise, { name: 'x.png' })).mismatch).toBe(true);
  });

  it('recognises video containers (made here with ffmpeg: the corpus has no video)', async () => {
    const video = (format: string, codec: string) =>
      execFileSync(ffmpeg.path, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=16x16:d=0.2'],
        ...['-c:v', codec, '-movflags', 'frag_keyframe+empty_moov', '-f', format, 'pipe:1'],
      ]);
    expect(await detectFileType(video('mp4', 'mpeg4'), { name: 'clip.mp4' })).toMatchObject({
      mime: 'video/mp4',
      category: 'video',
      mismatch: false,
    });
    expect(await detectFileType(video('matroska', 'mpeg4'), { name: 'clip.mp3' })).toMatchObject({
      mime: 'video/matroska',
      category: 'video',
      mismatch: true,
    });
  });
});

describe('decodeText', () => {
  it('decodes a whole file in the encoding its beginning shows, without the BOM', async () => {
    const { decodeText } = await import('./encoding.js');
    const long = `${'x'.repeat(70_000)}é`;
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(long)]))).toBe(long);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(long, 'utf16le')]);
    expect(decodeText(utf16)).toBe(long);
    expect(decodeText(Buffer.from('café crème, très bien.', 'latin1'))).toBe('café crème, très bien.');
    expect(() => decodeText(Buffer.from([0, 1, 2, 3]))).toThrowError(/not text/);
  });
});
