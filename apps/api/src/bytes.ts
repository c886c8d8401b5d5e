/**
 * A Buffer over the same memory as a byte array, without a copy: what crosses from a worker thread
 * or a library is a plain Uint8Array, and Node's APIs (Buffer methods, Fastify's send, streams)
 * want a Buffer.
 *
 * @example bufferView(new TextEncoder().encode('hi')).toString('base64') // 'aGk='
 */
export function bufferView(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
