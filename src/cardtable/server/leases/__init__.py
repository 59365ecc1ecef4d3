"""Named leases: which server process does a piece of shared work for a while (see
:mod:`.store`)."""
