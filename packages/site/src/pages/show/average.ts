/** '4,3': a rating average with one decimal and the Russian comma (the page and the widget's script). */
export function formatAverage(val: number): string {
  return val.toFixed(1).replace('.', ',');
}
