"""Research environments: every game as a PettingZoo, Gymnasium and OpenSpiel environment.

Behind the optional extra ``cardtable[research]``; nothing else in cardtable imports this
package. The same game definitions the terminal plays become environments here, with no
second implementation of any rule: an :mod:`encoding <cardtable.envs.encoding>` numbers
the decisions and turns a seat's view into a vector. Every registered game has one: its own
(ours, or a plug-in's through the ``cardtable.encodings`` entry-point group), else the
:mod:`generic encoding <cardtable.envs.generic>`.

>>> table = env("karata", {"players": 3})
>>> table.reset(seed=0)
>>> table.possible_agents
['player_0', 'player_1', 'player_2']

The OpenSpiel adapter lives in :mod:`cardtable.envs.openspiel` (importing it registers the
games with ``pyspiel``).
"""

from cardtable.envs.aec import CardtableEnv, env
from cardtable.envs.encoding import Encoding, EncodingError
from cardtable.envs.encodings import encoding_for, games, resolve

__all__ = ["CardtableEnv", "Encoding", "EncodingError", "encoding_for", "env", "games", "resolve"]
