import { XMLParser } from 'fast-xml-parser';
import { OperationError } from '../errors.js';

/*
 * What an SVG costs to draw is not bounded by its pixel count: librsvg draws a pattern once per
 * tile, a filter over the whole area it covers (again for every strip libvips asks for), and a
 * <use> copies whatever it points to. A few kilobytes of nested patterns or filters keep a core
 * busy for minutes, and the drawing does not stop when the request's time is up (libvips can only
 * stop between strips). So the document is measured before librsvg sees it, and refused when its
 * structure (422) or its cost at the size it would be drawn (413) is beyond what one request may
 * spend.
 *
 * The cost model is deliberately coarse and errs on the side of refusing: it counts elements as
 * <use> and pattern references expand them, pattern tiles as nesting multiplies them, filter
 * primitives by their weight, and masks, then scales by the drawn area. The budgets below allow
 * a few seconds of drawing on one core; the hostile-input tests check that what they refuse is
 * refused and that CPU time stops growing after a timeout.
 */

/** Elements in the file. */
export const maxSvgElements = 20_000;
/** Elements nested inside each other. */
export const maxSvgDepth = 128;
/** Elements and references followed one inside the other (a <use> of a <use> of …). */
const maxReferenceNesting = 512;
/** Elements after <use>, pattern, marker and mask references are expanded. */
export const maxSvgExpandedElements = 100_000;
/*
 * Above about a megapixel, libvips asks librsvg for the picture strip by strip and each strip
 * draws the patterns and filters again, so their cost grows with the square of the area drawn:
 * the work is counted as units × megapixels × max(1, megapixels), and never as less than at a
 * tenth of a megapixel (each pattern or filter has a cost of its own, whatever the size).
 */
/** Pattern paint units (see patternUnits). */
const patternBudget = 500;
/** Weighted filter primitives. */
const filterBudget = 12;
/** Masks and clip paths × megapixels drawn (each is an offscreen surface of the drawn area). */
const maskBudget = 100;

interface Cost {
  elements: number;
  /** Pattern paint units: each fill with a pattern, more for small tiles, nested ones multiplied. */
  tiles: number;
  /** Weighted filter primitives applied. */
  filters: number;
  masks: number;
}

export interface SvgShape extends Cost {
  /** Elements in the file itself (`elements` counts them as references expand them). */
  written: number;
  depth: number;
}

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const zero = (): Cost => ({ elements: 0, tiles: 0, filters: 0, masks: 0 });
const add = (a: Cost, b: Cost, times = 1): void => {
  a.elements += b.elements * times;
  a.tiles += b.tiles * times;
  a.filters += b.filters * times;
  a.masks += b.masks * times;
};

const unprocessable = (sentence: string) => new OperationError('UNPROCESSABLE_FILE', sentence);
const tooDeep = () =>
  unprocessable(`The SVG nests elements more than ${maxSvgDepth} deep, the most we draw.`);

function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@' && !key.startsWith('#') && !key.startsWith('?'));
}

