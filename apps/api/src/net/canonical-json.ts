/*
 * Canonical JSON for cache keys: object keys sorted at every depth, so equal fields give equal text
 * whatever their order.
 */

/** JSON with object keys sorted at every depth, so equal fields give equal text whatever their order. */
export function canonicalJson(value: unknown): string {
  return canonical(value) ?? 'null';
}

/** An object or array being written: its members in order, how many are written. */
interface Frame {
  array: boolean;
  items: [string, unknown][];
  next: number;
  written: number;
}

/** A value's text, or the frame to write it in when it is an object or array (toJSON applied). */
function open(value: unknown): string | undefined | Frame {
  let v = value;
  while (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    v = (v as { toJSON: () => unknown }).toJSON();
  }
  if (typeof v === 'bigint') return JSON.stringify(v.toString());
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return { array: true, items: v.map((item) => ['', item]), next: 0, written: 0 };
  const record = v as Record<string, unknown>;
  const items = Object.keys(record)
    .sort()
    .map((name): [string, unknown] => [name, record[name]]);
  return { array: false, items, next: 0, written: 0 };
}

/**
 * Written token by token with a stack of its own, not by recursion or by joining each level's
 * text: fields nested thousands deep (a JSON body an operation will refuse with 422) cost time in
 * proportion to their size here, and never overflow the call stack.
 */
function canonical(root: unknown): string | undefined {
  const first = open(root);
  if (typeof first !== 'object') return first;
  const out: string[] = [first.array ? '[' : '{'];
  const stack: Frame[] = [first];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const item = top.items[top.next];
    if (!item) {
      stack.pop();
      out.push(top.array ? ']' : '}');
      continue;
    }
    top.next += 1;
    const [name, child] = item;
    const opened = open(child);
    // JSON.stringify's rule: an undefined member is left out of an object, null in an array.
    if (opened === undefined && !top.array) continue;
    if (top.written++ > 0) out.push(',');
    if (!top.array) out.push(`${JSON.stringify(name)}:`);
    if (typeof opened === 'object') {
      out.push(opened.array ? '[' : '{');
      stack.push(opened);
    } else out.push(opened ?? 'null');
  }
  return out.join('');
}
