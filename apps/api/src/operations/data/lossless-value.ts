/** JSON's number grammar: no leading zeros, no hex, no leading "+" or ".". */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A text cell typed only when nothing is lost: an empty cell is null, "true"/"false" are
 * booleans, and a number only when it prints back as exactly the same text and, for integers,
 * is exact in a double. So "01234", "0x1F", "1.0", "1e3", " 7", "TRUE" and integers beyond 2^53
 * stay strings.
 *
 * @example [losslessValue('42'), losslessValue('042'), losslessValue('9007199254740993')] // [42, '042', '9007199254740993']
 */
export function losslessValue(text: string): string | number | boolean | null {
  if (text === '') return null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (!JSON_NUMBER.test(text)) return text;
  const number = Number(text);
  if (String(number) !== text) return text;
  if (Number.isInteger(number) && !Number.isSafeInteger(number)) return text;
  return number;
}
