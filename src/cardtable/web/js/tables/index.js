// Which table draws which game: cardtable's own games' tables (their explicit registry), the
// tables plug-in games bring (modules the server serves from the plug-in's package, named by
// the game's `table`), and the generic table for any other game. Every table module has the
// same interface: its default export makes the table, `(container, ctx) => Table`.
import { api } from "../api.js";
import { genericTable } from "./generic.js";
import karataTable from "./karata.js";
import tcgTable from "./tcg.js";
import warTable from "./war.js";

const OWN = { war: warTable, karata: karataTable, tcg: tcgTable };
const added = new Map();

let loading = null;

/** Settles once the plug-in games' tables are loaded (or failed to: those games are drawn by
 * the generic table, and the console says why). A page asks before it draws a table; the
 * games are asked for once, the first time. */
export function tablesReady() {
  loading ||= api.games().then(
    (games) => Promise.all(games.filter((game) => game.table && !OWN[game.name]).map(async (game) => {
      try {
        const made = (await import(game.table)).default;
        if (typeof made !== "function") throw new Error("its module has no default export that makes a table");
        added.set(game.name, made);
      } catch (error) {
        console.warn(`the table of ${game.name} did not load (${error.message}): the generic table draws it`);
      }
    })),
    () => { loading = null; }, // the server away: ask again next time; meanwhile the generic table
  );
  return loading;
}

export function tableFor(game) {
  return OWN[game] || added.get(game) || genericTable;
}
