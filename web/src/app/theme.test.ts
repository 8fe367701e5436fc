import { ERROR, INTERACTIVE, PAGE_BACKGROUND, PRIMARY, TAG_BACKGROUND, TAG_TEXT, TEXT_PLACEHOLDER, TEXT_SECONDARY } from './theme';

/** WCAG 2 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';
const AA_NORMAL_TEXT = 4.5;

describe('theme colours reach WCAG AA for normal text', () => {
  it.each<[string, string, string]>([
    ['white text on a primary button', WHITE, PRIMARY],
    ['primary text (links styled primary, selected items) on white', PRIMARY, WHITE],
    ['teal link text on white', INTERACTIVE, WHITE],
    ['teal link text on the page background', INTERACTIVE, PAGE_BACKGROUND],
    ['white text on a teal switch or tag', WHITE, INTERACTIVE],
    ['secondary text on white', TEXT_SECONDARY, WHITE],
    ['secondary text on the page background', TEXT_SECONDARY, PAGE_BACKGROUND],
    ['placeholder text in a white field', TEXT_PLACEHOLDER, WHITE],
    ['error text and Delete buttons on white', ERROR, WHITE],
    ['white text on a danger button', WHITE, ERROR],
    ...Object.entries(TAG_TEXT).map(([shade, text]): [string, string, string] => [
      `${shade} tag text on its tag`,
      text,
      TAG_BACKGROUND[shade as keyof typeof TAG_TEXT],
    ]),
  ])('%s', (_, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });
});
