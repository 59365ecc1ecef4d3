// A small reader of the rules' Markdown into elements: headings, paragraphs, lists, code,
// tables, **bold**, *emphasis* and `code`. Everything becomes text nodes, never markup.
import { h } from "./dom.js";

function inline(text) {
  const out = [];
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)]+\))/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const token = m[0];
    if (token.startsWith("`")) out.push(h("code", {}, token.slice(1, -1)));
    else if (token.startsWith("**")) out.push(h("strong", {}, token.slice(2, -2)));
    else if (token.startsWith("[")) out.push(token.slice(1, token.indexOf("]")));
    else out.push(h("em", {}, token.slice(1, -1)));
    last = m.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function markdown(source) {
  const root = h("div", { class: "markdown" });
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
    } else if (line.startsWith("```")) {
      const body = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) body.push(lines[i]);
      i++;
      root.appendChild(h("pre", {}, h("code", {}, body.join("\n"))));
    } else if (/^#{1,6} /.test(line)) {
      const level = Math.min(6, line.indexOf(" ") + 1);
      root.appendChild(h(`h${level}`, {}, inline(line.replace(/^#+ /, ""))));
      i++;
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const ordered = /^\s*\d+\. /.test(line);
      const list = h(ordered ? "ol" : "ul");
      while (i < lines.length && lines[i].trim() && (/^\s*([-*]|\d+\.) /.test(lines[i]) || /^\s{2,}/.test(lines[i]))) {
        if (/^\s*([-*]|\d+\.) /.test(lines[i])) {
          list.appendChild(h("li", {}, inline(lines[i].replace(/^\s*([-*]|\d+\.) /, ""))));
        } else {
          list.lastChild?.append(" ", ...inline(lines[i].trim()));
        }
        i++;
      }
      root.appendChild(list);
    } else if (line.startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith("|"); i++) {
        if (/^\|[\s:|-]+\|$/.test(lines[i])) continue;
        rows.push(lines[i].slice(1, -1).split("|").map((c) => c.trim()));
      }
      const [head, ...body] = rows;
      root.appendChild(h("div", { class: "scroll" }, h("table", {},
        h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, inline(c))))),
        h("tbody", {}, body.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c)))))))));
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() && !/^(#{1,6} |```|\||\s*([-*]|\d+\.) )/.test(lines[i])) {
        para.push(lines[i].trim());
        i++;
      }
      root.appendChild(h("p", {}, inline(para.join(" "))));
    }
  }
  return root;
}
