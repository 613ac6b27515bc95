// A small line chart of a rating over games, drawn as inline SVG.

import { s } from "./dom.js";

const W = 320;
const H = 110;
const PAD = { left: 34, right: 8, top: 8, bottom: 18 };

/** `points`: ratings oldest first. An <svg> with a line, a dot per game and the range on the side. */
export function ratingChart(points, label) {
  const lo = Math.min(0, ...points);
  const hi = Math.max(1, ...points);
  const x = (i) => PAD.left + (points.length < 2 ? 0.5 : i / (points.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (v - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const path = points.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const last = points[points.length - 1];
  return s(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      class: "rating-chart",
      role: "img",
      "aria-label": `${label}: ${points.length} games, rating now ${last.toFixed(1)}`,
      "data-points": points.length,
    },
    s("title", {}, label),
    s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(0), y2: y(0), class: "chart-zero" }),
    s("text", { x: PAD.left - 4, y: y(hi) + 4, class: "chart-label", "text-anchor": "end" }, hi.toFixed(0)),
    s("text", { x: PAD.left - 4, y: y(lo), class: "chart-label", "text-anchor": "end" }, lo.toFixed(0)),
    s("text", { x: W - PAD.right, y: H - 3, class: "chart-label", "text-anchor": "end" }, `${points.length} games`),
    s("path", { d: path, class: "chart-line" }),
    points.map((v, i) => s("circle", { cx: x(i), cy: y(v), r: 2.5, class: "chart-dot" })),
  );
}