function childrenOf(node: XmlNode, tag: string): XmlNode[] {
  const children = node[tag];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

/** The local name, without a namespace prefix (`svg:pattern` is a pattern too). */
const local = (tag: string) => tag.slice(tag.indexOf(':') + 1);

/** `#id` targets of url(#…) in painting attributes and style, by the property naming them. */
function urlRefs(attrs: Record<string, string>): { property: string; id: string }[] {
  const refs: { property: string; id: string }[] = [];
  const scan = (property: string, value: string) => {
    for (const match of value.matchAll(/url\(\s*['"]?#([^)'"\s]+)/g))
      refs.push({ property, id: match[1] as string });
  };
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'style') {
      for (const declaration of value.split(';')) {
        const colon = declaration.indexOf(':');
        if (colon > 0) scan(declaration.slice(0, colon).trim(), declaration.slice(colon + 1));
      }
    } else {
      scan(name, value);
    }
  }
  return refs;
}

function hrefOf(attrs: Record<string, string>): string | undefined {
  const href = attrs.href ?? attrs['xlink:href'];
  return href?.startsWith('#') ? href.slice(1) : undefined;
}

/** A length as a number; a percentage as a fraction of `whole`. */
function length(value: string | undefined, whole: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number.parseFloat(value);
  if (!Number.isFinite(n)) return undefined;
  return value.trim().endsWith('%') ? (n / 100) * whole : n;
}

/** How much a transform list scales areas (|determinant| of scale() and matrix() parts). */
function areaScale(transform: string | undefined): number {
  if (!transform) return 1;
  let scale = 1;
  for (const [, name, args] of transform.matchAll(/(scale|matrix)\s*\(([^)]*)\)/g)) {
    const n = (args ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (name === 'scale') scale *= Math.abs((n[0] ?? 1) * (n[1] ?? n[0] ?? 1));
    else scale *= Math.abs((n[0] ?? 1) * (n[3] ?? 1) - (n[1] ?? 0) * (n[2] ?? 0));
  }
  return scale;
}

/** How many copies of a marker a path-like element stamps (one per coordinate pair, for marker-mid). */
function vertices(attrs: Record<string, string>): number {
  const data = attrs.d ?? attrs.points ?? '';
  return Math.max(2, Math.ceil((data.match(/-?[\d.]+(?:e-?\d+)?/gi)?.length ?? 0) / 2));
}

/** Largest number in a list attribute such as radius="3 5" (0 when there is none). */
const largest = (value: string | undefined) =>
  Math.max(
    0,
    ...(value ?? '')
      .split(/[\s,]+/)
      .map(Number)
      .filter(Number.isFinite),
  );

/**
 * Cost of a filter primitive relative to a blur (measured with librsvg 2.63: morphology costs
 * about 25 blurs even with a small radius, more with a large one).
 */
const primitiveWeight: Record<string, (attrs: Record<string, string>) => number> = {
  feMorphology: (a) => 25 + largest(a.radius) / 2,
  feConvolveMatrix: (a) => {
    const [x = 3, y = x] = (a.order ?? '3').split(/[\s,]+/).map(Number);
    return Math.max(1, (x * y) / 9);
  },
  feTurbulence: (a) => Math.max(1, Number(a.numOctaves ?? 1) / 4),
  feGaussianBlur: () => 1,
};

/**
 * Measures an SVG document: its depth, and what drawing it costs with every reference expanded.
 * Throws UNPROCESSABLE_FILE for a reference cycle.
 */
export function analyseSvg(data: Buffer): SvgShape {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    parseAttributeValue: false,
    parseTagValue: false,
  });
  let document: XmlNode[];
  try {
    document = parser.parse(data) as XmlNode[];
  } catch (cause) {
    // The parser stops at its own nesting limit before we could count the depth.
    if (cause instanceof Error && /nested/i.test(cause.message)) throw tooDeep();
    throw new OperationError('UNPROCESSABLE_FILE', 'The SVG could not be read: it is not well-formed XML.', {
      cause,
    });
  }
  const ids = new Map<string, XmlNode>();
  const root = { '#root': document } as XmlNode;
  let elements = 0;
  let depth = 0;
  let viewport = { width: 100, height: 100 };
  // Iterative walk: a deep tree must not exhaust the stack before it is measured.
  const stack: { node: XmlNode; level: number }[] = [{ node: root, level: 0 }];
  while (stack.length > 0) {
    const { node, level } = stack.pop() as { node: XmlNode; level: number };
    const tag = node === root ? '#root' : tagOf(node);
    if (!tag) continue;
    if (node !== root) {
      elements += 1;
      depth = Math.max(depth, level);
      const attrs = node[':@'] ?? {};
      if (attrs.id) ids.set(attrs.id, node);
      if (local(tag) === 'svg' && level === 1) {
        const box = (attrs.viewBox ?? '').split(/[\s,]+/).map(Number);
        viewport = {
          width: box[2] || length(attrs.width, 100) || 100,
          height: box[3] || length(attrs.height, 100) || 100,
        };
      }
    }
    if (depth > maxSvgDepth || elements > maxSvgElements) break;
    for (const child of childrenOf(node, tag)) stack.push({ node: child, level: level + 1 });
  }
  if (elements > maxSvgElements || depth > maxSvgDepth) {
    return { written: elements, elements, depth, tiles: 0, filters: 0, masks: 0 };
  }

  const memo = new Map<XmlNode, Cost>();
  const visiting = new Set<XmlNode>();
  // References can chain far deeper than elements nest (a <use> of a <use> of …).
  let nesting = 0;
  const target = (id: string) => ids.get(id);

  /** Tiles a pattern paints over `area` (user units²), from its tile size and transform. */
  function tiles(pattern: XmlNode): number {
    const attrs = pattern[':@'] ?? {};
    const onBox = (attrs.patternUnits ?? 'objectBoundingBox') === 'objectBoundingBox';
    const w = length(attrs.width, onBox ? 1 : viewport.width) ?? 0;
    const h = length(attrs.height, onBox ? 1 : viewport.height) ?? 0;
    const tile = w * h * areaScale(attrs.patternTransform);
    if (tile <= 0) return 1;
    const area = onBox ? 1 : viewport.width * viewport.height;
    return Math.max(1, area / tile);
  }

  function filterWeight(filter: XmlNode): number {
    const tag = tagOf(filter) ?? '';
    let weight = 0;
    for (const primitive of childrenOf(filter, tag)) {
      const name = tagOf(primitive);
      if (!name) continue;
      weight += primitiveWeight[local(name)]?.(primitive[':@'] ?? {}) ?? 1;
    }
    return Math.max(1, weight);
  }

  function cost(node: XmlNode): Cost {
    const known = memo.get(node);
    if (known) return known;
    if (visiting.has(node)) {
      throw unprocessable(
        'The SVG refers to itself (a <use>, pattern or filter cycle), so it cannot be drawn.',
      );
    }
    if (nesting > maxReferenceNesting) {
      throw unprocessable(
        `The SVG's references and elements nest more than ${maxReferenceNesting} deep, the most we draw.`,
      );
    }
    visiting.add(node);
    nesting += 1;
    const tag = tagOf(node) ?? '';
    const attrs = node[':@'] ?? {};
    const total: Cost = { ...zero(), elements: 1 };
    for (const child of childrenOf(node, tag)) if (tagOf(child)) add(total, cost(child));
    const href = hrefOf(attrs);
    const linked = href ? target(href) : undefined;
    // <use> copies its target; a pattern, gradient or filter without content inherits its target's.
    if (linked && (local(tag) === 'use' || childrenOf(node, tag).length === 0)) add(total, cost(linked));
    for (const { property, id } of urlRefs(attrs)) {
      const referenced = target(id);
      if (!referenced) continue;
      const kind = local(tagOf(referenced) ?? '');
      const inner = cost(referenced);
      if (kind === 'pattern') {
        // librsvg draws the pattern's content for every tile: small tiles cost, nesting multiplies.
        const count = tiles(referenced);
        total.elements += inner.elements;
        total.tiles += 1 + count / 100 + count * inner.tiles;
        total.filters += inner.filters;
        total.masks += inner.masks;
      } else if (kind === 'filter') {
        total.filters += filterWeight(referenced);
        add(total, inner);
      } else if (kind === 'mask' || kind === 'clipPath') {
        total.masks += 1;
        add(total, inner);
      } else if (kind === 'marker') {
        add(total, inner, property === 'marker-mid' || property === 'marker' ? vertices(attrs) : 1);
      } else {
        add(total, inner);
      }
    }
    visiting.delete(node);
    nesting -= 1;
    memo.set(node, total);
    return total;
  }

  const total = zero();
  // Definitions are drawn only where they are referenced; everything else is drawn once.
  const drawn = (node: XmlNode): Cost => {
    const tag = tagOf(node) ?? '';
    if (['defs', 'pattern', 'filter', 'mask', 'clipPath', 'marker', 'symbol'].includes(local(tag))) {
      return { ...zero(), elements: 1 };
    }
    const own = { ...cost(node) };
    // A drawn container counts its children as drawn, not as the definitions inside it.
    const children = childrenOf(node, tag).filter((c) => tagOf(c));
    if (children.length > 0) {
      for (const child of children) {
        add(own, cost(child), -1);
        add(own, drawn(child));
      }
    }
    return own;
  };
  for (const node of document) if (tagOf(node)) add(total, drawn(node));
  return { ...total, written: elements, depth };
}

/** One analysis per upload: the probe and the transform both ask. */
const analysed = new WeakMap<Buffer, SvgShape>();

function shapeOf(data: Buffer): SvgShape {
  let shape = analysed.get(data);
  if (!shape) {
    shape = analyseSvg(data);
    analysed.set(data, shape);
  }
  return shape;
}

/** Counts `<` without parsing: more than two per allowed element cannot be within the limit. */
function tagMarks(data: Buffer, stopAfter: number): number {
  let count = 0;
  for (let at = data.indexOf(60); at !== -1 && count <= stopAfter; at = data.indexOf(60, at + 1)) count += 1;
  return count;
}

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Refuses an SVG whose structure alone is too costly (422 UNPROCESSABLE_FILE): too many elements,
 * too deep, references that expand too far, or a reference cycle. librsvg's own parse (the
 * header read) comes first: it refuses entity bombs and external entities with its own sentence.
 */
