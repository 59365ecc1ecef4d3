// The named card sets a game's ruleset may take (the command line's `--cards legends`): a
// select that writes the chosen set's fields (its cards, a matching deck...) into the rules.
import { h } from "./dom.js";

/**
 * A "Card set" field for the ruleset form `form` of `game` (a GameInfo), or null when the
 * game has no named sets. `sets` come from /api/games/{game}/sets; `changed()` is called
 * once a set's fields are written.
 */
export function setPicker(game, sets, form, changed, idPrefix) {
  if (!sets.length) return null;
  // the form starts at the game's defaults: offer them as a choice unless a set is just that
  const plain = sets.find((s) => !Object.keys(s.ruleset).length);
  const options = plain ? sets : [{ name: "", title: "The game's own cards", description: "", ruleset: {} }, ...sets];
  const id = `${idPrefix}-set`;
  const fields = new Set(sets.flatMap((s) => Object.keys(s.ruleset)));
  const select = h("select", { id, "aria-describedby": `${id}-help` },
    options.map((s) => h("option", { value: s.name }, s.title)));
  const help = h("small", { class: "help", id: `${id}-help` });
  select.value = plain ? plain.name : "";
  const describe = () => {
    const chosen = options.find((s) => s.name === select.value);
    help.textContent = chosen?.description || "";
  };
  select.addEventListener("change", () => {
    const chosen = options.find((s) => s.name === select.value);
    // every field some set changes goes back to its default, then takes the chosen set's
    for (const name of fields) form.set(name, name in chosen.ruleset ? chosen.ruleset[name] : game.default_ruleset[name]);
    describe();
    changed();
  });
  describe();
  return h("div", { class: "field" }, h("label", { for: id }, "Card set"), select, help);
}
