// Pictures drawn as SVG in the page (nothing downloaded): abstract paintings, card frames,
// card backs and a die. Games draw their cards from these.

import { s, svg } from "./dom.js";

/** A small seeded generator, so the same card always looks the same. */
export function seeded(seed) {
  let a = (seed * 2654435761) >>> 0 || 1;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An abstract painting in the box (x, y, w, h): `colors` [base, light, dark], one of nine
 * `motif`s (an artist's style), varied by `seed` (the work). Clipped to its box.
 */
export function painting(x, y, w, h, colors, motif, seed) {
  const [base, light, dark] = colors;
  const rnd = seeded(seed + 17 * motif + 1);
  const shapes = [s("rect", { x: 0, y: 0, width: 100, height: 100, fill: light })];
  const pick = () => (rnd() < 0.5 ? base : dark);
  switch (motif % 9) {
    case 0: // circles
      for (let i = 0; i < 5; i++)
        shapes.push(
          s("circle", {
            cx: 10 + rnd() * 80,
            cy: 10 + rnd() * 80,
            r: 10 + rnd() * 22,
            fill: pick(),
            "fill-opacity": 0.85,
          }),
        );
      break;
    case 1: // stripes
      for (let i = 0; i < 6; i++)
        shapes.push(
          s("rect", { x: 0, y: i * 17 + rnd() * 6, width: 100, height: 5 + rnd() * 9, fill: pick() }),
        );
      break;
    case 2: // triangles
      for (let i = 0; i < 4; i++) {
        const cx = rnd() * 100;
        const cy = 20 + rnd() * 80;
        const r = 20 + rnd() * 25;
        shapes.push(
          s("polygon", {
            points: `${cx},${cy - r} ${cx - r},${cy + r * 0.7} ${cx + r},${cy + r * 0.7}`,
            fill: pick(),
            "fill-opacity": 0.85,
          }),
        );
      }
      break;
    case 3: // a grid of blocks
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++)
          if (rnd() < 0.7)
            shapes.push(s("rect", { x: 6 + i * 32, y: 6 + j * 32, width: 24, height: 24, fill: pick() }));
      break;
    case 4: // waves
      for (let i = 0; i < 4; i++) {
        const y0 = 15 + i * 22 + rnd() * 6;
        const a = 6 + rnd() * 8;
        shapes.push(
          s("path", {
            d: `M0 ${y0} Q25 ${y0 - a} 50 ${y0} T100 ${y0}`,
            stroke: pick(),
            "stroke-width": 7,
            fill: "none",
          }),
        );
      }
      break;
    case 5: // diagonals
      for (let i = -2; i < 7; i++)
        shapes.push(
          s("rect", {
            x: i * 18,
            y: -20,
            width: 7,
            height: 150,
            fill: pick(),
            transform: `rotate(${20 + rnd() * 10} 50 50)`,
          }),
        );
      break;
    case 6: // nested squares
      for (let i = 0; i < 4; i++) {
        const m = 8 + i * 11 + rnd() * 3;
        shapes.push(
          s("rect", { x: m, y: m, width: 100 - 2 * m, height: 100 - 2 * m, fill: i % 2 ? light : pick() }),
        );
      }
      break;
    case 7: // dots
      for (let i = 0; i < 16; i++)
        shapes.push(
          s("circle", {
            cx: 12 + (i % 4) * 25,
            cy: 12 + Math.floor(i / 4) * 25,
            r: 4 + rnd() * 7,
            fill: pick(),
          }),
        );
      break;
    default: // rays
      for (let i = 0; i < 7; i++) {
        const ang = rnd() * Math.PI * 2;
        shapes.push(
          s("line", {
            x1: 50,
            y1: 55,
            x2: 50 + Math.cos(ang) * 80,
            y2: 55 + Math.sin(ang) * 80,
            stroke: pick(),
            "stroke-width": 6,
          }),
        );
      }
      shapes.push(s("circle", { cx: 50, cy: 55, r: 12, fill: dark }));
  }
  return s("svg", { x, y, width: w, height: h, viewBox: "0 0 100 100", preserveAspectRatio: "none" }, shapes);
}

/** A card: rounded white frame with a coloured border, drawn at (0, 0). */
export function frame(w, h, border, fill = "#fffdf8") {
  return s("rect", {
    x: 1,
    y: 1,
    width: w - 2,
    height: h - 2,
    rx: 6,
    fill,
    stroke: border,
    "stroke-width": 2,
  });
}

export function text(x, y, str, attrs = {}) {
  return s(
    "text",
    {
      x,
      y,
      "text-anchor": "middle",
      "font-size": 9,
      "font-family": "system-ui, sans-serif",
      fill: "#1f2430",
      ...attrs,
    },
    str,
  );
}

/** The back of a card (a hidden card), with an optional count on it. */
export function cardBack(w, h, label, count) {
  return svg(
    w,
    h,
    label,
    frame(w, h, "#1e3a5f", "#2b4f7d"),
    s("rect", {
      x: 6,
      y: 6,
      width: w - 12,
      height: h - 12,
      rx: 4,
      fill: "none",
      stroke: "#e9b824",
      "stroke-width": 1.5,
      "stroke-dasharray": "3 2",
    }),
    count !== undefined
      ? text(w / 2, h / 2 + 4, String(count), {
          "font-size": Math.max(11, Math.min(15, w * 0.45)),
          fill: "#f8f1e3",
          "font-weight": 700,
        })
      : null,
  );
}

/** A die showing `n` pips (1-6). */
export function die(n, size = 36, label) {
  const p =
    {
      1: [[2, 2]],
      2: [
        [1, 1],
        [3, 3],
      ],
      3: [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
      4: [
        [1, 1],
        [3, 1],
        [1, 3],
        [3, 3],
      ],
      5: [
        [1, 1],
        [3, 1],
        [2, 2],
        [1, 3],
        [3, 3],
      ],
      6: [
        [1, 1],
        [3, 1],
        [1, 2],
        [3, 2],
        [1, 3],
        [3, 3],
      ],
    }[n] || [];
  return svg(
    size,
    size,
    label || `a die showing ${n}`,
    s("rect", {
      x: 1,
      y: 1,
      width: size - 2,
      height: size - 2,
      rx: size / 6,
      fill: "#fff",
      stroke: "#1f2430",
      "stroke-width": 1.5,
    }),
    p.map(([i, j]) => s("circle", { cx: (i * size) / 4, cy: (j * size) / 4, r: size / 11, fill: "#1f2430" })),
  );
}
