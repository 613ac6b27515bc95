// Controls for exactly the legal moves of a seat (docs/server-websocket.md, `legal`): a button
// per concrete move or choice, a number input bounded by the legal range for an amount (Enter
// submits), a split editor for `parts`. Anything the game sends is playable, even a kind no
// renderer knows.

import { h } from "./dom.js";

/** Typed amounts and splits survive new states (an open auction moves while you type). */
const drafts = new Map();

export function clearDrafts() {
  drafts.clear();
}

function rangeWords(ranges) {
  const one = ([lo, hi]) => (hi === null ? `${lo} or more` : lo === hi ? `${lo}` : `${lo} to ${hi}`);
  return ranges.map(one).join(", or ");
}

function inRanges(v, ranges) {
  return ranges.some(([lo, hi]) => v >= lo && (hi === null || v <= hi));
}

function parseWhole(text) {
  const t = String(text).trim();
  if (!/^-?\d+$/.test(t)) return null;
  const v = Number(t);
  return Number.isSafeInteger(v) ? v : null;
}

// The largest amount the page sends exactly (a JavaScript number is exact up to 2^53 - 1; a
// Q.E. bid has no upper limit in the rules, but nobody needs more than nine quadrillion)
const LARGEST = Number.MAX_SAFE_INTEGER;
const LARGEST_WORDS = LARGEST.toLocaleString("en-US"); // "9,007,199,254,740,991"

/** What is wrong with the amount typed in `input`, and what would be right; null when it may
 * be sent. */
function amountProblem(input, ranges) {
  const t = String(input.value).trim();
  const right = rangeWords(ranges);
  // a number field holds "" for what is no number at all ("abc", "-")
  if (!t && input.validity.badInput) return `That is not a number: type digits only, ${right}.`;
  if (!t) return `Type an amount: ${right}.`;
  if (!/^-?\d+$/.test(t)) return `“${t.slice(0, 24)}” is not a whole number: type digits only, ${right}.`;
  const v = parseWhole(t);
  if (v === null) {
    const digits = t.replace(/^-?0*/, "").length;
    return t.startsWith("-")
      ? `That is far below what may be bid: ${right}.`
      : `That amount (${digits} digits) is too large: the largest this page takes is ${LARGEST_WORDS}.`;
  }
  if (!inRanges(v, ranges)) return `${v} may not be bid here: ${right}.`;
  return null;
}

/**
 * The controls for `legal` (grouped by kind, in the order the server gives), leaving out the
 * kinds in `claimed`. `send(kind, arg)` sends a move. `key` tells states apart for drafts.
 */
export function controls(legal, view, r, ctx, send, claimed, key) {
  const groups = new Map();
  for (const k of legal) {
    if (claimed.has(k.kind)) continue;
    if (!groups.has(k.kind)) groups.set(k.kind, []);
    groups.get(k.kind).push(k);
  }
  const out = [];
  for (const [kind, entries] of groups) {
    const label = r.kindLabel(kind, view, ctx);
    const plainEntries = entries.filter((e) => !("min" in e) && !e.choices && !e.parts);
    const amounts = entries.filter((e) => "min" in e);
    const choices = entries.filter((e) => e.choices);
    const splits = entries.filter((e) => e.parts);
    if (plainEntries.length) out.push(moveButton(kind, null, { label }, send, "move big"));
    if (amounts.length) out.push(amountForm(kind, label, amounts, send, `${key}/${kind}`));
    for (const c of choices) out.push(choiceGroup(kind, label, c.choices, view, r, ctx, send));
    for (const sp of splits) out.push(splitForm(kind, label, sp, view, r, ctx, send, `${key}/${kind}/split`));
  }
  return out;
}

/** A button that sends one concrete move. */
export function moveButton(kind, arg, content, send, cls = "move") {
  const attrs = {
    type: "button",
    class: cls,
    "data-kind": kind,
    "data-key": `move:${kind}:${arg}`,
    onclick: () => send(kind, arg),
  };
  if (arg !== null) attrs["data-arg"] = JSON.stringify(arg);
  if (content.pic) attrs["aria-label"] = content.label;
  return h("button", attrs, content.pic || null, h("span", { class: "move-label" }, content.label));
}

function choiceGroup(kind, label, values, view, r, ctx, send) {
  return h(
    "fieldset",
    { class: "choices", "data-kind": kind },
    h("legend", {}, label),
    h(
      "div",
      { class: "choice-row" },
      values.map((v) => moveButton(kind, v, r.choice(kind, v, view, ctx), send, "move choice")),
    ),
  );
}

