// Which table draws which game; any other game gets the generic one.
import { genericTable } from "./generic.js";
import { karataTable } from "./karata.js";
import { tcgTable } from "./tcg.js";
import { warTable } from "./war.js";

const TABLES = { war: warTable, karata: karataTable, tcg: tcgTable };

export function tableFor(game) {
  return TABLES[game] || genericTable;
}
