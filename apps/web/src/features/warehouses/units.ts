/** Cubic metres with one decimal and a point, like the rand amounts beside them ("1 250.5 m³"). */
export function cubicMetres(value: number, digits = 1): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}\u00a0m³`;
}