function amountForm(kind, label, entries, send, draftKey) {
  const ranges = entries.map((e) => [e.min, e.max === undefined ? null : e.max]);
  const lo = Math.min(...ranges.map((x) => x[0]));
  const his = ranges.map((x) => x[1]);
  const hi = his.includes(null) ? null : Math.max(...his);
  const id = `amount-${kind}`;
  const hint = h("span", { class: "hint", id: `${id}-hint` }, rangeWords(ranges));
  const error = h("span", { class: "field-error", role: "alert" });
  const input = h("input", {
    id,
    type: "number",
    inputmode: "numeric",
    step: 1,
    min: lo,
    max: hi === null ? null : hi,
    value: drafts.has(draftKey) ? drafts.get(draftKey) : String(ranges[0][0]),
    required: true,
    "aria-describedby": `${id}-hint`,
    "data-key": `amount:${kind}`,
    oninput: () => {
      drafts.set(draftKey, input.value);
      error.textContent = "";
    },
  });
  const form = h(
    "form",
    {
      class: "amount",
      novalidate: true, // the page says what is wrong (below), not the browser's bubble
      "data-kind": kind,
      "data-ranges": JSON.stringify(ranges),
      onsubmit: (ev) => {
        ev.preventDefault();
        const problem = amountProblem(input, ranges);
        if (problem) {
          error.textContent = problem;
          input.focus();
          return;
        }
        drafts.delete(draftKey);
        send(kind, parseWhole(input.value));
      },
    },
    h("label", { for: id }, label),
    h(
      "div",
      { class: "amount-row" },
      input,
      h("button", { type: "submit", class: "move", "data-key": `submit:${kind}` }, label),
    ),
    hint,
    error,
  );
  return form;
}

function splitForm(kind, label, entry, view, r, ctx, send, draftKey) {
  const parts = entry.parts;
  const [tlo, thi] = entry.total;
  const saved = drafts.get(draftKey) || [];
  const inputs = [];
  const total = h("output", { class: "split-total" });
  // what is wrong with the split as typed, said as it is typed (the button alone greying out
  // says nothing)
  const error = h("span", { class: "field-error split-problem", "aria-live": "polite" });
  const submit = h("button", { type: "submit", class: "move", "data-key": `submit:${kind}:split` }, label);
  const values = () => inputs.map((i) => parseWhole(i.value || "0"));
  let typed = saved.length > 0; // a problem is said once the person has typed (the total shows the bounds)
  const problem = () => {
    const vs = values();
    for (let i = 0; i < parts.length; i++) {
      const v = vs[i];
      const [lo, hi] = parts[i];
      if (v === null) return `Part ${i + 1}: a whole number.`;
      if (v !== 0 && (v < lo || v > hi))
        return lo > hi
          ? `${r.partLabel(i, view, ctx).label}: nothing may go here (0).`
          : `${r.partLabel(i, view, ctx).label}: 0, or ${lo === hi ? lo : `${lo} to ${hi}`}.`;
    }
    const sum = vs.reduce((a, b) => a + b, 0);
    if (sum < tlo || (thi !== null && sum > thi))
      return `The total must be ${thi === null ? `at least ${tlo}` : tlo === thi ? tlo : `from ${tlo} to ${thi}`}; it is ${sum}.`;
    return null;
  };
  const refresh = () => {
    const vs = values();
    total.textContent = `Total ${vs.every((v) => v !== null) ? vs.reduce((a, b) => a + b, 0) : "?"} (${thi === null ? `at least ${tlo}` : `${tlo} to ${thi}`})`;
    const p = problem();
    submit.disabled = p !== null;
    error.textContent = (typed && p) || "";
    drafts.set(
      draftKey,
      inputs.map((i) => i.value),
    );
    return p;
  };
  const rows = parts.map(([lo, hi], i) => {
    const id = `split-${kind}-${i}`;
    const content = r.partLabel(i, view, ctx);
    const none = lo > hi;
    const input = h("input", {
      id,
      type: "number",
      inputmode: "numeric",
      step: 1,
      min: 0,
      max: none ? 0 : hi,
      value: saved[i] !== undefined ? saved[i] : "0",
      disabled: none,
      "data-lo": lo,
      "data-hi": hi,
      "data-key": `split:${kind}:${i}`,
      "aria-describedby": `${id}-hint`,
      oninput: () => {
        typed = true;
        refresh();
      },
    });
    inputs.push(input);
    return h(
      "div",
      { class: "split-part" },
      content.pic || null,
      h("label", { for: id }, content.label),
      input,
      h(
        "span",
        { class: "hint", id: `${id}-hint` },
        none ? "nothing (0)" : `0, or ${lo === hi ? lo : `${lo} to ${hi}`}`,
      ),
    );
  });
  const form = h(
    "form",
    {
      class: "split",
      "data-kind": kind,
      "data-total": JSON.stringify(entry.total),
      onsubmit: (ev) => {
        ev.preventDefault();
        const p = problem();
        if (p) {
          error.textContent = p;
          return;
        }
        drafts.delete(draftKey);
        send(kind, values());
      },
    },
    h("fieldset", {}, h("legend", {}, label), rows, h("div", { class: "split-foot" }, total, submit), error),
  );
  refresh();
  return form;
}