export function checkSvgStructure(data: Buffer): void {
  if (tagMarks(data, 2 * maxSvgElements + 16) > 2 * maxSvgElements + 16) {
    throw unprocessable(`The SVG has more than ${thousands(maxSvgElements)} elements, the most we draw.`);
  }
  const shape = shapeOf(data);
  if (shape.written > maxSvgElements) {
    throw unprocessable(`The SVG has more than ${thousands(maxSvgElements)} elements, the most we draw.`);
  }
  if (shape.depth > maxSvgDepth) throw tooDeep();
  if (shape.elements > maxSvgExpandedElements) {
    throw unprocessable(
      `The SVG's <use> and pattern references expand to about ${thousands(shape.elements)} elements; ` +
        `the most we draw is ${thousands(maxSvgExpandedElements)}.`,
    );
  }
}

/**
 * Refuses an SVG that would be too costly to draw at `renderPixels` (413 IMAGE_TOO_LARGE, saying
 * what is costly so the client can ask for a smaller size or simplify the file).
 */
export function checkSvgRenderCost(data: Buffer, renderPixels: number): void {
  checkSvgStructure(data);
  const shape = shapeOf(data);
  const mp = Math.max(renderPixels, 1) / 1e6;
  // Below a tenth of a megapixel a filter or pattern costs about the same whatever the size.
  const scale = Math.max(0.1, mp) * Math.max(1, mp);
  const size = `${mp.toFixed(1)} megapixels`;
  const tooLarge = (what: string) =>
    new OperationError(
      'IMAGE_TOO_LARGE',
      `The SVG's ${what} would take too long to draw at ${size}. Ask for a smaller size or simplify the file.`,
    );
  if (shape.tiles * scale > patternBudget) throw tooLarge('patterns');
  if (shape.filters * scale > filterBudget) throw tooLarge('filters');
  if (shape.masks * mp > maskBudget) throw tooLarge('masks and clip paths');
}

/**
 * The pixels libvips draws an SVG at for an output box: sharp renders vectors at the output's
 * scale (never below the intrinsic size here, to stay on the safe side).
 */
export function svgRenderPixels(
  intrinsic: { width: number; height: number },
  box: { width?: number; height?: number; size?: number },
): number {
  const scales = [
    (box.width ?? box.size ?? 0) / intrinsic.width,
    (box.height ?? box.size ?? 0) / intrinsic.height,
  ].filter(Number.isFinite);
  const scale = Math.max(1, ...scales);
  return intrinsic.width * intrinsic.height * scale * scale;
}
