// Small DOM helpers: elements and SVG built from plain calls, no framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children, svg) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    // through the CSSOM: the Content-Security-Policy refuses style attributes
    else if (k === "style") el.style.cssText = String(v);
    else if (!svg && k in el && typeof v !== "string" && k !== "style") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child, [more]). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

/** An SVG element, like h. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

/** An <svg> picture with a viewBox; `label` makes it an image with that name, else decorative. */
export function svg(width, height, label, ...children) {
  const attrs = { viewBox: `0 0 ${width} ${height}`, width, height, class: "pic" };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  return s("svg", attrs, label ? s("title", {}, label) : null, ...children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Replace the children of `el`. */
export function put(el, ...children) {
  clear(el);
  return fill(el, {}, children, false);
}

/** A word for an amount of something: plural("card", 2) -> "2 cards". */
export function plural(word, n) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** "a, b and c". */
export function listWords(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A snake_case or kebab-case word as text: "fixed_price" -> "fixed price". */
export function words(key) {
  return String(key).replace(/[_-]+/g, " ");
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A labelled section of a board. */
export function panel(title, ...children) {
  const id = `p${Math.random().toString(36).slice(2, 9)}`;
  return h("section", { class: "panel", "aria-labelledby": id }, h("h3", { id }, title), ...children);
}

/** A row of pictures (cards, tiles) that wraps. */
export function row(cls, ...items) {
  return h("div", { class: `row ${cls || ""}` }, ...items);
}

/** Go to another page of the app now: the router runs in this task, before the browser paints
 * the page being left (setting location.hash would route a task later, after that paint). */
export function go(hash) {
  const from = location.href;
  history.pushState(null, "", hash);
  window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL: from, newURL: location.href }));
}
