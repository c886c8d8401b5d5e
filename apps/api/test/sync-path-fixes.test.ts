import { parse as parseDisposition } from 'content-disposition/index.js';
import { parse as parseLossless } from 'lossless-json';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers/fixtures.js';
import { expectContractError, listeningServer, sendFile, sendJson } from './helpers/http-client.js';

/*
 * Issue 39's synchronous-path fixes over a real socket: a part's filename* wins over its filename
 * (RFC 6266), and YAML → JSON keeps numbers JSON can write and refuses tags it does not know, on
 * data/yaml-to-json and on files/convert alike.
 */

const server = listeningServer();

describe('a form part with both filename and filename*', () => {
  const cat = fixture('images/chelsea_cat_451x300.png');

  async function resize(disposition: string) {
    const boundary = 'b0undary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: image/png\r\n\r\n`),
      cat,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="width"\r\n\r\n30\r\n--${boundary}--\r\n`,
      ),
    ]);
    return fetch(`${server.base}/api/v1/images/resize`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(payload),
    });
  }

  it.each([
    [
      'filename* first',
      `form-data; name="image"; filename*=UTF-8''%E2%82%AC-rates.png; filename="EUR-rates.png"`,
    ],
    [
      'filename* last',
      `form-data; name="image"; filename="EUR-rates.png"; filename*=UTF-8''%E2%82%AC-rates.png`,
    ],
  ])('names the download after filename* (%s)', async (_, disposition) => {
    const res = await resize(disposition);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(30);
    const header = res.headers.get('content-disposition') ?? '';
    expect(parseDisposition(header).parameters.filename).toBe('€-rates-resize.png');
  });
});

describe('YAML → JSON numbers', () => {
  const yaml = 'huge: 1e400\nlong: 12345678901234567890\nprecise: 0.1000000000000000000000001\n';

  it('writes 1e400 and 20-digit integers as those numbers on data/yaml-to-json', async () => {
    const data = await sendJson(server.base, '/data/yaml-to-json', { yaml });
    expect(data.status).toBe(200);
    expect(data.text).toBe(
      '{\n  "huge": 1e400,\n  "long": 12345678901234567890,\n  "precise": 0.1000000000000000000000001\n}',
    );
    // Read back without doubles: each value is a number whose text is what the YAML wrote.
    const read = parseLossless(data.text) as Record<string, { isLosslessNumber?: boolean; value: string }>;
    expect(
      Object.fromEntries(Object.entries(read).map(([k, v]) => [k, [v.isLosslessNumber, v.value]])),
    ).toEqual({
      huge: [true, '1e400'],
      long: [true, '12345678901234567890'],
      precise: [true, '0.1000000000000000000000001'],
    });
  });

  it('writes them the same way on files/convert', async () => {
    const converted = await sendFile(server.base, '/files/convert', Buffer.from(yaml), 'numbers.yaml', {
      to: 'json',
    });
    expect(converted.status).toBe(200);
    expect(converted.text).toBe(
      '{\n  "huge": 1e400,\n  "long": 12345678901234567890,\n  "precise": 0.1000000000000000000000001\n}\n',
    );
  });
});

describe('YAML → JSON unknown tags', () => {
  const message =
    'The YAML uses the unknown tag !custom at line 2, column 7: JSON has no type for it. Remove the tag to keep the value as written.';
  const yaml = 'name: app\nport: !custom 8080\n';

  it('refuses !custom with 422 naming the tag, as JSON and as a file', async () => {
    expectContractError(
      await sendJson(server.base, '/data/yaml-to-json', { yaml }),
      422,
      'UNPROCESSABLE_FILE',
      message,
    );
    expectContractError(
      await sendFile(server.base, '/data/yaml-to-json', Buffer.from(yaml), 'app.yaml'),
      422,
      'UNPROCESSABLE_FILE',
      message,
    );
  });

  it('refuses it on files/convert too', async () => {
    const converted = await sendFile(server.base, '/files/convert', Buffer.from(yaml), 'app.yaml', {
      to: 'json',
    });
    expectContractError(converted, 422, 'UNPROCESSABLE_FILE', message);
  });
});
