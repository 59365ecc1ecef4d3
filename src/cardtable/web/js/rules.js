// A game's rules, as the server writes them.
import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { markdown } from "./markdown.js";

export function rulesPage(main, game) {
  let gone = false;
  fill(main, h("p", { class: "muted" }, "Loading the rules…"));
  api.game(game).then(
    (info) => {
      if (!gone) fill(main, h("h1", {}, `${info.title}: the rules`), markdown(info.rules), h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    },
    (error) => {
      if (!gone) fill(main, h("h1", {}, "No such game"), h("p", { role: "alert" }, error.message));
    },
  );
  return () => {
    gone = true;
  };
}
