import { themes, type PrismTheme } from 'prism-react-renderer';

// Stock Prism themes put some token colours (comments, punctuation) below WCAG AA contrast on
// their own background. These helpers nudge each failing colour towards black or white until it
// reaches the target ratio, so code stays readable and axe-clean in both colour modes.

type Rgb = [number, number, number];

function parseColor(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(color.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function ensureContrast(color: string, background: Rgb, minimum: number): string {
  let rgb = parseColor(color);
  if (!rgb) return color;
  const target: Rgb = luminance(background) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step < 40 && contrastRatio(rgb, background) < minimum; step += 1) {
    rgb = rgb.map((v, i) => v + (target[i] - v) * 0.08) as Rgb;
  }
  return toHex(rgb);
}

export function accessibleTheme(theme: PrismTheme, minimum = 4.6): PrismTheme {
  const background = parseColor(theme.plain.backgroundColor ?? '#ffffff') ?? [255, 255, 255];
  const fix = (color?: string) => (color ? ensureContrast(color, background, minimum) : color);
  return {
    plain: { ...theme.plain, color: fix(theme.plain.color) },
    styles: theme.styles.map((entry) => ({ ...entry, style: { ...entry.style, color: fix(entry.style.color) } })),
  };
}

export const lightCodeTheme = accessibleTheme(themes.github);
export const darkCodeTheme = accessibleTheme(themes.dracula);
