""" "My matches": every match under way of a signed-in person, with whose turn it is and by
when, their own turns first (:mod:`.service`), over REST (:mod:`.routes`)."""
