/**
 * WCAG 2.2 contrast for the colour tests, written out independently of the colour library the app uses
 * (colord): relative luminance from linear sRGB (WCAG 2.2, "relative luminance"), and CSS colours as Tailwind 4
 * writes them (`oklch(L% C H)`, `#rrggbb`, `#fff`) converted with Björn Ottosson's OKLab matrices, clipped to
 * the sRGB gamut as browsers draw them.
 */

/** Linear sRGB channels, 0..1. */
export type LinearRgb = [number, number, number];

/** OKLCH (lightness 0..1, chroma, hue in degrees) → linear sRGB, clipped to the gamut. */
export function oklchToLinearRgb([l, c, h]: [number, number, number]): LinearRgb {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (x: number) => Math.min(1, Math.max(0, x));
  return [
    clip(4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3),
    clip(-1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3),
    clip(-0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3),
  ];
}

/** A CSS colour as Tailwind 4 writes it (`oklch(93% 0.034 272.788)`, `oklch(98.5% 0 none)`, `#rrggbb`, `#fff`) → linear sRGB. */
export function cssToLinearRgb(css: string): LinearRgb {
  // A grey's hue is `none` (no chroma, no hue).
  const ok = /^oklch\(([\d.]+)% ([\d.]+) ([\d.]+|none)\)$/.exec(css);
  if (ok) return oklchToLinearRgb([Number(ok[1]) / 100, Number(ok[2]), ok[3] === 'none' ? 0 : Number(ok[3])]);
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(css)?.[1];
  if (!hex) throw new Error(`not a colour this helper reads: ${css}`);
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  const channel = (i: number) => {
    const v = Number.parseInt(full.slice(2 * i, 2 * i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return [channel(0), channel(1), channel(2)];
}

/** WCAG 2.2 contrast ratio (1..21) of two colours in linear sRGB. */
export function contrast(x: LinearRgb, y: LinearRgb): number {
  const luminance = ([r, g, b]: LinearRgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * How far apart two colours look: the Euclidean distance in OKLab (Ottosson's matrices from linear sRGB).
 * About 0.02 is just noticeable side by side; the palette's hues sit 0.05 and more apart.
 */
export function oklabDistance(x: LinearRgb, y: LinearRgb): number {
  const oklab = ([r, g, b]: LinearRgb) => {
    const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    return [
      0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
      1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
      0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
    ] as const;
  };
  const [p, q] = [oklab(x), oklab(y)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
