// The floor base64 decode over HTTP is compared with (bench/operations/cases/data.ts): a bare
// node:http server that reads the POSTed text whole, decodes it with Buffer.from(text, 'base64')
// and answers the bytes. No framework, no multipart, no validation, no worker thread.
// Prints the port it listens on (chosen by the system), then serves until it is killed.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const bytes = Buffer.from(Buffer.concat(chunks).toString('utf8'), 'base64');
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
    response.end(bytes);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : '');
});
