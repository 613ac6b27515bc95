// Times for people: "just now", "5 min ago", a date; a clock's seconds as "2:05".

/** How long ago Unix time `t` was. */
export function ago(t) {
  const s = Math.max(0, Date.now() / 1000 - t);
  if (s < 90) return "just now";
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 129600) return `${Math.round(s / 3600)} h ago`;
  return new Date(t * 1000).toLocaleDateString();
}

/** Seconds as m:ss (h:mm:ss from an hour). */
export function clockText(seconds) {
  const t = Math.max(0, Math.ceil(seconds));
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(t % 60)}` : `${m}:${two(t % 60)}`;
}

/** A move's time limit in words: "3 min a move", "45 s a move". */
export function perMove(seconds) {
  if (!seconds) return "no move clock";
  return seconds % 60 === 0 ? `${seconds / 60} min a move` : `${seconds} s a move`;
}
