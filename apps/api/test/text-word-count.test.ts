import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { expectError, makeApp } from './helpers/app.js';
import { postFile, postJson } from './helpers/data-requests.js';
import { fixture } from './helpers/fixtures.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

const zeros = {
  words: 0,
  sentences: 0,
  paragraphs: 0,
  uniqueWords: 0,
  averageWordLength: 0,
  readingTimeSeconds: 0,
  speakingTimeSeconds: 0,
  topWords: [],
};

describe('POST /text/word-count', () => {
  it('counts words, characters, sentences, paragraphs and the top words', async () => {
    const res = await postJson(app, '/text/word-count', { text: 'Hello world. Hello again!\n\nBye 👋🏽.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Counted 5 words.',
      data: {
        words: 5,
        characters: 33,
        charactersNoSpaces: 27,
        sentences: 3,
        paragraphs: 2,
        lines: 3,
        uniqueWords: 4,
        averageWordLength: 4.6,
        readingTimeSeconds: 1,
        speakingTimeSeconds: 2,
        topWords: [
          { word: 'hello', count: 2 },
          { word: 'world', count: 1 },
          { word: 'again', count: 1 },
          { word: 'bye', count: 1 },
        ],
      },
    });
  });

  it('counts Chinese and Japanese words from uploaded files', async () => {
    const zh = await postFile(app, '/text/word-count', fixture('text/tang300-poems.zh.txt'), {}, 'tang.txt');
    const data = zh.json().data;
    expect(data.words).toBeGreaterThan(2539);
    expect(data.characters).toBeLessThan(fixture('text/tang300-poems.zh.txt').length);
  });

  it('gives zeros for empty and blank text, not an error', async () => {
    expect((await postJson(app, '/text/word-count', { text: '' })).json().data).toEqual({
      ...zeros,
      characters: 0,
      charactersNoSpaces: 0,
      lines: 0,
    });
    expect((await postJson(app, '/text/word-count', { text: '  \n\t ' })).json().data).toEqual({
      ...zeros,
      characters: 5,
      charactersNoSpaces: 0,
      lines: 2,
    });
  });

  it('asks for the text when there is neither text nor a file, and refuses a wrong type', async () => {
    const missing = expectError(
      await postJson(app, '/text/word-count', {}),
      400,
      'VALIDATION_ERROR',
      'Send the text as "text" in a JSON body, or upload it as a file in the field "file".',
    );
    expect(missing.details).toEqual([{ field: 'text', message: missing.message }]);
    const wrong = expectError(
      await postJson(app, '/text/word-count', { text: 42 }),
      400,
      'VALIDATION_ERROR',
      'text must be a string.',
    );
    expect(wrong.details).toEqual([{ field: 'text', message: 'text must be a string.' }]);
  });
});
