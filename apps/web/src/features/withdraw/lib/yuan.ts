/**
 * Yuan typed in a form → integer cents, without float error: shifting the decimal point in the
 * number's text (12.3 → "12.3e2") avoids 1.005 * 100 = 100.49999….
 */
export function yuanToCents(yuan: number): number {
  return Math.round(Number(`${yuan}e2`));
}
