import { Blob as NodeBlob } from 'node:buffer';

/*
 * jsdom's Blob is not one Node's Response can read (it is stringified); a browser's XMLHttpRequest
 * hands over a Blob its Response takes. Tests that fake XMLHttpRequest answer with these instead.
 */
export const NodeBlobResponse = {
  blob: (parts: (string | Uint8Array)[]) => new NodeBlob(parts) as unknown as Blob,
};
